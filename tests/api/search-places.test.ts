import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import { createListing, createUser } from '../factories';

const titles = (body: any): string[] => body.data.listings.map((l: { title: string }) => l.title).sort();
const searchFor = async (params: Record<string, string>) => {
  const res = await call(`/api/listings?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  return res.body as any;
};

beforeAll(async () => {
  const seller = await createUser({ firstName: 'Farah', lastName: 'Khan' });
  const furniture = { categoryId: 'home-and-garden', subcategoryId: 'home-and-garden-furniture' };
  await createListing(seller, { ...furniture, title: 'Teak sofa set in Gurugram', description: 'Five seater.', city: 'Gurugram' });
  await createListing(seller, { ...furniture, title: 'Leather sofa from Noida', description: 'Three seater.', city: 'Noida' });
  await createListing(seller, { ...furniture, title: 'Fabric sofa, Mumbai', description: 'Two seater.', city: 'Mumbai' });
  await createListing(seller, { ...furniture, title: 'Recliner sofa near Baner', description: 'Single seat.', city: 'Pune', area: 'Baner' });
  await createListing(seller, { ...furniture, title: 'Corner sofa in Kothrud', description: 'L shape.', city: 'Pune', area: 'Kothrud' });
  await createListing(seller, { title: 'Hero Splendor Plus 2019', description: 'Well kept bike.', categoryId: 'vehicles', subcategoryId: 'vehicles-motorcycles', city: 'Bhopal' });
});

describe('GET /api/listings: places and sound-alike spellings in the words (decision 027)', () => {
  it('reads a region as its cities, says so in data.search, and finds nothing outside them', async () => {
    const body = await searchFor({ q: 'sofa ncr' });
    expect(titles(body)).toEqual(['Leather sofa from Noida', 'Teak sofa set in Gurugram']);
    expect(body.data.search).toMatchObject({ relaxed: 'none', interpretedAs: { q: 'sofa', location: 'Delhi NCR' } });
    expect(body.data.search.interpretedAs.cities).toEqual(expect.arrayContaining(['Delhi', 'Gurugram', 'Noida']));
  });

  it('a region with nothing in it widens to India, and says so', async () => {
    const body = await searchFor({ q: 'splendor tricity' });
    expect(titles(body)).toEqual(['Hero Splendor Plus 2019']);
    expect(body.data.search).toMatchObject({ relaxed: 'widerPlace', widenedTo: 'India', interpretedAs: { location: 'Tricity' } });
  });

  it('takes a locality inside the words as the place', async () => {
    const body = await searchFor({ q: 'baner pune sofa' });
    expect(titles(body)).toEqual(['Recliner sofa near Baner']);
    expect(body.data.search.interpretedAs).toMatchObject({ q: 'sofa', location: 'Baner' });
    expect(body.data.search.interpretedAs.cities).toBeUndefined();
  });

  it('reads a Devanagari city name as the place', async () => {
    const body = await searchFor({ q: 'भोपाल splendor' });
    expect(titles(body)).toEqual(['Hero Splendor Plus 2019']);
    expect(body.data.search.interpretedAs).toMatchObject({ location: 'Bhopal' });
  });

  it('corrects a spelling by its sound when letters find nothing ("reklainar" → recliner)', async () => {
    const body = await searchFor({ q: 'reklainar pune' });
    expect(titles(body)).toEqual(['Recliner sofa near Baner']);
    expect(body.data.search).toMatchObject({ relaxed: 'corrected', correctedQuery: 'recliner', interpretedAs: { location: 'Pune' } });
  });
});

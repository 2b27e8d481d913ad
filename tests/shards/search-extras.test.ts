import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { createUser } from '../factories';
import { invalidateListingCaches } from '../../worker/lib/cache';
import { createShardListing, listingsDbs } from './shard-factory';

/**
 * The search's companions over four listings databases (decision 033): the spelling dictionary,
 * the filter counts and the home shortcuts read every database a search asks, so an ad in any group
 * of states counts. Database 0 holds Karnataka and Maharashtra, 1 Delhi, 2 Gujarat, 3 Tamil Nadu.
 */
const cars = { categoryId: 'vehicles', subcategoryId: 'vehicles-cars' };

const featured: string[] = [];

beforeAll(async () => {
  const seller = await createUser({ firstName: 'Meena' });
  await createShardListing(seller, { ...cars, title: 'Honda City petrol 2019', price: 650_000, city: 'Pune', features: { brand: 'Honda', fuel: 'Petrol' } });
  const amaze = await createShardListing(seller, { ...cars, title: 'Honda Amaze diesel', price: 520_000, city: 'Delhi', features: { brand: 'Honda', fuel: 'Diesel' } });
  const wagonR = await createShardListing(seller, { ...cars, title: 'Maruti Wagon R CNG', price: 280_000, city: 'Ahmedabad', features: { brand: 'Maruti Suzuki', fuel: 'CNG & Hybrids' } });
  await createShardListing(seller, { categoryId: 'vehicles', subcategoryId: 'vehicles-motorcycles', title: 'Royal Enfield Thunderbird 350', price: 95_000, city: 'Chennai', features: { brand: 'Royal Enfield' } });
  await createShardListing(seller, { categoryId: 'electronics', subcategoryId: 'electronics-smartphones', title: 'iPhone 13 128GB', price: 38_000, city: 'Chennai', features: { brand: 'Apple', storage: '128GB' } });
  await createShardListing(seller, { ...cars, title: 'Toyota Innova sold', price: 1_800_000, city: 'Delhi', status: 'SOLD', features: { brand: 'Toyota' } });
  // featured in two databases (Delhi 1, Gujarat 2), neither the newest car
  for (const ad of [amaze, wagonR]) {
    await listingsDbs[ad.database]!.prepare('UPDATE listings SET is_featured = 1, featured_until = ? WHERE id = ?').bind(Date.now() + 86_400_000, ad.id).run();
    featured.push(ad.id);
  }
  await invalidateListingCaches(env);
});

describe('featured ads over four databases', () => {
  it("page 1 of a category pins the featured ads of every database asked, then the page as it is", async () => {
    const res = await call('/api/listings?category=vehicles&limit=2');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const listings = res.body.data.listings as { id: string; title: string; pinned?: boolean }[];
    expect(new Set(listings.filter((l) => l.pinned).map((l) => l.id))).toEqual(new Set(featured));
    // after the pins, the newest cars not pinned: Pune's Honda City (database 0) leads
    expect(listings.filter((l) => !l.pinned).map((l) => l.title)).toEqual(['Honda City petrol 2019']);
    expect(res.body.data.pagination.total).toBe(4);
    // page 2 and other orders pin nothing
    expect((await call('/api/listings?category=vehicles&limit=2&page=2')).body.data.listings.some((l: { pinned?: boolean }) => l.pinned)).toBe(false);
    expect((await call('/api/listings?category=vehicles&sortBy=price&sortOrder=asc')).body.data.listings.some((l: { pinned?: boolean }) => l.pinned)).toBe(false);
  });
});

describe('the spelling dictionary over four databases', () => {
  it('knows a word that only an ad in another group of states uses', async () => {
    // "thunderbird" is in no lexicon or category name: only the Chennai ad (database 3) has it
    const res = await call('/api/listings?q=thunderbrid');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.search).toMatchObject({ correctedQuery: 'thunderbird', relaxed: 'corrected' });
    expect(res.body.data.listings.map((l: { title: string }) => l.title)).toEqual(['Royal Enfield Thunderbird 350']);
  });
});

describe('filter counts over four databases', () => {
  it('counts categories and cities in every database an all-India search asks, summed', async () => {
    const res = await call('/api/listings/facets');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const vehicles = res.body.data.categories.find((c: { id: string }) => c.id === 'vehicles');
    expect(res.body.data.total).toBe(5);
    expect(vehicles).toMatchObject({ count: 4 });
    expect(Object.fromEntries(vehicles.subcategories.map((s: { id: string; count: number }) => [s.id, s.count]))).toEqual({ 'vehicles-cars': 3, 'vehicles-motorcycles': 1 });
    const cities = Object.fromEntries(res.body.data.locations.places.map((p: { name: string; count: number }) => [p.name, p.count]));
    expect(cities).toEqual({ Chennai: 2, Pune: 1, Delhi: 1, Ahmedabad: 1 });
  });

  it('a search with words counts what it finds in each database; a state counts its own', async () => {
    const honda = await call('/api/listings/facets?q=honda');
    expect(honda.status).toBe(200);
    expect(honda.body.data.total).toBe(2);
    const delhi = await call('/api/listings/facets?location=Delhi');
    expect(delhi.body.data.total).toBe(1);
    expect(delhi.body.data.locations.within).toMatchObject({ name: 'Delhi', count: 1 });
  });
});

describe('home shortcuts over four databases', () => {
  const offered = (body: { data: { guides: { name: string; shortcuts: { label: string }[] }[] } }) =>
    body.data.guides.flatMap((g) => g.shortcuts.map((s) => `${g.name}|${s.label}`));

  it('offers a shortcut when an ad in any database finds it, and a place only its own', async () => {
    const everywhere = offered((await call('/api/listings/shortcuts')).body);
    expect(everywhere).toEqual(expect.arrayContaining(['Cars|View All', 'Cars|Honda', 'Cars|CNG', 'Mobiles|Apple']));
    expect(everywhere).not.toContain('Cars|Toyota');
    const delhi = offered((await call('/api/listings/shortcuts?location=Delhi')).body);
    expect(delhi).toContain('Cars|Honda');
    expect(delhi).not.toContain('Cars|CNG');
    expect(delhi).not.toContain('Mobiles|Apple');
  });
});

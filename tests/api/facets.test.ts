import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import { createListing, createUser } from '../factories';

// the filter's category counts follow the words and filters searched
const facets = async (params: Record<string, string>) => {
  const res = await call(`/api/listings/facets?${new URLSearchParams(params)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as any).data as {
    total: number;
    categories: { id: string; name: string; count: number; subcategories: { id: string; name: string; count: number }[] }[];
    locations: { within: { kind: string; name: string; count: number } | null; places: { id: number; kind: string; name: string; state: string; city: string | null; count: number }[] };
  };
};
const places = (data: Awaited<ReturnType<typeof facets>>) => Object.fromEntries(data.locations.places.map((p) => [p.name, p.count]));
const NOTHING = { total: 0, categories: [], locations: { within: null, places: [] } };
const counts = (data: Awaited<ReturnType<typeof facets>>) =>
  Object.fromEntries(data.categories.flatMap((c) => [[c.name, c.count], ...c.subcategories.map((s) => [`${c.name}/${s.name}`, s.count])]));

beforeAll(async () => {
  const seller = await createUser({ firstName: 'Ravi' });
  const car = { categoryId: 'vehicles', subcategoryId: 'vehicles-cars' };
  await createListing(seller, { ...car, title: 'Honda City 2019 petrol', price: 650_000, city: 'Pune', area: 'Kothrud' });
  await createListing(seller, { ...car, title: 'Honda Amaze 2018', price: 450_000, city: 'Delhi' });
  await createListing(seller, { ...car, title: 'Maruti Swift 2020', price: 500_000, city: 'Pune' });
  await createListing(seller, { title: 'Honda Activa 6G scooter', categoryId: 'vehicles', subcategoryId: 'vehicles-scooters', price: 60_000, city: 'Pune', area: 'Baner' });
  await createListing(seller, { title: 'Honda Dio scooter', categoryId: 'vehicles', subcategoryId: 'vehicles-scooters', price: 45_000, city: 'Mumbai' });
  await createListing(seller, { title: 'Honda generator EU22i', categoryId: 'home-and-garden', subcategoryId: 'home-and-garden-appliances', price: 90_000, city: 'Pune' });
  await createListing(seller, { title: 'Sheesham dining table', categoryId: 'home-and-garden', subcategoryId: 'home-and-garden-furniture', price: 12_000, city: 'Pune' });
  await createListing(seller, { ...car, title: 'Honda Jazz sold last week', status: 'SOLD', city: 'Pune' });
  await createListing(seller, { ...car, title: 'Honda WR-V waiting for review', status: 'PENDING', city: 'Pune' });
});

describe('GET /api/listings/facets', () => {
  it('counts only what the words find, per category and subcategory, live ads only', async () => {
    const data = await facets({ q: 'honda' });
    expect(counts(data)).toEqual({ Vehicles: 4, 'Vehicles/Cars': 2, 'Vehicles/Scooters': 2, 'Home & Garden': 1, 'Home & Garden/Appliances': 1 });
    expect(data.total).toBe(5);
    // most first
    expect(data.categories.map((c) => c.name)).toEqual(['Vehicles', 'Home & Garden']);
  });

  it('leaves the category choice out (the other categories stay countable) but keeps place and price', async () => {
    const inCars = await facets({ q: 'honda', category: 'Vehicles', subcategory: 'Cars' });
    expect(counts(inCars)).toEqual(counts(await facets({ q: 'honda' })));
    expect(counts(await facets({ q: 'honda', location: 'Pune' }))).toEqual({ Vehicles: 2, 'Vehicles/Cars': 1, 'Vehicles/Scooters': 1, 'Home & Garden': 1, 'Home & Garden/Appliances': 1 });
    expect(counts(await facets({ q: 'honda', minPrice: '100000' }))).toEqual({ Vehicles: 2, 'Vehicles/Cars': 2 });
  });

  it('follows the search ladder: a misspelling counts what its correction finds', async () => {
    expect(counts(await facets({ q: 'hondda' }))).toEqual(counts(await facets({ q: 'honda' })));
  });

  it('keeps a category read from the words: a search for one kind of thing counts only that kind', async () => {
    // "scooty" is understood as the Scooters category with no words left: the counts are the page's
    expect(counts(await facets({ q: 'scooty' }))).toEqual({ Vehicles: 2, 'Vehicles/Scooters': 2 });
    expect(places(await facets({ q: 'scooty' }))).toEqual({ Pune: 1, Mumbai: 1 });
  });

  it('counts filters alone without words, and nothing for words that match nothing', async () => {
    const cheap = await facets({ maxPrice: '70000', location: 'Pune' });
    expect(counts(cheap)).toEqual({ Vehicles: 1, 'Vehicles/Scooters': 1, 'Home & Garden': 1, 'Home & Garden/Furniture': 1 });
    expect(await facets({ q: 'zzqxw' })).toEqual(NOTHING);
    expect(await facets({ q: '!!!' })).toEqual(NOTHING);
  });

  it('counts places one level under the chosen place, following the words and every other filter', async () => {
    // no place: the cities of India; the words decide which and how many
    const everywhere = await facets({ q: 'honda' });
    expect(everywhere.locations.within).toBeNull();
    expect(places(everywhere)).toEqual({ Pune: 3, Delhi: 1, Mumbai: 1 });
    expect(everywhere.locations.places[0]).toMatchObject({ kind: 'city', name: 'Pune', state: 'Maharashtra', city: null });
    expect(places(await facets({ q: 'scooter' }))).toEqual({ Pune: 1, Mumbai: 1 });
    // the category choice is kept (unlike the category counts)
    expect(places(await facets({ q: 'honda', category: 'Vehicles', subcategory: 'Cars' }))).toEqual({ Pune: 1, Delhi: 1 });
    // a state: its cities, without the state's own filter taken as the only answer
    const state = await facets({ q: 'honda', location: 'Maharashtra' });
    expect(state.locations.within).toMatchObject({ kind: 'state', name: 'Maharashtra', count: 4 });
    expect(places(state)).toEqual({ Pune: 3, Mumbai: 1 });
    // a city: its areas (ads without an area count for the city only)
    const city = await facets({ q: 'honda', location: 'Pune' });
    expect(city.locations.within).toMatchObject({ kind: 'city', name: 'Pune', count: 3 });
    expect(places(city)).toEqual({ Kothrud: 1, Baner: 1 });
    expect(city.locations.places.find((p) => p.name === 'Baner')).toMatchObject({ kind: 'area', city: 'Pune' });
    // an area: the areas of its city, the chosen one listed even where these filters find nothing
    expect(places(await facets({ q: 'honda', location: 'Kothrud, Pune' }))).toEqual({ Kothrud: 1, Baner: 1 });
    expect(places(await facets({ location: 'Kothrud, Pune', maxPrice: '100000' }))).toEqual({ Baner: 1, Kothrud: 0 });
    // words that find nothing in the chosen area are widened to its city, as the page does
    const widened = await facets({ q: 'honda', location: 'Kothrud, Pune', maxPrice: '100000' });
    expect(widened.locations.within).toMatchObject({ kind: 'city', name: 'Pune', count: 2 });
    expect(places(widened)).toEqual({ Baner: 1 });
    // price and words narrow the places like the page
    expect(places(await facets({ maxPrice: '70000' }))).toEqual({ Pune: 2, Mumbai: 1 });
    // a place nobody knows finds nothing
    expect((await facets({ q: 'honda', location: 'Atlantis' })).locations).toEqual({ within: null, places: [] });
  });

  it('answers bad input with a 400 and a message, like GET /listings', async () => {
    const res = await call('/api/listings/facets?minPrice=abc');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: expect.any(String) });
  });
});

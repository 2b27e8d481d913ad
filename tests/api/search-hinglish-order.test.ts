import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import { env } from 'cloudflare:workers';
import { accountsDb, createListing, createUser, createUserWithToken } from '../factories';

type Ad = { title: string; price: number; condition: string; features: Record<string, unknown>; subcategory: { name: string } | null; category: { name: string } };
const search = async (q: string) => {
  const res = await call(`/api/listings?${new URLSearchParams({ limit: '50', q })}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { listings: Ad[]; pagination: { total: number }; search: { interpretedAs: Record<string, unknown>; relaxed: string } };
};
const titles = (page: { listings: Ad[] }) => page.listings.map((l) => l.title);

const consoles = { categoryId: 'electronics', subcategoryId: 'electronics-gaming-consoles' };
const rentals = { categoryId: 'properties', subcategoryId: 'properties-rentals' };
const cars = { categoryId: 'vehicles', subcategoryId: 'vehicles-cars' };
const bikes = { categoryId: 'vehicles', subcategoryId: 'vehicles-motorcycles' };
const scooters = { categoryId: 'vehicles', subcategoryId: 'vehicles-scooters' };
const phones = { categoryId: 'electronics', subcategoryId: 'electronics-smartphones' };
const appliances = { categoryId: 'home-and-garden', subcategoryId: 'home-and-garden-appliances' };
const motor = (fuel: string, transmission: string, noOfOwners: string) => ({ fuel, transmission, noOfOwners, kmDriven: 30_000, year: 2019 });

// One seeded database for the file: every ad the checks below need, written the way sellers write them.
beforeAll(async () => {
  const seller = await createUser({ firstName: 'Asha', lastName: 'Verma' });
  // the other maker's console is newer and its words say "console" and "video game" more often
  await createListing(seller, { ...consoles, title: 'Sony PS5 Slim disc edition', price: 38_000, createdAt: Date.now() - 5 * 86_400_000 });
  await createListing(seller, { ...consoles, title: 'Xbox Series X console', description: 'Xbox Series X console with two controllers, video game console in a box, video game bundle', price: 36_000 });
  // semi-furnished says "furnished" twice and is newer; the furnished flat is the exact match
  await createListing(seller, { ...rentals, title: '2 BHK flat for rent, semi-furnished', description: 'Semi-furnished 2 BHK flat, furnished kitchen, furnished wardrobes', price: 18_000, features: { furnishing: 'Semi-Furnished' } });
  await createListing(seller, { ...rentals, title: '2 BHK flat for rent, fully furnished', price: 22_000, features: { furnishing: 'Furnished' }, createdAt: Date.now() - 3 * 86_400_000 });
  await createListing(seller, { ...rentals, title: '1 BHK flat for rent near metro', price: 9_000, features: { furnishing: 'Unfurnished' } });
  await createListing(seller, { categoryId: 'properties', subcategoryId: 'properties-apartments', title: '3 BHK flat for sale, now on rent', price: 85_00_000 });
  await createListing(seller, { ...cars, title: 'Maruti Baleno Alpha AMT 2020', price: 6_40_000, features: motor('Petrol', 'Automatic', '1st') });
  await createListing(seller, { ...cars, title: 'Maruti Swift VXI 2018', price: 4_20_000, features: motor('Petrol', 'Manual', '2nd') });
  await createListing(seller, { ...cars, title: 'Hyundai Creta SX diesel 2019', price: 11_50_000, features: motor('Diesel', 'Manual', '1st') });
  await createListing(seller, { ...bikes, title: 'Bajaj Pulsar 150 2017', price: 42_000, features: motor('Petrol', 'Manual', '1st') });
  await createListing(seller, { ...bikes, title: 'Hero Splendor Plus 2015', price: 22_000, features: motor('Petrol', 'Manual', '3rd') });
  await createListing(seller, { ...scooters, title: 'Honda Activa 6G 2021', price: 58_000, features: motor('Petrol', 'Automatic', '1st') });
  await createListing(seller, { ...phones, title: 'iPhone 14 128GB box pack', price: 62_000, condition: 'NEW' });
  await createListing(seller, { ...phones, title: 'iPhone 12 64GB', price: 30_000, condition: 'USED' });
  await createListing(seller, { ...phones, title: 'Redmi Note 12 sealed', price: 13_000, condition: 'NEW' });
  await createListing(seller, { ...appliances, title: 'LG fully automatic washing machine 7 kg', price: 14_000, condition: 'USED' });
  await createListing(seller, { categoryId: 'services', subcategoryId: 'services-repair', title: 'AC service and gas filling', price: 600 });
  await createListing(seller, { categoryId: 'pets', subcategoryId: 'pets-pet-accessories', title: 'Orthopedic dog bed, large', price: 3_000 });
});

describe('order: the exact thing first', () => {
  it('"ps5" finds the Sony console, never the other maker\'s ahead of it', async () => {
    const page = await search('ps5');
    expect(titles(page)[0]).toBe('Sony PS5 Slim disc edition');
    expect(titles(page)).not.toContain('Xbox Series X console');
    // the maker's generic word still finds every console
    expect(titles(await search('gaming console'))).toEqual(expect.arrayContaining(['Sony PS5 Slim disc edition', 'Xbox Series X console']));
  });

  it('"furnished flat" is the furnished flat, not the semi-furnished one that says "furnished" more', async () => {
    const page = await search('furnished flat kiraye pe');
    expect(page.search.interpretedAs).toMatchObject({ furnishing: 'Furnished' });
    expect(titles(page)).toEqual(['2 BHK flat for rent, fully furnished']);
    const semi = await search('semi furnished flat');
    expect(semi.search.interpretedAs).toMatchObject({ furnishing: 'Semi-Furnished' });
    expect(titles(semi)).toEqual(['2 BHK flat for rent, semi-furnished']);
  });
});

describe('rent words say where the thing is sold', () => {
  it('"flat kiraye pe" shows flats for rent before a flat for sale that mentions rent', async () => {
    const page = await search('flat kiraye pe');
    expect(page.listings[0]?.subcategory?.name).toBe('Rentals');
    expect(page.listings.at(-1)?.title).toBe('3 BHK flat for sale, now on rent');
  });
});

describe('condition words are the condition filter, said in interpretedAs', () => {
  it.each([
    ['box pack iphone', 'NEW', ['iPhone 14 128GB box pack']],
    ['seal pack mobile', 'NEW', ['iPhone 14 128GB box pack', 'Redmi Note 12 sealed']],
    ['second hand iphone', 'USED', ['iPhone 12 64GB']],
    ['2nd hand iphone', 'USED', ['iPhone 12 64GB']],
    ['purane iphone', 'USED', ['iPhone 12 64GB']],
    ['naya redmi', 'NEW', ['Redmi Note 12 sealed']],
  ])('"%s" → %s', async (q, condition, expected) => {
    const page = await search(q);
    expect(page.search.interpretedAs.condition).toBe(condition);
    expect(page.listings.every((l) => l.condition === condition)).toBe(true);
    expect(titles(page).sort()).toEqual([...expected].sort());
  });

  it('gives way when no ad is in that condition: "sealed ps5" shows the PS5 there is', async () => {
    const page = await search('sealed ps5');
    expect(page.search.interpretedAs.condition).toBeUndefined();
    expect(titles(page)).toEqual(['Sony PS5 Slim disc edition']);
  });
});

describe('attribute words beside a thing that has them are its feature filter', () => {
  it('"automatic car", "gearless scooty", "single owner bike", "diesel gaadi"', async () => {
    const automatic = await search('automatic car');
    expect(automatic.search.interpretedAs).toMatchObject({ transmission: 'Automatic', subcategory: 'Cars' });
    expect(titles(automatic)).toEqual(['Maruti Baleno Alpha AMT 2020']);
    const gearless = await search('gearless scooty');
    expect(gearless.search.interpretedAs).toMatchObject({ transmission: 'Automatic' });
    expect(titles(gearless)).toEqual(['Honda Activa 6G 2021']);
    const owner = await search('single owner bike chahiye');
    expect(owner.search.interpretedAs).toMatchObject({ noOfOwners: '1st', subcategory: 'Motorcycles' });
    expect(titles(owner)).toEqual(['Bajaj Pulsar 150 2017']);
    const diesel = await search('pehla malik wali diesel gaadi');
    expect(diesel.search.interpretedAs).toMatchObject({ fuel: 'Diesel', noOfOwners: '1st' });
    expect(titles(diesel)).toEqual(['Hyundai Creta SX diesel 2019']);
  });

  it('stays a word beside a thing without it, and gives way when no ad has it', async () => {
    const washer = await search('automatic washing machine');
    expect(washer.search.interpretedAs.transmission).toBeUndefined();
    expect(titles(washer)).toEqual(['LG fully automatic washing machine 7 kg']);
    // no CNG scooter anywhere: the words as typed rather than nothing
    const cng = await search('cng scooty');
    expect(cng.search.interpretedAs.fuel).toBeUndefined();
    expect(titles(cng)).toContain('Honda Activa 6G 2021');
  });
});

describe('Hinglish particles, rent, sale and job words carry no product', () => {
  it.each([
    ['flat kiraye pe chahiye', 'flat kiraye pe'],
    ['iphone wala phone chahiye', 'iphone phone'],
    ['koi accha sa activa hai kya', 'activa'],
    ['activa bechna hai', 'activa'],
  ])('"%s" searches "%s"', async (q, words) => {
    const page = await search(q);
    expect(page.search.interpretedAs.q).toBe(words);
    expect(page.pagination.total).toBeGreaterThan(0);
  });
});

describe('when no ad is the thing named, its kind rather than nothing or another kind', () => {
  it('"fridge" with no fridge shows the appliances there are, and says so', async () => {
    const page = await search('fridge');
    expect(page.search.relaxed).toBe('kind');
    expect(page.search.interpretedAs).toMatchObject({ q: '', subcategory: 'Appliances' });
    expect(titles(page)).toEqual(['LG fully automatic washing machine 7 kg']);
  });

  it('keeps the condition the words set, and lets it give way only when the kind has none in it', async () => {
    const used = await search('purana fridge');
    expect(used.search).toMatchObject({ relaxed: 'kind', interpretedAs: { condition: 'USED', subcategory: 'Appliances' } });
    expect(titles(used)).toEqual(['LG fully automatic washing machine 7 kg']);
    const fresh = await search('naya fridge');
    expect(fresh.search.relaxed).toBe('kind');
    expect(fresh.search.interpretedAs.condition).toBeUndefined();
    expect(titles(fresh)).toEqual(['LG fully automatic washing machine 7 kg']);
  });

  it('a trade is its subcategory ("plumber" shows repair services), a thing with none there its category', async () => {
    const plumber = await search('plumber');
    expect(plumber.search).toMatchObject({ relaxed: 'kind', interpretedAs: { subcategory: 'Repair' } });
    expect(titles(plumber)).toEqual(['AC service and gas filling']);
    const food = await search('dog food');
    expect(food.search).toMatchObject({ relaxed: 'kind', interpretedAs: { category: 'Pets' } });
    expect(food.search.interpretedAs.subcategory).toBeUndefined();
    expect(titles(food)).toEqual(['Orthopedic dog bed, large']);
  });

  it('words that name no kind still find nothing', async () => {
    const page = await search('zxqv plorf');
    expect(page.pagination.total).toBe(0);
    expect(page.search.relaxed).toBe('none');
  });
});

describe('a saved search keeps what the search understood', () => {
  const save = async (query: Record<string, string>) => {
    const buyer = await createUserWithToken();
    const res = await call('/api/saved-searches', { method: 'POST', headers: { 'content-type': 'application/json', ...buyer.auth }, body: JSON.stringify({ query }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await accountsDb(buyer.id).prepare('SELECT query, matcher FROM saved_searches WHERE id = ?').bind(res.body.data.id).first<{ query: string; matcher: string }>();
    return { query: JSON.parse(row!.query) as Record<string, string>, matcher: JSON.parse(row!.matcher) as Record<string, unknown> };
  };

  it('condition and attribute words are saved as the filters interpretedAs shows, and alerts match on them', async () => {
    const typed = 'purana automatic car in pune';
    const understood = (await search(typed)).search.interpretedAs;
    const saved = await save({ q: typed });
    expect(saved.query).toEqual({ q: 'car in pune', condition: 'USED', transmission: 'Automatic' });
    expect(understood).toMatchObject({ condition: saved.query.condition, transmission: saved.query.transmission });
    expect(saved.matcher).toMatchObject({ conditions: ['USED'], features: { transmission: 'automatic' } });
    // opened again, the saved filters find what the words found
    const reopened = await call(`/api/listings?${new URLSearchParams({ limit: '50', ...saved.query })}`);
    expect(titles(reopened.body.data)).toEqual(titles(await search(typed)));
  });

  it('a filter the search names wins over the words, and a lone condition word stays a word', async () => {
    expect((await save({ q: 'box pack iphone', condition: 'USED' })).query).toEqual({ q: 'iphone', condition: 'USED' });
    expect((await save({ q: 'used' })).query).toEqual({ q: 'used' });
    // an attribute word beside nothing that has it was searched as a word, and stays one
    expect((await save({ q: 'automatic washing machine' })).query).toEqual({ q: 'automatic washing machine' });
  });
});

import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import { createListing, createUser, listingDb } from '../factories';

const titles = (body: any): string[] => body.data.listings.map((l: { title: string }) => l.title);
const searchFor = async (params: Record<string, string>) => {
  const res = await call(`/api/listings?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  return res.body as any;
};

beforeAll(async () => {
  const seller = await createUser({ firstName: 'Meena', lastName: 'Iyer' });
  const car = { categoryId: 'vehicles', subcategoryId: 'vehicles-cars' };
  const furniture = { categoryId: 'home-and-garden', subcategoryId: 'home-and-garden-furniture' };
  await createListing(seller, { ...car, title: 'Honda City ZX CVT 2021', description: 'Automatic, sunroof, dealer maintained.', city: 'Delhi' });
  await createListing(seller, { ...car, title: 'Hyundai Creta SX 2020', description: 'Diesel, single owner.', city: 'Delhi' });
  await createListing(seller, { title: 'Yamaha R15 V4 2023', description: 'Racing blue, all papers.', categoryId: 'vehicles', subcategoryId: 'vehicles-motorcycles', city: 'Chennai' });
  await createListing(seller, { ...furniture, title: 'Godrej steel almirah, 2 doors', description: 'Locker inside, no rust.', city: 'Pune' });
  await createListing(seller, { ...furniture, title: 'पुरानी कुर्सी बिकाऊ है', description: 'लकड़ी की मज़बूत कुर्सी, चार साल पुरानी।', city: 'Lucknow' });
  await createListing(seller, { ...furniture, title: 'Sheesham wood wardrobe', description: 'Three doors with mirror.', city: 'Mumbai' });
  await createListing(seller, { title: 'iPhone 13 128GB Midnight', description: 'Battery health 89%, box and bill.', categoryId: 'electronics', subcategoryId: 'electronics-smartphones', city: 'Bengaluru' });
  await createListing(seller, { title: 'iPhone 13 Pro 256GB Graphite', description: 'Face ID works, 90% battery.', categoryId: 'electronics', subcategoryId: 'electronics-smartphones', city: 'Mumbai' });
  await createListing(seller, { title: 'Voltas split AC 1.5 ton', description: 'Cools a 2 BHK flat easily.', categoryId: 'home-and-garden', subcategoryId: 'home-and-garden-appliances', city: 'Coimbatore' });
  await createListing(seller, { title: '1 BHK flat with wardrobe and almirah', description: 'Fitted wardrobes in both rooms.', categoryId: 'properties', subcategoryId: 'properties-rentals', city: 'Pune' });
  await createListing(seller, { title: 'OnePlus Nord CE 3 5G', description: 'Aqua surge, 8/128, with charger.', categoryId: 'electronics', subcategoryId: 'electronics-smartphones', city: 'Hyderabad' });
  await createListing(seller, { title: '2 BHK flat for rent near Adyar', description: 'Semi furnished, covered parking.', categoryId: 'properties', subcategoryId: 'properties-rentals', city: 'Chennai' });
});

describe('GET /api/listings with query understanding (data.search)', () => {
  it('corrects a misspelling when the words as typed find nothing, and says so', async () => {
    const body = await searchFor({ q: 'hondda city' });
    expect(titles(body)[0]).toBe('Honda City ZX CVT 2021');
    expect(body.data.search).toMatchObject({ query: 'hondda city', correctedQuery: 'honda city', relaxed: 'corrected', interpretedAs: { q: 'honda city' } });
    const yamaha = await searchFor({ q: 'yamha r15' });
    expect(titles(yamaha)).toEqual(['Yamaha R15 V4 2023']);
    expect(yamaha.data.search.correctedQuery).toBe('yamaha r15');
  });

  it('answers the words as typed with relaxed "none" when they match', async () => {
    const body = await searchFor({ q: 'honda city' });
    expect(titles(body)).toEqual(['Honda City ZX CVT 2021']);
    expect(body.data.search).toEqual({ query: 'honda city', interpretedAs: { q: 'honda city' }, relaxed: 'none' });
  });

  it('finds everyday words through the lexicon (almirah = wardrobe), where such things are sold first', async () => {
    const body = await searchFor({ q: 'almirah' });
    // the flat says "wardrobe" and "almirah" three times, yet the Furniture ads come first
    expect(titles(body).slice(0, 2).sort()).toEqual(['Godrej steel almirah, 2 doors', 'Sheesham wood wardrobe']);
    expect(titles(body)[2]).toBe('1 BHK flat with wardrobe and almirah');
  });

  it('finds an ad written in Hindi by its Hindi word, its Hinglish spelling and its English word', async () => {
    for (const q of ['कुर्सी', 'kursi', 'chair']) expect(titles(await searchFor({ q })), q).toEqual(['पुरानी कुर्सी बिकाऊ है']);
  });

  it('browses a whole subcategory named by one word ("lappy" → Laptops, "iphone" stays a word)', async () => {
    const body = await searchFor({ q: 'gaadi' });
    expect(body.data.search.interpretedAs).toMatchObject({ q: '', category: 'Vehicles', subcategory: 'Cars' });
    expect(titles(body).sort()).toEqual(['Honda City ZX CVT 2021', 'Hyundai Creta SX 2020']);
  });

  it('takes a place out of the text (old names too) and filters by it', async () => {
    const body = await searchFor({ q: 'flat madras' });
    expect(titles(body)).toEqual(['2 BHK flat for rent near Adyar']);
    expect(body.data.search).toMatchObject({ interpretedAs: { q: 'flat', location: 'Chennai' }, relaxed: 'none' });
  });

  it('keeps the buyer’s own location pick and leaves the place word in the text', async () => {
    const body = await searchFor({ q: 'flat madras', location: 'Delhi' });
    expect(body.data.search.interpretedAs).toMatchObject({ q: 'flat madras', location: 'Delhi' });
    // nothing in Delhi: the answer widens the buyer's place too, and says so
    expect(body.data.search).toMatchObject({ relaxed: 'widerPlace', widenedTo: 'India' });
    expect(titles(body)).toContain('2 BHK flat for rent near Adyar');
  });

  it('widens the place when nothing is there: city → state → India, and says where', async () => {
    const state = await searchFor({ q: 'r15 madras' });
    expect(titles(state)).toEqual(['Yamaha R15 V4 2023']);
    const wider = await searchFor({ q: 'almirah kolhapur' });
    expect(wider.data.search).toMatchObject({ relaxed: 'widerPlace', widenedTo: 'Maharashtra', interpretedAs: { location: 'Kolhapur' } });
    expect(titles(wider).sort()).toEqual(['1 BHK flat with wardrobe and almirah', 'Godrej steel almirah, 2 doors', 'Sheesham wood wardrobe']);
    const india = await searchFor({ q: 'creta kolhapur' });
    expect(india.data.search).toMatchObject({ relaxed: 'widerPlace', widenedTo: 'India' });
    expect(titles(india)).toEqual(['Hyundai Creta SX 2020']);
  });

  it('falls back to any word, best matches first, when every word together finds nothing', async () => {
    const body = await searchFor({ q: 'iphone 13 midnight unicorn' });
    expect(body.data.search.relaxed).toBe('anyWord');
    // the ad matching three of the four words comes before the one matching two
    expect(titles(body)).toEqual(['iPhone 13 128GB Midnight', 'iPhone 13 Pro 256GB Graphite']);
  });

  it('finds "Apple iPhone 13" although no ad says Apple', async () => {
    expect(titles(await searchFor({ q: 'Apple iPhone 13' })).sort()).toEqual(['iPhone 13 128GB Midnight', 'iPhone 13 Pro 256GB Graphite']);
  });

  it('finds OnePlus by its names ("one plus", "वनप्लस"), never every ad that mentions a 1', async () => {
    for (const q of ['oneplus', 'one plus', 'वनप्लस', 'onneplus']) {
      const body = await searchFor({ q });
      expect(titles(body), q).toEqual(['OnePlus Nord CE 3 5G']);
    }
  });

  it('turns "used" into the condition filter', async () => {
    const body = await searchFor({ q: 'used almirah' });
    expect(body.data.search.interpretedAs).toMatchObject({ q: 'almirah', condition: 'USED' });
    expect(titles(body).length).toBe(3);
  });

  it('finds nothing for nonsense, and says it relaxed nothing', async () => {
    for (const q of ['qwxzvbnmkj', '🦄🦄', '!!! ???', 'lorem ipsum creta']) {
      const body = await searchFor({ q });
      expect(body.data.listings, q).toEqual([]);
      expect(body.data.search.relaxed, q).toBe('none');
    }
  });

  it('reads an unfinished word as the only thing it can become ("refrig" → fridge)', async () => {
    await createListing(await createUser(), { title: 'LG double door refrigerator 260L', categoryId: 'home-and-garden', subcategoryId: 'home-and-garden-appliances', city: 'Pune' });
    expect(titles(await searchFor({ q: 'fridg' }))).toContain('LG double door refrigerator 260L');
  });

  it('goes on to a wider place when the ads found are not the kind of thing asked for', async () => {
    // the only "flat" in Coimbatore is an AC whose description says so: flats elsewhere in Tamil Nadu are the answer
    const body = await searchFor({ q: 'flat coimbatore' });
    expect(body.data.search).toMatchObject({ relaxed: 'widerPlace', widenedTo: 'Tamil Nadu' });
    expect(titles(body)).toContain('2 BHK flat for rent near Adyar');
  });
});

describe('GET /api/listings near me (lat, lng, radiusKm, sortBy=distance)', () => {
  const CHENNAI = { lat: '13.0827', lng: '80.2707' };

  it('keeps to the radius and says how far each ad is, nearest first', async () => {
    const body = await searchFor({ ...CHENNAI, radiusKm: '30', sortBy: 'distance' });
    expect(titles(body).sort()).toEqual(['2 BHK flat for rent near Adyar', 'Yamaha R15 V4 2023']);
    for (const l of body.data.listings) expect(l.distanceKm).toBeLessThan(30);
    const far = await searchFor({ ...CHENNAI, radiusKm: '500', sortBy: 'distance' });
    // Bengaluru is ~290 km from Chennai, Pune and Delhi much further
    expect(titles(far)).toEqual(expect.arrayContaining(['iPhone 13 128GB Midnight']));
    expect(titles(far)).not.toContain('Hyundai Creta SX 2020');
    const km = far.data.listings.map((l: { distanceKm: number }) => l.distanceKm);
    expect(km).toEqual([...km].sort((a, b) => a - b));
  });

  it('says "in the city" instead of a distance for ads known only by their city centre', async () => {
    // the factory's ads have no position of their own: near Chennai's centre they are "in Chennai"
    const body = await searchFor({ lat: '13.05', lng: '80.25', radiusKm: '500', sortBy: 'distance' });
    const chennai = body.data.listings.filter((l: { city: string }) => l.city === 'Chennai');
    expect(chennai.length).toBe(2);
    for (const l of chennai) expect(l).toMatchObject({ nearCity: 'Chennai', distanceKm: expect.any(Number) });
    // a city far away keeps its distance (to its centre: right to a few km at that range)
    const bengaluru = body.data.listings.find((l: { city: string }) => l.city === 'Bengaluru');
    expect(bengaluru.nearCity).toBeUndefined();
    expect(bengaluru.distanceKm).toBeGreaterThan(250);
    // an ad posted with its area, where the area has only its city's centre: still "in Chennai"
    const seller = await createUser();
    const centre = (await env.DB.prepare(`SELECT latitude, longitude FROM locations WHERE kind = 'city' AND name = 'Chennai'`).first<{ latitude: number; longitude: number }>())!;
    const posted = await createListing(seller, { title: 'Teak study table Mylapore', categoryId: 'home-and-garden', subcategoryId: 'home-and-garden-furniture', city: 'Chennai' });
    const own = await createListing(seller, { title: 'Teak study table Velachery', categoryId: 'home-and-garden', subcategoryId: 'home-and-garden-furniture', city: 'Chennai' });
    await listingDb(posted.id).prepare('UPDATE listings SET latitude = ?, longitude = ? WHERE id = ?').bind(centre.latitude, centre.longitude, posted.id).run();
    // an ad with a position of its own gets its real distance
    await listingDb(own.id).prepare('UPDATE listings SET latitude = ?, longitude = ? WHERE id = ?').bind(12.9815, 80.2180, own.id).run();
    const tables = await searchFor({ lat: '13.05', lng: '80.25', q: 'teak study table', radiusKm: '30' });
    const byTitle = Object.fromEntries(tables.data.listings.map((l: { title: string }) => [l.title, l]));
    expect(byTitle['Teak study table Mylapore']).toMatchObject({ nearCity: 'Chennai' });
    expect(byTitle['Teak study table Velachery'].nearCity).toBeUndefined();
    expect(byTitle['Teak study table Velachery'].distanceKm).toBeCloseTo(8.3, 0);
  });

  it('searches words near me without reading a place from them or widening', async () => {
    const body = await searchFor({ ...CHENNAI, q: 'flat' });
    expect(titles(body)).toEqual(['2 BHK flat for rent near Adyar']);
    const none = await searchFor({ ...CHENNAI, q: 'creta' });
    expect(none.data.listings).toEqual([]);
    expect(none.data.search.relaxed).toBe('none');
  });

  it('finds nothing in the middle of the sea, without an error', async () => {
    const body = await searchFor({ lat: '0', lng: '-140' });
    expect(body.data.listings).toEqual([]);
    expect(body.data.pagination.total).toBe(0);
  });

  it('refuses a half position, a silly radius and a distance sort without a position', async () => {
    const cases: [string, RegExp][] = [
      ['lat=13.08', /lat and lng go together/],
      ['lng=80.27', /lat and lng go together/],
      ['lat=13&lng=80&radiusKm=0', /radiusKm must be between 1 and 500/],
      ['lat=13&lng=80&radiusKm=10000', /radiusKm must be between 1 and 500/],
      ['radiusKm=10', /radiusKm needs your position/],
      ['sortBy=distance', /sortBy=distance needs your position/],
      ['lat=91&lng=80', /lat must be between -90 and 90/],
      ['lat=abc&lng=80', /lat must be a number/],
    ];
    for (const [query, message] of cases) {
      const res = await call(`/api/listings?${query}`);
      expect(res.status, query).toBe(400);
      expect((res.body as any).error, query).toMatch(message);
    }
  });
});

describe('GET /api/listings exact=true ("search instead for …")', () => {
  it('searches the words as typed, without spelling corrections', async () => {
    const body = await searchFor({ q: 'hondda city', exact: 'true' });
    expect(body.data.search.correctedQuery).toBeUndefined();
    expect(body.data.search.relaxed).not.toBe('corrected');
    expect((await searchFor({ q: 'hondda', exact: 'true' })).data.listings).toEqual([]);
  });
});

describe('GET /api/listings bad search input', () => {
  it('answers FTS5 syntax characters sanely, never a 500', async () => {
    for (const q of ['"', 'NEAR(', 'a AND OR NOT', '*', 'iphone^2', '{title}:x', "'; DROP TABLE listings; --", '()()', '\u0000']) {
      const res = await call(`/api/listings?${new URLSearchParams({ q })}`);
      expect(res.status, q).toBe(200);
    }
  });

  it('refuses a 2,000-character q with a readable 400', async () => {
    const res = await call(`/api/listings?${new URLSearchParams({ q: 'a'.repeat(2000) })}`);
    expect(res.status).toBe(400);
    expect((res.body as any).error).toMatch(/q/i);
  });
});

describe('GET /api/search/suggest', () => {
  const suggest = async (q: string, limit = 8) => {
    const res = await call(`/api/search/suggest?${new URLSearchParams({ q, limit: String(limit) })}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    return (res.body as any).data.suggestions as { text: string; subcategoryName?: string; categoryName?: string; subcategoryId?: string; count?: number }[];
  };

  it('says where a word lives, then how ads begin with it', async () => {
    const list = await suggest('iph');
    expect(list[0]).toEqual({ text: 'iphone', categoryId: 'electronics', categoryName: 'Electronics', subcategoryId: 'electronics-smartphones', subcategoryName: 'Smartphones', count: 2 });
    expect(list).toContainEqual({ text: 'iPhone 13', count: 2 });
  });

  it('forgives a typo in what was typed', async () => {
    expect((await suggest('iphn'))[0]).toMatchObject({ text: 'iphone', subcategoryName: 'Smartphones' });
    expect((await suggest('almira'))[0]).toMatchObject({ subcategoryName: 'Furniture' });
  });

  it('knows Hindi and Hinglish words', async () => {
    expect((await suggest('कुर्'))[0]).toMatchObject({ text: 'कुर्सी', subcategoryName: 'Furniture' });
    expect((await suggest('kurs'))[0]).toMatchObject({ text: 'kursi', subcategoryName: 'Furniture' });
    expect((await suggest('नौक'))[0]).toMatchObject({ categoryName: 'Jobs' });
  });

  it('keeps to the limit and answers nothing for nothing', async () => {
    expect((await suggest('i', 2)).length).toBeLessThanOrEqual(2);
    expect(await suggest('   ')).toEqual([]);
    expect(await suggest('qzxqzxqzx')).toEqual([]);
  });

  it('refuses bad input with a readable 400', async () => {
    for (const query of [`q=${'a'.repeat(101)}`, 'q=iph&limit=0', 'q=iph&limit=500', 'q=iph&limit=abc']) {
      const res = await call(`/api/search/suggest?${query}`);
      expect(res.status, query).toBe(400);
      expect((res.body as any).error, query).toMatch(/q|limit/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { call } from './helpers';
import { createUserWithToken } from '../factories';
import { jpegBytes } from '../factories/images';

type Seller = Awaited<ReturnType<typeof createUserWithToken>>;

const json = (who: { auth: Record<string, string> } | null, method: string, path: string, body?: unknown) =>
  call(path, {
    method,
    headers: { 'content-type': 'application/json', ...(who?.auth ?? {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const photo = async (seller: Seller) => {
  const form = new FormData();
  form.append('image', new File([jpegBytes()], 'photo.jpg', { type: 'image/jpeg' }));
  const res = await call('/api/upload/image', { method: 'POST', headers: seller.auth, body: form });
  expect(res.status).toBe(201);
  return res.body.data.url as string;
};

const fridgeAd = async (seller: Seller, overrides: Record<string, unknown> = {}) => ({
  title: 'Samsung 253 L double door fridge',
  description: 'Three years old, works perfectly, frost free, moving out sale.',
  price: '18,000',
  categoryId: 'Home & Garden',
  subcategoryId: 'Appliances',
  state: 'Maharashtra',
  city: 'Pune',
  neighbourhood: 'Kothrud',
  images: [await photo(seller)],
  features: {},
  ...overrides,
});

describe('prices as Indians type them (decision 024)', () => {
  it('reads grouping, ₹ and "1.5 lakh"; refuses paise instead of making the price 100 times bigger', async () => {
    const seller = await createUserWithToken({ firstName: 'Meera' });
    const grouped = await json(seller, 'POST', '/api/listings', await fridgeAd(seller, { price: '₹ 45,000' }));
    expect(grouped.status).toBe(201);
    expect(grouped.body.data.price).toBe(45_000);

    const words = await json(seller, 'POST', '/api/listings', await fridgeAd(seller, { title: 'LG 190 L single door fridge', price: '1.5 lakh' }));
    expect(words.status).toBe(201);
    expect(words.body.data.price).toBe(150_000);

    for (const price of ['45,000.50', 45000.5]) {
      const paise = await json(seller, 'POST', '/api/listings', await fridgeAd(seller, { title: 'Whirlpool 240 L fridge', price }));
      expect(paise.status, String(price)).toBe(400);
      expect(JSON.stringify(paise.body), String(price)).toContain('whole rupees');
    }
    // an edit is held to the same rule
    const edit = await json(seller, 'PUT', `/api/listings/${grouped.body.data.id}`, { price: 45000.5 });
    expect(edit.status).toBe(400);
    // other currencies keep their cents
    const dollars = await json(seller, 'POST', '/api/listings', await fridgeAd(seller, { title: 'Imported Haier fridge', price: 450.5, currency: 'USD' }));
    expect(dollars.status).toBe(201);
    expect(dollars.body.data.price).toBe(450.5);
  });
});

import { expect } from 'vitest';
import { call } from '../api/helpers';
import { jpegBytes } from './images';

type Signed = { auth: Record<string, string> };

/** Uploads one small JPEG as `user` through the API and returns its URL, ready for an ad's `images`. */
export const uploadPhoto = async (user: Signed) => {
  const form = new FormData();
  form.append('image', new File([jpegBytes()], 'car.jpg', { type: 'image/jpeg' }));
  const res = await call('/api/upload/image', { method: 'POST', headers: user.auth, body: form });
  expect(res.status).toBe(201);
  return res.body.data.url as string;
};

/** The body of a complete, valid car ad in Bengaluru (every detail the Cars form asks for) around the photo at `imageUrl`. */
export const carAdBody = (imageUrl: string, overrides: Record<string, unknown> = {}) => ({
  title: 'Maruti Swift VXI 2018 petrol',
  description: 'Single owner, 42,000 km, all services at Maruti, insurance till March.',
  price: 525000,
  categoryId: 'Vehicles',
  subcategoryId: 'Cars',
  state: 'Karnataka',
  city: 'Bengaluru',
  neighbourhood: 'Indiranagar',
  images: [imageUrl],
  features: { brand: 'Maruti Suzuki', model: 'Swift', year: 2018, fuel: 'Petrol', transmission: 'Manual', kmDriven: 42000, noOfOwners: '1st' },
  ...overrides,
});

/** carAdBody with its own photo, uploaded as `seller`. */
export const carAd = async (seller: Signed, overrides: Record<string, unknown> = {}) => carAdBody(await uploadPhoto(seller), overrides);

import jpeg from 'jpeg-js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseURL, otpFor } from './browser';

/**
 * Test data made through the public API, as a developer would: photos, ads and look-ups.
 * Everything here talks to the same fresh e2e server as the browser.
 */

type Envelope<T> = { success: boolean; data: T; error?: string };

/** GET/POST/PUT on /api with an optional bearer token; throws with the server's answer on failure. */
export const api = async <T>(path: string, init: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> => {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json().catch(() => ({}))) as Envelope<T>;
  if (!res.ok || !body.success) throw new Error(`${init.method ?? 'GET'} /api${path} answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data;
};

export interface ApiListing {
  id: string;
  slug: string;
  title: string;
  price: number;
  city: string | null;
  state: string | null;
  location: string;
  images: string[];
  status: string;
  user: { id: string; firstName: string; lastName: string };
}

export const listings = (query: Record<string, string | number>) =>
  api<{ listings: ApiListing[]; pagination: { total: number } }>(`/listings?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);

/** A 10-digit Indian mobile number nobody else in this run uses (journey 2 uses numbers starting with 9). */
export const uniquePhone = (first: '6' | '7' | '8') => `${first}${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

let phoneSignUps = 0;
/**
 * Signs up by phone through the OTP API, reading the code from the dev outbox. Phone sign-ups are
 * limited per network (20 an hour): each set-up account comes from its own address, as apiRegister's
 * do, so the journeys that sign up through the page itself (from 127.0.0.1) keep theirs.
 */
export const apiRegisterByPhone = async (phone: string, firstName: string, lastName: string) => {
  phoneSignUps += 1;
  const headers = { 'CF-Connecting-IP': `10.${200 + (process.pid % 50)}.${phoneSignUps % 250}.2` };
  await api('/auth/send-otp', { body: { phone, type: 'REGISTER' }, headers });
  const otp = await otpFor(phone);
  return api<{ token: string; user: { id: string; firstName: string; phone: string | null } }>('/auth/verify-otp', {
    body: { phone, otp, type: 'REGISTER', firstName, lastName },
    headers,
  });
};

/** A real baseline JPEG (a diagonal gradient in the given colour) made with jpeg-js. */
export const makeJpeg = (width: number, height: number, rgb: [number, number, number]): Buffer => {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const shade = 0.55 + 0.45 * ((x + y) / (width + height));
      data[i] = Math.round(rgb[0] * shade);
      data[i + 1] = Math.round(rgb[1] * shade);
      data[i + 2] = Math.round(rgb[2] * shade);
      data[i + 3] = 255;
    }
  }
  return jpeg.encode({ data, width, height }, 85).data;
};

/** Writes JPEGs to a fresh temp folder (for setInputFiles) and returns their paths. */
export const writeJpegs = (photos: { name: string; rgb: [number, number, number] }[], width = 800, height = 600) => {
  const dir = mkdtempSync(join(tmpdir(), 'sel-e2e-photos-'));
  return photos.map(({ name, rgb }) => {
    const path = join(dir, name);
    writeFileSync(path, makeJpeg(width, height, rgb));
    return path;
  });
};

/** POST /api/upload/image (multipart, field "image"): returns the photo's URL for a listing. */
export const uploadPhoto = async (token: string, bytes: Buffer, name = 'photo.jpg') => {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${baseURL()}/api/upload/image`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as Envelope<{ url: string }>;
  if (!res.ok || !body.success) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data.url;
};

/** POST /api/listings as the given seller. */
export const postListing = (token: string, body: Record<string, unknown>) => api<ApiListing>('/listings', { token, body });

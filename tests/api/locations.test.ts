import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { createListing, createUser } from '../factories';

beforeAll(async () => {
  const seller = await createUser();
  await createListing(seller, { city: 'Bengaluru', area: 'Koramangala' });
  await createListing(seller, { city: 'Bengaluru', area: 'Whitefield' });
  await createListing(seller, { city: 'Mysuru' });
  await createListing(seller, { city: 'Mumbai', status: 'SOLD' });
});

const names = (body: any): string[] => body.data.map((l: { name: string }) => l.name);

describe('reference data', () => {
  it('covers every state and union territory, 300+ cities and 1,000+ areas', async () => {
    const { results } = await env.DB.prepare(`SELECT kind, count(*) AS n FROM locations GROUP BY kind`).all<{ kind: string; n: number }>();
    const counts = Object.fromEntries(results.map((r) => [r.kind, r.n]));
    expect(counts.state).toBeGreaterThanOrEqual(36);
    expect(counts.city).toBeGreaterThanOrEqual(300);
    expect(counts.area).toBeGreaterThanOrEqual(1000);
  });
});

describe('GET /api/locations', () => {
  it('lists cities with live listing counts, busiest first', async () => {
    const { status, body } = await call('/api/locations?limit=5');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(5);
    expect(body.data[0]).toMatchObject({ name: 'Bengaluru', kind: 'city', state: 'Karnataka', country: 'India', count: 2, isActive: true });
    expect(body.data[1]).toMatchObject({ name: 'Mysuru', count: 1 });
    expect(typeof body.data[0].latitude).toBe('number');
  });

  it('rejects a bad limit', async () => {
    const { status, body } = await call('/api/locations?limit=-1');
    expect(status).toBe(400);
    expect(body.error).toContain('limit must be at least 1');
  });
});

describe('GET /api/locations/search', () => {
  it.each([
    ['bang', 'Bengaluru'],
    ['bangalore', 'Bengaluru'],
    ['Bengaluru', 'Bengaluru'],
    ['banglore', 'Bengaluru'],
    ['bombay', 'Mumbai'],
    ['mum', 'Mumbai'],
    ['gurgaon', 'Gurugram'],
    ['korama', 'Koramangala'],
    ['kerala', 'Kerala'],
  ])('%s finds %s', async (q, expected) => {
    const { status, body } = await call(`/api/locations/search?q=${encodeURIComponent(q)}&limit=10`);
    expect(status).toBe(200);
    expect(names(body)).toContain(expected);
    expect(names(body).indexOf(expected)).toBeLessThan(3);
  });

  it('respects the limit and carries counts', async () => {
    const { body } = await call('/api/locations/search?q=ban&limit=3');
    expect(body.data.length).toBeLessThanOrEqual(3);
    const bengaluru = (await call('/api/locations/search?q=bengaluru')).body.data[0];
    expect(bengaluru).toMatchObject({ name: 'Bengaluru', count: 2 });
  });

  it('needs at least 2 characters', async () => {
    for (const q of ['', 'b', '  b  ']) {
      const { status, body } = await call(`/api/locations/search?q=${encodeURIComponent(q)}`);
      expect(status).toBe(400);
      expect(body.error).toBe('Type at least 2 characters to search locations');
    }
    const missing = await call('/api/locations/search');
    expect(missing.status).toBe(400);
  });

  it('returns an empty list for nonsense', async () => {
    const { status, body } = await call('/api/locations/search?q=zzqxj');
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
  });
});

describe('states, cities and areas', () => {
  it('lists state names alphabetically', async () => {
    const { body } = await call('/api/locations/states');
    expect(body.data).toContain('Karnataka');
    expect(body.data).toContain('Delhi');
    expect(body.data).toEqual([...body.data].sort((a: string, b: string) => a.localeCompare(b, 'en-IN')));
  });

  it('lists the cities of a state with counts', async () => {
    const { status, body } = await call('/api/locations/cities/Karnataka');
    expect(status).toBe(200);
    expect(names(body)).toEqual(expect.arrayContaining(['Bengaluru', 'Mysuru', 'Mangaluru']));
    expect(body.data.find((c: { name: string }) => c.name === 'Mysuru').count).toBe(1);
    expect((await call('/api/locations/cities/karnataka')).body.data.length).toBe(body.data.length);
  });

  it('lists the areas of a city', async () => {
    const { status, body } = await call('/api/locations/areas?city=Bengaluru&state=Karnataka');
    expect(status).toBe(200);
    expect(names(body)).toEqual(expect.arrayContaining(['Koramangala', 'Whitefield', 'Indiranagar']));
    const koramangala = body.data.find((a: { name: string }) => a.name === 'Koramangala');
    expect(koramangala).toMatchObject({ kind: 'area', city: 'Bengaluru', area: 'Koramangala', state: 'Karnataka', count: 1 });
  });

  it('404s with a clear message for unknown places, 400 without a city', async () => {
    const state = await call('/api/locations/cities/Narnia');
    expect(state.status).toBe(404);
    expect(state.body.error).toBe('No state called "Narnia"');
    const city = await call('/api/locations/areas?city=Gotham');
    expect(city.status).toBe(404);
    expect(city.body.error).toBe('No city called "Gotham"');
    expect((await call('/api/locations/areas')).status).toBe(400);
  });

  it('GET /api/locations/{id}', async () => {
    const first = (await call('/api/locations/search?q=bengaluru')).body.data[0];
    const { status, body } = await call(`/api/locations/${first.id}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: first.id, name: 'Bengaluru' });
    expect((await call('/api/locations/999999')).status).toBe(404);
    expect((await call('/api/locations/abc')).status).toBe(400);
  });
});

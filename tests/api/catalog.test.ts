import { describe, expect, it } from 'vitest';
import { call } from './helpers';
import { createListing, createUser } from '../factories';
import { TAXONOMY } from '../../worker/schemas/taxonomy';
import { env } from 'cloudflare:workers';
import { getDb } from '../../worker/db/client';
import { listPopularSearches } from '../../worker/services/listings/catalog';
import { forgetIsolateMemos } from '../../worker/lib/isolate-memos';

describe('GET /api/categories', () => {
  it('lists the 10 categories with their subcategories and live counts', async () => {
    const seller = await createUser();
    await createListing(seller, { categoryId: 'vehicles', subcategoryId: 'vehicles-cars' });
    await createListing(seller, { categoryId: 'vehicles', subcategoryId: 'vehicles-scooters' });
    await createListing(seller, { categoryId: 'vehicles', subcategoryId: 'vehicles-cars', status: 'SOLD' });
    const { status, body } = await call('/api/categories');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.map((c: { name: string }) => c.name)).toEqual(TAXONOMY.map((c) => c.name));
    const vehicles = body.data.find((c: { id: string }) => c.id === 'vehicles');
    expect(vehicles.count).toBe(2);
    expect(vehicles.subcategories.find((s: { name: string }) => s.name === 'Cars').count).toBe(1);
    expect(vehicles.subcategories.map((s: { name: string }) => s.name)).toEqual([
      'Cars', 'Motorcycles', 'Bicycles', 'Scooters', 'Commercial Vehicles', 'Spare Parts',
    ]);
  });
});

describe('GET /api/popular-searches', () => {
  it('returns the category’s terms, by id or by name', async () => {
    const byId = await call('/api/popular-searches?category=vehicles');
    const byName = await call('/api/popular-searches?category=Vehicles');
    expect(byId.status).toBe(200);
    expect(byId.body.data.length).toBeGreaterThan(3);
    expect(byId.body.data[0]).toEqual({ id: expect.any(String), term: 'swift' });
    expect(byName.body.data).toEqual(byId.body.data);
  });

  it('falls back to the overall terms without a category or for an unknown one', async () => {
    const all = await call('/api/popular-searches');
    const unknown = await call('/api/popular-searches?category=spaceships');
    expect(all.body.data.length).toBeGreaterThan(3);
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual(all.body.data);
  });
});

describe('GET /api/banner-ads', () => {
  it('returns active banner ads with the spec fields', async () => {
    const { status, body } = await call('/api/banner-ads');
    expect(status).toBe(200);
    expect(body.data[0]).toMatchObject({ logo: expect.any(String), title: expect.any(String), subtitle: expect.any(String), buttonText: expect.any(String) });
  });
});

describe('category names a client sends', () => {
  it('a subcategory named inside its category wins over a menu label of the same name', async () => {
    const { resolveCategory } = await import('../../worker/services/listings/catalog');
    const { getDb } = await import('../../worker/db/client');
    const { env } = await import('cloudflare:workers');
    const db = getDb(env.DB);
    // Books & Media has its own "Games"; the home menu's "Games" means Electronics / Gaming Consoles
    const books = await resolveCategory(db, 'Books & Media', 'Games');
    expect([books?.category?.id, books?.subcategory?.id]).toEqual(['books-and-media', 'books-and-media-games']);
    const menu = await resolveCategory(db, 'Games');
    expect([menu?.category?.id, menu?.subcategory?.name]).toEqual(['electronics', 'Gaming Consoles']);
    // and browsing that subcategory by its names answers, not a 400
    const res = await call(`/api/listings?category=${encodeURIComponent('Books & Media')}&subcategory=Games`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('popular searches per isolate', () => {
  it('are read from D1 once for every category, each answered as its own read would', async () => {
    // each category's own read, as the service made it before: its terms by position, else the overall ones
    const own = async (id: string | null) =>
      (await env.DB.prepare(`SELECT id, term FROM popular_searches WHERE category_id ${id ? '= ?' : 'IS NULL'} ORDER BY position`).bind(...(id ? [id] : [])).all<{ id: string; term: string }>()).results;
    const overall = await own(null);
    const expected = await Promise.all(TAXONOMY.map(async (c) => ((await own(c.id)).length ? own(c.id) : overall)));
    expect(overall.length).toBeGreaterThan(3);
    // a cold isolate, its D1 statements counted
    forgetIsolateMemos();
    const sqls: string[] = [];
    const counted = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'prepare') return (sql: string) => (sqls.push(sql), target.prepare(sql));
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const db = getDb(counted);
    // by name and by id, with none and with an unknown one, all at once as pages ask for them
    const answers = await Promise.all([...TAXONOMY.map((c, i) => listPopularSearches(db, i % 2 ? c.name : c.id)), listPopularSearches(db), listPopularSearches(db, 'spaceships')]);
    expect(answers).toEqual([...expected, overall, overall]);
    // the category tree may be read too (resolving the names); the popular searches once, for all
    expect(sqls.filter((sql) => /popular_searches/.test(sql))).toHaveLength(1);
  });
});

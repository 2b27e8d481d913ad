import { describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { createUserWithToken } from '../factories';
import { shardAd } from './support';

/** The sitemaps with the listings over four databases (decision 033): every database's live ads, each paged by its own row numbers. */
const get = async (path: string) => {
  const res = await call(path);
  return { status: res.status, text: String(res.body) };
};

describe('sitemaps over four listings databases', () => {
  it("list every database's live ads in files of their own, and the category-in-city pages of all of them", async () => {
    const seller = await createUserWithToken();
    const delhi = await shardAd(seller, { city: 'Delhi', title: 'Delhi sitemap car' });
    const chennai = await shardAd(seller, { city: 'Chennai', title: 'Chennai sitemap car' });
    const sold = await shardAd(seller, { city: 'Chennai', title: 'Sold sitemap car', status: 'SOLD' });
    const mobile = await shardAd(seller, { city: 'Ahmedabad', categoryId: 'electronics', subcategoryId: 'electronics-smartphones' });

    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    for (const d of [0, 1, 2, 3]) expect(index.text).toContain(`<sitemap><loc>http://sel.test/sitemaps/listings-${d}-0.xml</loc></sitemap>`);
    expect(index.text).not.toContain('listings-0.xml');

    const file = async (d: number) => (await get(`/sitemaps/listings-${d}-0.xml`)).text;
    const [f1, f2, f3] = [await file(1), await file(2), await file(3)];
    expect(f1).toContain(`/item/${(await slugOf(delhi))}</loc>`);
    expect(f3).toContain(`/item/${(await slugOf(chennai))}</loc>`);
    expect(f3).not.toContain(sold.id);
    expect(f2).toContain(mobile.id);
    expect(f1).not.toContain(chennai.id);
    // a database the deployment does not have, or the one-database form: no such file
    expect((await get('/sitemaps/listings-7-0.xml')).status).toBe(404);

    const pages = (await get('/sitemaps/pages.xml')).text;
    expect(pages).toContain('http://sel.test/products?category=Vehicles&amp;location=Delhi');
    expect(pages).toContain('http://sel.test/products?category=Vehicles&amp;location=Chennai');
    expect(pages).toContain('http://sel.test/products?category=Electronics&amp;location=Ahmedabad');
    // in category order, then city: Vehicles' cities one after the other, alphabetically
    expect(pages.indexOf('location=Chennai')).toBeLessThan(pages.indexOf('category=Vehicles&amp;location=Delhi'));
  });
});

const slugOf = async (ad: { id: string; db: D1Database }) => (await ad.db.prepare('SELECT slug FROM listings WHERE id = ?').bind(ad.id).first<string>('slug'))!;

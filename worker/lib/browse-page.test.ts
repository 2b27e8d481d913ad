import { describe, expect, it } from 'vitest';
import type { SearchInfo } from '../schemas/search';
import { browseCrumbs, browseHeading, browseMarkup, escapeHtml, formatListingDateIst, formatPrice } from './browse-page';

describe('browse page markup helpers', () => {
  it('escapes every character that could end an attribute or open a tag', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#x27;y&#x27;&gt;&amp;&lt;/a&gt;');
  });

  it('formats prices like the app', () => {
    expect(formatPrice(1650000)).toBe('₹ 16,50,000');
    expect(formatPrice(10.5, 'EUR')).toBe('€ 10.5');
  });

  it('writes card dates in India time, like the app does for a viewer in India', () => {
    const now = new Date('2026-11-25T20:00:00Z'); // 01:30 on the 26th in India
    expect(formatListingDateIst('2026-11-25T19:00:00Z', now)).toBe('Today'); // 00:30 on the 26th IST
    expect(formatListingDateIst('2026-11-25T10:00:00Z', now)).toBe('YESTERDAY');
    expect(formatListingDateIst('2026-11-22T10:00:00Z', now)).toBe('4 DAYS AGO');
    expect(formatListingDateIst('2026-11-03T10:00:00Z', now)).toBe('Nov 3');
    expect(formatListingDateIst('2025-11-03T10:00:00Z', now)).toBe('Nov 3, 2025');
  });

  it('names the page and its crumbs as the app does', () => {
    expect(browseHeading({ category: 'Cars', location: 'Pune' })).toBe('Cars in Pune');
    expect(browseHeading({ q: 'swift' })).toBe('"swift" in India');
  });

  it('heads a text search with what the search understood: a place or a category read out of the words, a wider place', () => {
    const info = (interpretedAs: SearchInfo['interpretedAs'], more: Partial<SearchInfo> = {}): SearchInfo => ({ query: 'x', interpretedAs, relaxed: 'none', ...more });
    // the place came from the words
    expect(browseHeading({ q: 'buds chennai' }, info({ q: 'buds', location: 'Chennai' }))).toBe('"buds" in Chennai');
    // the words were a category and a place
    expect(browseHeading({ q: 'cars in pune' }, info({ q: '', category: 'Cars', location: 'Pune' }))).toBe('Cars in Pune');
    expect(browseHeading({ q: 'cars' }, info({ q: '', category: 'Vehicles', subcategory: 'Cars' }))).toBe('Cars in India');
    // nothing there: the ads come from the wider place
    expect(browseHeading({ q: 'scooty', location: 'Wakad' }, info({ q: 'scooty', location: 'Wakad' }, { relaxed: 'widerPlace', widenedTo: 'Pune' }))).toBe('"scooty" in Pune');
    expect(browseHeading({ q: 'scooty', location: 'Wakad' }, info({ q: 'scooty', location: 'Wakad' }, { relaxed: 'widerPlace', widenedTo: 'India' }))).toBe('"scooty" in India');
    // the buyer picked the place: their words and their place, as before
    expect(browseHeading({ q: 'iphone 13', location: 'Delhi' }, info({ q: 'iphone 13', location: 'Delhi' }))).toBe('"iphone 13" in Delhi');
    expect(browseHeading({ q: 'onneplus' }, info({ q: 'oneplus' }, { relaxed: 'corrected', correctedQuery: 'oneplus' }))).toBe('"onneplus" in India');
    expect(browseCrumbs({ category: 'Vehicles', subcategory: 'Cars', location: 'Pune' }).map((c) => c.label)).toEqual(['Home', 'Vehicles', 'Items in Pune', 'Cars']);
    expect(browseCrumbs({ category: 'Vehicles', subcategory: 'Cars', location: 'Pune' })[3]!.href).toBe('/products?category=Vehicles&subcategory=Cars&location=Pune');
  });

  it('puts a place read from the words in the breadcrumb, unless the URL names a place', () => {
    const crumbs = (params: string, location?: string) => {
      const html = browseMarkup({
        origin: 'https://sel.example',
        subject: { q: 'iphone in pune', location },
        search: new URLSearchParams(params),
        results: { listings: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 }, search: { query: 'iphone in pune', interpretedAs: { q: 'iphone', location: 'Pune' }, relaxed: 'none' } },
      });
      return html.match(/<nav aria-label="Breadcrumb"[^]*?<\/nav>/)?.[0].replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/\s+/g, ' ').trim();
    };
    expect(crumbs('q=iphone+in+pune')).toBe('Home Items in Pune Search "iphone in pune"');
    // "Search all of India" keeps the words and says India: the URL's place wins
    expect(crumbs('q=iphone+in+pune&location=India')).toBe('Home Items in India Search "iphone in pune"');
  });
});

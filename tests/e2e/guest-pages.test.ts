import { describe, expect, it } from 'vitest';
import { noProblems, openTab, useBrowser } from './browser';
import { listings } from './fixtures';

useBrowser();

/** The seeded city with the most vehicle ads: a real category-in-city page. */
const busiestVehicleCity = async () => {
  const { listings: all } = await listings({ category: 'Vehicles', limit: 100 });
  const counts = new Map<string, number>();
  for (const l of all) if (l.city) counts.set(l.city, (counts.get(l.city) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
};

describe('guest browse pages carry their results in the HTML (issue 22)', () => {
  it('without JavaScript, a category-in-city page shows the ads the API returns, with working links', async () => {
    const city = await busiestVehicleCity();
    const expected = await listings({ category: 'Vehicles', location: city, page: 1, limit: 20 });
    expect(expected.listings.length).toBeGreaterThan(0);
    // a context with JavaScript off: what a crawler or a phone before the bundle runs sees
    const noJs = await openTab(375, 812, { touch: true, javaScriptEnabled: false });
    const { page } = noJs;
    await page.goto(`/products?category=Vehicles&location=${encodeURIComponent(city)}`);
    await page.getByRole('heading', { level: 1, name: `Vehicles in ${city}` }).waitFor();
    const titles = await page.locator('.listing-card__title').allTextContents();
    expect(titles).toEqual(expected.listings.map((l) => l.title));
    await noJs.shot('guest-pages-01-no-javascript-375');
    // a card is a real link to the ad
    const first = expected.listings[0]!;
    expect(await page.locator('.listing-card__link').first().getAttribute('href')).toMatch(new RegExp(`/item/${first.slug}$`));
    await noJs.context.close();
  });

  it('the app takes over without fetching the same results again, and nothing moves', async () => {
    const city = await busiestVehicleCity();
    const tab = await openTab(375, 812, { touch: true });
    const { page } = tab;
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname + url.search);
    });
    await page.addInitScript(() => {
      (window as unknown as { __shift: number }).__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) (window as unknown as { __shift: number }).__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`/products?category=Vehicles&location=${encodeURIComponent(city)}`);
    // the app's own header is up: React has taken over
    await page.getByRole('combobox', { name: 'Search listings' }).waitFor();
    await page.waitForLoadState('networkidle');
    const searches = apiCalls.filter((u) => u.startsWith('/api/listings?'));
    expect(searches, apiCalls.join('\n')).toEqual([]);
    expect(apiCalls.filter((u) => u.startsWith('/api/categories'))).toEqual([]);
    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    expect(shift).toBeLessThan(0.1); // "good" CLS
    await tab.shot('guest-pages-02-app-took-over-375');
    noProblems(tab);
  });
});

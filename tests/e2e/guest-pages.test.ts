import { describe, expect, it } from 'vitest';
import { PHONE_UA, noProblems, openTab, useBrowser, type Tab } from './browser';
import { listings } from './fixtures';

useBrowser();

/** The seeded city with the most vehicle ads: a real category-in-city page. */
const busiestVehicleCity = async () => {
  const { listings: all } = await listings({ category: 'Vehicles', limit: 100 });
  const counts = new Map<string, number>();
  for (const l of all) if (l.city) counts.set(l.city, (counts.get(l.city) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
};

describe('guest browse pages carry their results in the HTML', () => {
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

/** Sums layout shifts from the start of the page (the app's takeover included). */
const watchShifts = (tab: Tab) =>
  tab.page.addInitScript(() => {
    (window as unknown as { __shift: number }).__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) (window as unknown as { __shift: number }).__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
const shiftOf = (tab: Tab) => tab.page.evaluate(() => (window as unknown as { __shift: number }).__shift);
/** The API requests a page makes, as path + query. */
const recordApiCalls = (tab: Tab) => {
  const calls: string[] = [];
  tab.page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
  });
  return calls;
};
/** The phone home's first page, as the app asks for it (worker/lib/page-boot.ts HOME_BOOT_KEYS.mobile). */
const phoneHomeFirstPage = () => listings({ limit: 6, featuredFirst: 'true', sortBy: 'createdAt', sortOrder: 'desc', page: 1 });

describe('home and listing pages carry their first screen in the HTML', () => {
  it('without JavaScript, a phone sees the home tiles and first cards, and a listing with its photo, price, title and place', async () => {
    const expected = await phoneHomeFirstPage();
    const noJs = await openTab(375, 812, { touch: true, javaScriptEnabled: false, userAgent: PHONE_UA });
    const { page } = noJs;
    await page.goto('/');
    await page.getByRole('heading', { name: 'Fresh recommendations' }).waitFor();
    expect(await page.locator('.listing-card__title').allTextContents()).toEqual(expected.listings.map((l) => l.title));
    expect(await page.locator('a.category-tile').count()).toBe(12);
    await noJs.shot('first-screen-01-home-no-javascript-375');
    // a card leads to its ad, which is markup too
    const ad = expected.listings.find((l) => l.images.length > 0)!;
    await page.locator(`a.listing-card__link[href$="/item/${ad.slug}"]`).click();
    await page.getByRole('heading', { level: 1, name: ad.title }).waitFor();
    expect(await page.locator('.listing-detail__price').textContent()).toBe(`₹ ${ad.price.toLocaleString('en-IN')}`);
    expect(await page.locator('.listing-detail__meta').textContent()).toContain(ad.location);
    const photo = page.locator('.carousel__stage img');
    expect(await photo.getAttribute('src')).toBe(`${ad.images[0]}?w=800`);
    // the photo has loaded (a real image, laid out at the stage's size)
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home', exact: true }).count()).toBe(1);
    await noJs.shot('first-screen-02-listing-no-javascript-375');
    await noJs.context.close();
  });

  it('the app takes home over from the same data: no second request, nothing twice, nothing moves', async () => {
    const expected = await phoneHomeFirstPage();
    const tab = await openTab(375, 812, { touch: true, userAgent: PHONE_UA });
    const calls = recordApiCalls(tab);
    await watchShifts(tab);
    await tab.page.goto('/');
    // the app's own header is up and the tiles that open a guide are buttons: React has taken over
    await tab.page.getByRole('combobox', { name: 'Search listings' }).waitFor();
    await expect.poll(() => tab.page.locator('button.category-tile').count()).toBe(9);
    await tab.page.waitForLoadState('networkidle');
    expect(calls.filter((u) => u.startsWith('/api/listings?')), calls.join('\n')).toEqual([]);
    expect(await tab.page.locator('main').count()).toBe(1);
    expect(await tab.page.locator('.listing-card__title').allTextContents()).toEqual(expected.listings.map((l) => l.title));
    expect(await tab.page.locator('.category-grid').count()).toBe(1);
    expect(await shiftOf(tab)).toBe(0);
    await tab.shot('first-screen-03-home-app-375');
    noProblems(tab);
    await tab.context.close();
  });

  it('the app takes a listing page over: the same photo, no second request for the ad, nothing twice, nothing moves', async () => {
    const ad = (await listings({ category: 'Vehicles', limit: 20 })).listings.find((l) => l.images.length > 1)!;
    const tab = await openTab(375, 812, { touch: true, userAgent: PHONE_UA });
    const calls = recordApiCalls(tab);
    const photos: string[] = [];
    tab.page.on('request', (r) => {
      if (r.url().includes('?w=800')) photos.push(r.url());
    });
    await watchShifts(tab);
    await tab.page.goto(`/item/${ad.slug}`);
    await tab.page.getByRole('combobox', { name: 'Search listings' }).waitFor();
    // the app's carousel (its photo opens the viewer: a button, not the markup's link)
    await tab.page.locator('button.carousel__open').waitFor();
    await tab.page.waitForLoadState('networkidle');
    expect(calls.filter((u) => u.startsWith('/api/listings/slug/') || u === `/api/listings/${ad.id}`), calls.join('\n')).toEqual([]);
    expect(await tab.page.locator('main').count()).toBe(1);
    expect(await tab.page.locator('h1').allTextContents()).toEqual([ad.title]);
    expect(await tab.page.locator('.carousel').count()).toBe(1);
    expect(await tab.page.locator('a.carousel__open').count()).toBe(0);
    // the large photo was fetched once: the markup and the app show the very same URL
    expect(photos).toEqual([`${ad.images[0]}?w=800`]);
    expect(await shiftOf(tab)).toBe(0);
    await tab.shot('first-screen-04-listing-app-375');
    noProblems(tab);
    await tab.context.close();
  });
});

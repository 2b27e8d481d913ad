import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE_UA, apiRegister, noProblems, openTab, signIn, useBrowser, type Tab } from './browser';
import { api, listings } from './fixtures';

useBrowser();

/**
 * Browsing on a 375 px phone (decision 024's addendum): the filter's category counts follow the
 * words, a place read from the words shows in the location picker and breadcrumb, the results start
 * near the top, a minimum above the maximum is refused on Apply with a swap offered, the ad page's
 * photos swipe; and offline (decision 025) in Hindi: an ad page reloads from the phone, and a heart
 * tapped offline is refused and does not look saved.
 */

/** Requests the browser tried while offline fail by design; nothing else may. */
const offlineNoise = (tab: Tab) => tab.problems.splice(0, tab.problems.length, ...tab.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to fetch/.test(p)));

const firstResultTop = (page: Page) =>
  page.evaluate(() => Math.round(document.querySelector('.listing-grid--products a[href^="/item/"]')?.getBoundingClientRect().top ?? -1));

/** One finger dragged across the element, as Chromium's touch emulation delivers it. */
const swipe = async (page: Page, selector: string, dx: number) => {
  // the stage is re-rendered as a slide changes: wait for the one on screen before measuring it
  const stage = page.locator(selector);
  await stage.waitFor({ state: 'visible' });
  const box = await stage.boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
  for (let i = 1; i <= 5; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + (dx * i) / 5, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
};

describe('browsing on a phone', () => {
  it('English: counts follow the words, the place read from them shows, results start high, a reversed price is refused, photos swipe', async () => {
    const tab = await openTab(375, 812, { touch: true, userAgent: PHONE_UA });
    const { page } = tab;

    // "scooty" is the Scooters category: the filter counts only scooters, not every ad on the site
    await page.goto('/products?q=scooty');
    await page.locator('.listing-grid--products a[href^="/item/"]').first().waitFor();
    // the results start near the top of the phone (they were ~570 px down, under the banner and popular searches)
    const top = await firstResultTop(page);
    console.log(`first result at ${top} px on a 375×812 phone ("scooty")`);
    expect(top).toBeGreaterThan(0);
    expect(top).toBeLessThan(420);
    // (until the counts for these words arrive the drawer shows the catalogue's own totals)
    const counted = page.waitForResponse((r) => r.url().includes('/api/listings/facets?') && r.ok());
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await counted;
    const categoryFilter = drawer.locator('.filter-section').first();
    // only the category the words stand for, with as many ads as the search found
    const found = (await listings({ q: 'scooty', limit: 1 })).pagination.total;
    await expect.poll(() => categoryFilter.innerText()).toMatch(new RegExp(`^CATEGORIES\\s+Vehicles \\(${found}\\)\\s*$`));

    // min above max: Apply says so and keeps the drawer; the swap fixes it; nothing is dropped
    const min = drawer.getByLabel('Minimum price in rupees');
    const max = drawer.getByLabel('Maximum price in rupees');
    await min.fill('50000');
    await max.fill('10000');
    await drawer.getByText('Minimum price cannot be more than maximum price.').first().waitFor();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByRole('alert').filter({ hasText: 'Check the price before applying' }).waitFor();
    expect(await drawer.isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('maxPrice')).toBeNull();
    await tab.shot('snags-browse-price-refused-en');
    await drawer.getByRole('button', { name: 'Swap min and max' }).click();
    expect(await min.inputValue()).toBe('10000');
    expect(await max.inputValue()).toBe('50000');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('minPrice') === '10000' && url.searchParams.get('maxPrice') === '50000');
    await drawer.waitFor({ state: 'detached' });

    // a place in the words: the location picker and the breadcrumb say where the search looks
    await page.goto('/products?q=iphone%20in%20pune');
    await page.locator('.listing-grid--products a[href^="/item/"]').first().waitFor();
    await page.getByRole('button', { name: 'Choose location: Pune' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText()).toContain('Items in Pune');
    await tab.shot('snags-browse-place-from-words-en');
    // "Search all of India" takes the place back out
    await page.getByRole('link', { name: 'Search all of India' }).click();
    await page.getByRole('button', { name: 'Choose location: India' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText()).toContain('Items in India');

    // the ad page's photos: a sideways swipe moves on, a vertical drag does not, arrows and keys still work
    const withPhotos = (await listings({ limit: 50, sortBy: 'createdAt', sortOrder: 'desc' })).listings.find((l) => l.images.length >= 3);
    if (!withPhotos) throw new Error('the e2e seed has no ad with three photos');
    const n = withPhotos.images.length;
    await page.goto(`/item/${withPhotos.slug}`);
    const counter = page.locator('.carousel__counter');
    await expect.poll(() => counter.innerText()).toBe(`1 / ${n}`);
    await swipe(page, '.carousel__stage', -200);
    await expect.poll(() => counter.innerText()).toBe(`2 / ${n}`);
    await swipe(page, '.carousel__stage', 200);
    await expect.poll(() => counter.innerText()).toBe(`1 / ${n}`);
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect.poll(() => counter.innerText()).toBe(`2 / ${n}`);
    await page.getByRole('button', { name: 'Next image' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counter.innerText()).toBe(`1 / ${n}`);
    // a tap (no travel) opens nothing new and changes no photo; the full-screen viewer is not opened by a swipe
    expect(new URL(page.url()).hash).toBe('');

    noProblems(tab);
    await tab.context.close();
  });

  it('Hindi: an ad page opened before reloads offline; a heart tapped offline is refused and does not look saved', async () => {
    const [ad] = (await listings({ limit: 1, sortBy: 'createdAt', sortOrder: 'desc' })).listings;
    if (!ad) throw new Error('the e2e seed has no ads');
    const buyer = await apiRegister(`snags.browse.${Date.now()}@example.in`, 'mango2024', { firstName: 'Farah', lastName: 'Khan' });
    const tab = await openTab(375, 812, { touch: true, userAgent: PHONE_UA });
    const { page, context } = tab;
    await signIn(tab, buyer.token);
    await page.evaluate(() => localStorage.setItem('language', 'hi'));

    await page.goto(`/item/${ad.slug}`);
    await page.getByRole('heading', { level: 1, name: ad.title }).waitFor();
    const heart = page.getByRole('button', { name: 'पसंदीदा में जोड़ें', exact: true });
    await heart.waitFor();
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 20_000 });
    // opened again once the worker is in control: a signed-in person's answers are kept from then on (decision 025)
    await page.reload();
    await heart.waitFor();

    // the network goes and the page is reloaded: the stored ad, in Hindi, with the Hindi notice
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: ad.title }).waitFor();
    await page.locator('.offline-status').getByText('आप ऑफ़लाइन हैं।', { exact: true }).waitFor();

    // a heart tapped offline: refused, said so in Hindi, and still empty
    await heart.click();
    await page.getByText('आप ऑफ़लाइन हैं, इसलिए यह सेव नहीं हुआ। ऑनलाइन होने पर दिल पर फिर से टैप करें।').waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByRole('button', { name: 'पसंदीदा से हटाएँ', exact: true }).count()).toBe(0);
    await tab.shot('snags-browse-offline-heart-hi');

    // back online: nothing was saved behind the buyer's back
    await context.setOffline(false);
    const favourites = await api<{ listings: { id: string }[] }>('/listings/user/favorites?limit=10', { token: buyer.token });
    expect(favourites.listings.map((l) => l.id)).not.toContain(ad.id);

    offlineNoise(tab);
    noProblems(tab);
    await context.close();
  });
});

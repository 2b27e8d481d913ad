import { describe, expect, it } from 'vitest';
import { noProblems, openTab, useBrowser } from './browser';
import { listings, type ApiListing } from './fixtures';

useBrowser();

const QUERY = 'honda';

/** The seeded city with the most "honda" ads (ties: alphabetical), so the journey never depends on one seed's luck. */
const pickCity = async () => {
  const { listings: all } = await listings({ q: QUERY, limit: 50 });
  const byCity = new Map<string, ApiListing[]>();
  for (const l of all) {
    if (!l.city || !l.state) continue;
    const key = `${l.city}|${l.state}`;
    byCity.set(key, [...(byCity.get(key) ?? []), l]);
  }
  const [key, ads] = [...byCity.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))[0]!;
  const [city, state] = key.split('|') as [string, string];
  const prices = ads.map((l) => l.price);
  // a band around this city's honda prices: the filter is applied and keeps them all
  const minPrice = Math.floor((Math.min(...prices) * 0.9) / 1000) * 1000;
  const maxPrice = Math.ceil((Math.max(...prices) * 1.1) / 1000) * 1000;
  return { city, state, label: `${city}, ${state}`, minPrice, maxPrice };
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const rupees = (n: number) => `₹ ${n.toLocaleString('en-IN')}`;

describe('journey 1: a guest searches, filters, sorts and opens a result', () => {
  it('picks a city, searches honda, filters by price, sorts low to high, opens an ad; the deep link shows the same list', async () => {
    const place = await pickCity();
    const expected = await listings({ q: QUERY, location: place.label, minPrice: place.minPrice, maxPrice: place.maxPrice, sortBy: 'price', sortOrder: 'asc', limit: 20 });
    const expectedTitles = expected.listings.map((l) => l.title);
    expect(expectedTitles.length).toBeGreaterThanOrEqual(2);

    const tab = await openTab(1280);
    const { page } = tab;
    await page.goto('/');
    await page.getByRole('heading', { name: 'Fresh recommendations' }).waitFor();

    // the header's location dropdown: type, wait for the search, choose the city (not the state of the same name)
    await page.getByRole('button', { name: /^Choose location: India$/ }).click();
    const picker = page.getByRole('dialog', { name: 'Choose location' });
    await picker.getByRole('searchbox', { name: 'Search city, area or locality' }).fill(place.city);
    const option = picker.getByRole('button', { name: new RegExp(`^${escape(place.city)}\\s*${escape(place.state)}$`) });
    await option.waitFor();
    await tab.shot('01-location-search');
    await option.click();
    await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('location') === place.label);
    await page.getByRole('heading', { level: 1, name: `Items in ${place.label}` }).waitFor();
    expect(await picker.count()).toBe(0);
    await expect(page.getByRole('button', { name: `Choose location: ${place.label}` }).isVisible()).resolves.toBe(true);

    // search: the chosen place comes along
    const searchBox = page.getByRole('combobox', { name: 'Search listings' });
    await searchBox.fill(QUERY);
    await searchBox.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === QUERY && url.searchParams.get('location') === place.label);
    await page.getByRole('heading', { level: 1, name: `"${QUERY}" in ${place.label}` }).waitFor();

    // sidebar price filter
    const sidebar = page.getByRole('complementary', { name: 'Filters' });
    await sidebar.getByLabel('Minimum price in rupees').fill(String(place.minPrice));
    await sidebar.getByLabel('Maximum price in rupees').fill(String(place.maxPrice));
    await sidebar.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('minPrice') === String(place.minPrice) && url.searchParams.get('maxPrice') === String(place.maxPrice));
    const chips = page.getByRole('group', { name: 'Active filters' });
    await chips.getByText(`${rupees(place.minPrice)} - ${rupees(place.maxPrice)}`).waitFor();
    expect(await chips.getByText(`"${QUERY}"`).isVisible()).toBe(true);
    expect(await chips.getByText(place.label, { exact: true }).isVisible()).toBe(true);

    // sort: price low to high
    const sort = page.getByLabel('Sort by:');
    await sort.selectOption({ label: 'Price: Low to High' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-asc');
    const results = page.getByRole('region', { name: 'Results', exact: true });
    const titles = results.getByRole('heading', { level: 3 });
    const shownTitles = async () => {
      if ((await results.getAttribute('aria-busy')) === 'true') return [];
      return titles.allTextContents();
    };
    await expect.poll(shownTitles, { timeout: 10_000 }).toEqual(expectedTitles);
    // what the cards show: every price inside the band, cheapest first
    const prices = (await results.locator('.listing-card__price').allTextContents()).map((p) => Number(p.replace(/[^\d]/g, '')));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const p of prices) expect(p >= place.minPrice && p <= place.maxPrice).toBe(true);
    expect(await page.getByText(`${expectedTitles.length} ads`, { exact: true }).isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await tab.shot('01-results-price-asc');

    // open the first result by its card
    const first = expected.listings[0]!;
    await results.getByRole('link', { name: new RegExp(escape(first.title)) }).first().click();
    await page.waitForURL((url) => url.pathname === `/item/${first.slug}`);
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    expect(await page.locator('.listing-detail__price').textContent()).toBe(rupees(first.price));
    const seller = page.getByRole('region', { name: 'Posted by', exact: true });
    await seller.waitFor();
    expect(await seller.getByText(`${first.user.firstName} ${first.user.lastName}`).isVisible()).toBe(true);
    expect(await seller.getByText(/^Member since /).isVisible()).toBe(true);
    expect(await seller.getByRole('button', { name: 'Chat with seller' }).isVisible()).toBe(true);
    await tab.shot('01-detail');
    const related = page.getByRole('region', { name: 'Related items', exact: true });
    await related.waitFor();
    const relatedLinks = related.getByRole('link');
    expect(await relatedLinks.count()).toBeGreaterThanOrEqual(1);
    for (const href of await relatedLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) expect(href).toMatch(/^\/item\//);
    await related.scrollIntoViewIfNeeded();
    await tab.shot('01-detail-with-related');
    noProblems(tab);
    await tab.context.close();

    // the same search as a deep link, in a fresh browser: same results, same order
    const direct = await openTab(1280);
    const deepLink = `/products?${new URLSearchParams({ q: QUERY, location: place.label, minPrice: String(place.minPrice), maxPrice: String(place.maxPrice), sort: 'price-asc' })}`;
    await direct.page.goto(deepLink);
    await direct.page.getByRole('heading', { level: 1, name: `"${QUERY}" in ${place.label}` }).waitFor();
    const directResults = direct.page.getByRole('region', { name: 'Results', exact: true });
    await expect.poll(() => directResults.getByRole('heading', { level: 3 }).allTextContents(), { timeout: 10_000 }).toEqual(expectedTitles);
    expect(await direct.page.getByLabel('Sort by:').inputValue()).toBe('price-asc');
    expect(await direct.page.getByRole('group', { name: 'Active filters' }).getByText(`${rupees(place.minPrice)} - ${rupees(place.maxPrice)}`).isVisible()).toBe(true);
    await direct.shot('01-deep-link');
    noProblems(direct);
    await direct.context.close();
  });
});

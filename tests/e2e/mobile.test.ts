import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noProblems, openTab, useBrowser } from './browser';
import { listings } from './fixtures';

useBrowser();

const WIDTH = 375;
const rupees = (n: number) => `₹ ${n.toLocaleString('en-IN')}`;

/** How far the page scrolls sideways (0 when it fits the phone). */
const sideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('journey 7: the phone layout at 375 px', () => {
  it('home, products and a listing fit the screen without sideways scrolling', async () => {
    const { listings: latest } = await listings({ limit: 1 });
    const ad = latest[0]!;
    const tab = await openTab(WIDTH, 800);
    const { page } = tab;

    await page.goto('/');
    await page.getByRole('heading', { name: 'Fresh recommendations' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await tab.shot('07-home-375');

    await page.goto('/products?category=Vehicles&subcategory=Cars');
    await page.getByRole('heading', { level: 1, name: 'Cars in India' }).waitFor();
    await page.getByRole('region', { name: 'Results', exact: true }).getByRole('heading', { level: 3 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await tab.shot('07-products-375');

    await page.goto(`/item/${ad.slug}`);
    await page.getByRole('heading', { level: 1, name: ad.title }).waitFor();
    await page.getByRole('region', { name: 'Posted by', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    // no control covers another: every visible button and link on the ad page is what a tap at its centre reaches
    // (checked with the seller's buttons scrolled to the bottom of the screen, where the SELL button floated)
    await page.evaluate(() => {
      const chat = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Chat with seller');
      if (chat) window.scrollBy(0, chat.getBoundingClientRect().bottom - window.innerHeight + 12);
    });
    const covered = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('a[href], button')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && getComputedStyle(el).visibility !== 'hidden';
        })
        .flatMap((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          if (hit === null || hit === el || el.contains(hit) || hit.contains(el)) return [];
          // the sticky top bar overlays whatever has scrolled under it (the breadcrumbs of a short ad): that is
          // scrolling, not a control covering another; anything else on top (the floating SELL button) counts
          if (hit.closest('header') !== null && el.closest('header') === null) return [];
          const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
          return [`${el.tagName} "${label}" under ${hit.tagName}.${String(hit.className).slice(0, 40)}`];
        }),
    );
    expect(covered).toEqual([]);
    expect(await page.getByRole('link', { name: /SELL/ }).count()).toBe(0);
    await tab.shot('07-detail-375');
    noProblems(tab);
    await tab.context.close();
  });

  it('the menu opens with Login for a guest and closes again', async () => {
    const tab = await openTab(WIDTH, 800);
    const { page } = tab;
    await page.goto('/');
    await page.getByRole('heading', { name: 'Fresh recommendations' }).waitFor();
    const opener = page.getByRole('button', { name: 'Menu' });
    expect(await opener.getAttribute('aria-expanded')).toBe('false');
    await opener.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    expect(await opener.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByText('Welcome to SEL!').isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Login', exact: true }).isVisible()).toBe(true);
    for (const item of ['Start selling', 'My ADS', 'Wishlist', 'SEL Buyer plans', 'Chats', 'Help']) {
      expect(await menu.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: item, exact: true }).isVisible()).toBe(true);
    }
    expect(await menu.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    await tab.shot('07-menu-open');
    await menu.getByRole('button', { name: 'Close' }).click();
    await menu.waitFor({ state: 'hidden' });
    expect(await opener.getAttribute('aria-expanded')).toBe('false');
    await tab.shot('07-menu-closed');
    noProblems(tab);
    await tab.context.close();
  });

  it('the 12-tile category grid: Cars → budget range → products with that price filter', async () => {
    const range = { label: '₹3 - 5 Lakh', min: 300_000, max: 500_000 };
    const expected = await listings({ category: 'Vehicles', subcategory: 'Cars', minPrice: range.min, maxPrice: range.max, limit: 20 });
    expect(expected.pagination.total).toBeGreaterThan(0);

    const tab = await openTab(WIDTH, 800);
    const { page } = tab;
    await page.goto('/');
    const grid = page.getByRole('region', { name: 'Browse categories', exact: true });
    const tiles = grid.getByRole('listitem');
    await tiles.first().waitFor();
    expect(await tiles.count()).toBe(12);
    await tab.shot('07-category-grid');

    await grid.getByRole('button', { name: 'Cars', exact: true }).click();
    const guide = page.getByRole('dialog', { name: 'Cars' });
    await guide.waitFor();
    expect(await guide.getByRole('navigation', { name: 'Categories' }).getByRole('button').count()).toBe(9);
    const budgets = guide.getByRole('region', { name: 'Budget', exact: true }).getByRole('link');
    // the sheet says "Loading…" until the one shortcuts answer tells which shortcuts lead to ads
    await budgets.first().waitFor();
    expect(await budgets.allTextContents()).toEqual(['Under ₹3 Lakh', '₹3 - 5 Lakh', '₹5 - 8 Lakh', '₹8 - 15 Lakh', 'Over ₹15 Lakh']);
    expect(await guide.getByRole('region', { name: 'Popular brands', exact: true }).getByRole('link', { name: 'Honda' }).isVisible()).toBe(true);
    await tab.shot('07-cars-guide');

    await budgets.filter({ hasText: range.label }).click();
    await page.waitForURL((url) => url.pathname === '/products');
    const search = new URL(page.url()).searchParams;
    expect(Object.fromEntries(search)).toMatchObject({ category: 'Vehicles', subcategory: 'Cars', minPrice: String(range.min), maxPrice: String(range.max) });
    await guide.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Cars in India' }).waitFor();
    await page.getByRole('group', { name: 'Active filters' }).getByText(`${rupees(range.min)} - ${rupees(range.max)}`).waitFor();
    const results = page.getByRole('region', { name: 'Results', exact: true });
    await expect.poll(() => results.getByRole('heading', { level: 3 }).count()).toBe(Math.min(20, expected.pagination.total));
    await page.getByText(`${expected.pagination.total} ${expected.pagination.total === 1 ? 'ad' : 'ads'}`, { exact: true }).waitFor();
    const prices = (await results.locator('.listing-card__price').allTextContents()).map((p) => Number(p.replace(/[^\d]/g, '')));
    for (const p of prices) expect(p >= range.min && p <= range.max).toBe(true);
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await tab.shot('07-cars-budget-results');
    noProblems(tab);
    await tab.context.close();
  });
});

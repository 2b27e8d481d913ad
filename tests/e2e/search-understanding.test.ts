import { describe, expect, it } from 'vitest';
import { apiRegister, noProblems, openTab, signIn, useBrowser } from './browser';
import { api } from './fixtures';

useBrowser();

interface Suggestion {
  text: string;
  subcategoryName?: string;
  categoryName?: string;
}
interface SearchAnswer {
  listings: { title: string; price: number }[];
  search: { query: string; correctedQuery?: string; relaxed: string };
}

const suggestionsFor = async (q: string) => (await api<{ suggestions: Suggestion[] }>(`/search/suggest?q=${encodeURIComponent(q)}&limit=8`)).suggestions;
const label = (s: Suggestion) => (s.subcategoryName ?? s.categoryName ? `${s.text} in ${s.subcategoryName ?? s.categoryName}` : s.text);

describe('journey 8: search that understands a buyer on a phone', () => {
  it('a misspelled word gets suggestions; a suggestion opens its results; a misspelled search says what it showed', async () => {
    const tab = await openTab(375, 800, { touch: true });
    const { page } = tab;
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search listings' });

    // a typo as typed on a phone: the server forgives it, the box shows what it suggests
    const typo = 'hondda';
    const expected = await suggestionsFor(typo);
    expect(expected.length).toBeGreaterThan(0);
    await box.fill(typo);
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    const first = list.getByRole('option', { name: label(expected[0]!), exact: true });
    await first.waitFor();
    await tab.shot('08-suggestions-375');
    await first.tap();
    await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('q') === expected[0]!.text);
    if (expected[0]!.subcategoryName) expect(new URL(page.url()).searchParams.get('subcategory')).toBe(expected[0]!.subcategoryName);
    await page.getByRole('region', { name: 'Results', exact: true }).getByRole('heading', { level: 3 }).first().waitFor();

    // a misspelled search submitted as typed: corrected, and the page says so with a way back
    const candidates = ['hondda city', 'yamha', 'samsng', 'sofaa', 'iphonee'];
    let misspelled: { q: string; answer: SearchAnswer } | undefined;
    for (const q of candidates) {
      const answer = await api<SearchAnswer>(`/listings?q=${encodeURIComponent(q)}&limit=20`);
      if (answer.search.relaxed === 'corrected' && answer.listings.length) {
        misspelled = { q, answer };
        break;
      }
    }
    expect(misspelled, 'one of the typos is corrected on the e2e seed').toBeDefined();
    await box.fill(misspelled!.q);
    await box.press('Enter');
    const notice = page.getByRole('status').filter({ hasText: 'Showing results for' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`Showing results for ${misspelled!.answer.search.correctedQuery}`);
    const results = page.getByRole('region', { name: 'Results', exact: true }).getByRole('heading', { level: 3 });
    await expect.poll(() => results.allTextContents(), { timeout: 10_000 }).toEqual(misspelled!.answer.listings.map((l) => l.title));
    await tab.shot('08-corrected-375');

    // "search instead for" runs the words exactly as typed
    await notice.getByRole('link', { name: `Search instead for “${misspelled!.q}”` }).tap();
    await page.waitForURL((url) => url.searchParams.get('exact') === 'true');
    await expect.poll(() => notice.count()).toBe(0);
    noProblems(tab);
  });

  it('a Hindi word finds its suggestion and its ads', async () => {
    const tab = await openTab(375, 800, { touch: true });
    const { page } = tab;
    await page.goto('/');
    const typed = 'कुर्';
    const expected = await suggestionsFor(typed);
    expect(expected[0]).toMatchObject({ text: 'कुर्सी', subcategoryName: 'Furniture' });
    const box = page.getByRole('combobox', { name: 'Search listings' });
    await box.fill(typed);
    const option = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: label(expected[0]!), exact: true });
    await option.waitFor();
    await tab.shot('08-hindi-suggestions-375');
    await option.tap();
    await page.waitForURL((url) => url.searchParams.get('q') === 'कुर्सी' && url.searchParams.get('subcategory') === 'Furniture');
    const answer = await api<SearchAnswer>(`/listings?q=${encodeURIComponent('कुर्सी')}&category=${encodeURIComponent(expected[0]!.categoryName!)}&subcategory=Furniture&limit=20`);
    expect(answer.listings.length, 'chairs on the e2e seed').toBeGreaterThan(0);
    const results = page.getByRole('region', { name: 'Results', exact: true }).getByRole('heading', { level: 3 });
    await expect.poll(() => results.allTextContents(), { timeout: 10_000 }).toEqual(answer.listings.map((l) => l.title));
    await tab.shot('08-hindi-results-375');
    noProblems(tab);
  });

  it('a budget in the words is a chip in English and Hindi: removing it widens the results, saving keeps it', async () => {
    // the e2e seed has sofas on both sides of ₹10,000 (checked here, so the journey cannot pass on an empty page)
    const within = await api<SearchAnswer>(`/listings?q=${encodeURIComponent('sofa under 10k')}&limit=100`);
    const all = await api<SearchAnswer>('/listings?q=sofa&limit=100');
    expect(within.listings.length).toBeGreaterThan(0);
    expect(within.listings.every((l) => l.price <= 10_000)).toBe(true);
    expect(all.listings.some((l) => l.price > 10_000)).toBe(true);

    const buyer = await apiRegister(`meera.iyer.${Date.now()}@example.in`, 'mango2024', { firstName: 'Meera', lastName: 'Iyer' });
    const tab = await openTab(375, 800, { touch: true });
    const { page } = tab;
    await signIn(tab, buyer.token);
    // by class: the same elements in either language
    const results = page.locator('.products-results').getByRole('heading', { level: 3 });
    const chips = page.locator('.filter-chips').first();
    for (const [lang, boxName, chipLabel, heading] of [
      ['en', 'Search listings', 'Under ₹ 10,000', '"sofa" in India'],
      ['hi', 'विज्ञापन खोजें', '₹ 10,000 से कम', 'भारत में "sofa"'],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      await page.goto('/');
      const box = page.getByRole('combobox', { name: boxName });
      await box.fill('sofa under 10k');
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('q') === 'sofa under 10k');
      const chip = chips.locator('.chip', { hasText: chipLabel });
      await chip.waitFor();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expect.poll(() => results.allTextContents(), { timeout: 10_000 }).toEqual(within.listings.slice(0, 12).map((l) => l.title));
      await tab.shot(`08-budget-chip-${lang}-375`);
      // removing the chip searches the words without their budget: dearer sofas appear
      await chip.getByRole('link').tap();
      await page.waitForURL((url) => url.searchParams.get('q') === 'sofa');
      await expect.poll(() => chips.locator('.chip', { hasText: chipLabel }).count()).toBe(0);
      await expect.poll(() => results.allTextContents(), { timeout: 10_000 }).toEqual(all.listings.slice(0, 12).map((l) => l.title));
    }

    // saving the search with the budget in its words keeps the price filter
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/products?q=sofa+under+10k');
    await chips.locator('.chip', { hasText: 'Under ₹ 10,000' }).waitFor();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await expect.poll(async () => {
      if (await dialog.isVisible()) return true;
      await page.getByRole('button', { name: 'Save this search' }).click();
      await page.waitForTimeout(300);
      return dialog.isVisible();
    }, { timeout: 10_000 }).toBe(true);
    // the dialog names the words as typed; what is stored is the words without the budget and the price filter
    expect(await page.getByTestId('save-search-summary').innerText()).toContain('sofa under 10k');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Search saved' }).isVisible()).toBe(true);
    const saved = await api<{ query: Record<string, string> }[]>('/saved-searches', { token: buyer.token });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.query).toMatchObject({ q: 'sofa', maxPrice: '10000' });
    noProblems(tab);
  });
});

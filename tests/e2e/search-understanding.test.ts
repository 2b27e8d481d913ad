import { describe, expect, it } from 'vitest';
import { noProblems, openTab, useBrowser } from './browser';
import { api } from './fixtures';

useBrowser();

interface Suggestion {
  text: string;
  subcategoryName?: string;
  categoryName?: string;
}
interface SearchAnswer {
  listings: { title: string }[];
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
});

import { describe, expect, it } from 'vitest';
import { noProblems, openTab, signIn, useBrowser } from './browser';
import { apiRegisterByPhone, uniquePhone } from './fixtures';

useBrowser();

// Hindi price (Indian grouping) and card dates from Intl: आज, कल, "N दिन पहले" or a Hindi month
const HINDI_PRICE = /^₹ \d{1,3}(,\d{2})*(,\d{3})?$|^₹ \d{1,3}$/;
const HINDI_DATE = /^(आज|कल|\d दिन पहले|\d{1,2} \S+( \d{4})?)$/;

describe('journey: a reader picks हिन्दी and walks search → ad page → post form', () => {
  it('shows the interface, prices and dates in Hindi on a 375 px phone', async () => {
    const { token } = await apiRegisterByPhone(uniquePhone('7'), 'Asha', 'Gupta');
    const tab = await openTab(375, 812, { touch: true });
    const { page } = tab;
    await signIn(tab, token);
    await page.evaluate(() => localStorage.setItem('language', 'hi'));

    // search: heading, count, sort and filters in Hindi; cards with Hindi prices and dates
    await page.goto('/products?q=honda');
    await page.getByRole('heading', { level: 1, name: 'भारत में "honda"' }).waitFor();
    await page.getByText(/^[\d,+]+ विज्ञापन$/).first().waitFor();
    await expect(page.getByRole('button', { name: /^फ़िल्टर/ }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('क्रम:').isVisible()).resolves.toBe(true);
    const prices = await page.locator('.listing-card__price').allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toMatch(HINDI_PRICE);
    const dates = await page.locator('.listing-card__date').allTextContents();
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) expect(date).toMatch(HINDI_DATE);
    await tab.shot('hi-01-search-375');

    // the ad page
    await page.locator('.listing-card__link').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/item/'));
    await page.getByRole('heading', { level: 2, name: 'विवरण' }).waitFor();
    await expect(page.getByRole('heading', { level: 2, name: 'सुरक्षा सुझाव' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('विक्रेता से चैट करें').first().isVisible()).resolves.toBe(true);
    expect(await page.locator('.listing-detail__price').textContent()).toMatch(HINDI_PRICE);
    await tab.shot('hi-02-ad-page-375');

    // the post form
    await page.goto('/en-in/post');
    await page.getByRole('heading', { level: 1, name: 'अपना विज्ञापन डालें' }).waitFor();
    await tab.shot('hi-03-post-categories-375');
    await page.goto('/en-in/post/attributes?category=vehicles&subcategory=vehicles-cars');
    await page.getByText('कुछ जानकारी दें').first().waitFor();
    await expect(page.getByText('ब्रांड').first().isVisible()).resolves.toBe(true);
    await expect(page.getByText('कीमत तय करें').first().isVisible()).resolves.toBe(true);
    await tab.shot('hi-04-post-form-375');
    noProblems(tab);
    await tab.context.close();
  });
});

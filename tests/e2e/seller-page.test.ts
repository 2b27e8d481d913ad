import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noProblems, openTab, signIn, useBrowser, type Tab } from './browser';
import { apiRegisterByPhone, makeJpeg, postListing, uniquePhone, uploadPhoto } from './fixtures';

useBrowser();

/**
 * A seller's page and price guidance (decision 026), at 375 px in English and हिन्दी: a buyer opens
 * the seller from an ad and sees their ads; a seller filling the post form sees the range of similar
 * ads appear once the model is chosen, and where their price sits.
 */
const stamp = Date.now().toString(36);
const MODEL = `Galaxy S21 FE e2e${stamp}`;

const phoneAd = (n: number, price: number, photo: string) => ({
  title: `Samsung ${MODEL} 128GB, unit ${n}`,
  description: 'Samsung phone in good condition with charger and box, bill available.',
  price,
  categoryId: 'electronics',
  subcategoryId: 'electronics-smartphones',
  condition: 'USED',
  state: 'Karnataka',
  city: 'Bengaluru',
  neighbourhood: 'Indiranagar',
  images: [photo],
  features: { brand: 'Samsung', model: MODEL, storage: '128GB', ram: '8GB' },
});

/** Fills the smartphone details of the post form by their field names (the same in both languages), the model last. */
const fillPhoneDetails = async (page: Page) => {
  await page.locator('select[name="brand"]').selectOption('Samsung');
  await page.locator('label.sell-chip:has(input[name="storage"][value="128GB"])').click();
  await page.locator('label.sell-chip:has(input[name="ram"][value="8GB"])').click();
  // nothing yet: the model is one of the details that make ads comparable
  expect(await page.getByTestId('price-guidance').count()).toBe(0);
  await page.locator('input[name="model"]').fill(MODEL);
  await page.getByTestId('price-guidance').waitFor();
};

describe("journey: a seller's page and price guidance at 375 px, English and हिन्दी", () => {
  it('opens the seller from an ad and sees their ads; the post form shows the range after the model', async () => {
    // two sellers with five comparable phones in Bengaluru (three free smartphone ads each a month)
    const priyaPhone = uniquePhone('7');
    const priya = await apiRegisterByPhone(priyaPhone, 'Priya', 'Iyer');
    const kabir = await apiRegisterByPhone(uniquePhone('8'), 'Kabir', 'Das');
    const prices = [[24_000, 26_000, 27_000], [28_000, 30_000]] as const;
    const ads = [];
    for (const [i, seller] of [priya, kabir].entries()) {
      for (const [j, price] of prices[i]!.entries()) {
        const photo = await uploadPhoto(seller.token, makeJpeg(640, 480, [40 + i * 90, 60 + j * 60, 200 - j * 50]), `phone-${i}-${j}.jpg`);
        ads.push(await postListing(seller.token, phoneAd(i * 3 + j, price, photo)));
      }
    }
    expect(ads.every((a) => a.status === 'APPROVED')).toBe(true);

    // --- a guest opens Priya's first ad, then her page
    const tab: Tab = await openTab(375, 812, { touch: true });
    const { page } = tab;
    await page.goto(`/item/${ads[0]!.slug}`);
    await page.getByRole('heading', { level: 1, name: ads[0]!.title }).waitFor();
    // the ad page says where its price sits among similar ads (₹24,000 is under the middle half)
    await page.getByTestId('price-comparison').waitFor();
    expect(await page.getByTestId('price-comparison').textContent()).toMatch(/Below the usual price.*Similar ads in Bengaluru:.*5 similar ads/);
    await page.getByRole('link', { name: 'See all ads by this seller' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sellers/priya-iyer-'));
    await page.getByRole('heading', { level: 1, name: 'Priya Iyer' }).waitFor();
    await page.getByRole('heading', { name: 'Ads by Priya Iyer' }).waitFor();
    const cards = page.locator('.seller-page .listing-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    expect(await page.locator('.seller-page__badges').textContent()).toContain('Phone verified');
    expect(await page.locator('.seller-page__facts').textContent()).toMatch(/Member since .*3 ads live/);
    // cheapest first
    await page.locator('.seller-page__sort select').selectOption('price-low');
    await page.waitForURL((url) => url.searchParams.get('order') === 'price-low');
    await page.waitForFunction(() => document.querySelector('.seller-page .listing-card__price')?.textContent?.includes('24,000'));
    const body = (await page.textContent('body')) ?? '';
    // her number never shows (the page has no private data)
    expect(body).not.toContain(priyaPhone);
    expect(body).not.toContain(`${priyaPhone.slice(0, 5)} ${priyaPhone.slice(5)}`);
    await tab.shot('seller-page-375-en');

    // the same page as a guest gets it from the worker: markup, JSON-LD, no scripts needed
    const html = await (await page.request.get(new URL(page.url()).pathname)).text();
    expect(html).toContain('"@type":"ProfilePage"');
    expect(html).toContain('class="seller-page__name">Priya Iyer</h1>');

    // in हिन्दी
    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await page.reload();
    await page.getByRole('heading', { name: 'Priya Iyer के विज्ञापन' }).waitFor();
    expect(await page.locator('.seller-page__badges').textContent()).toContain('फ़ोन सत्यापित');
    await tab.shot('seller-page-375-hi');
    noProblems(tab);
    await tab.context.close();

    // --- Kabir posts a third phone: the range appears once the model is typed
    const form = await openTab(375, 812, { touch: true });
    await signIn(form, kabir.token);
    const p = form.page;
    await p.goto('/en-in/post/attributes?category=electronics&subcategory=electronics-smartphones');
    await p.locator('select[name="brand"]').waitFor();
    await fillPhoneDetails(p);
    const guidance = p.getByTestId('price-guidance');
    expect(await guidance.textContent()).toMatch(/Similar ads across India:\s*₹\s?26,000\s*–\s*₹\s?28,000\s*\(5 similar ads\)/);
    await p.locator('input[name="price"]').fill('45000');
    await p.getByText('Your price is above what similar ads ask.').waitFor();
    await guidance.scrollIntoViewIfNeeded();
    await form.shot('post-price-guidance-375-en');

    // the form kept what was typed as a draft; start the Hindi form afresh to see the range appear again
    await p.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => p.locator('input[name="model"]').inputValue()).toBe('');
    await p.evaluate(() => localStorage.setItem('language', 'hi'));
    await p.reload();
    await p.locator('select[name="brand"]').waitFor();
    await fillPhoneDetails(p);
    expect(await guidance.textContent()).toMatch(/पूरे भारत में मिलते-जुलते विज्ञापन:.*5 मिलते-जुलते विज्ञापन/);
    await p.locator('input[name="price"]').fill('27000');
    await p.getByText('आपकी कीमत आम दायरे में है।').waitFor();
    await guidance.scrollIntoViewIfNeeded();
    await form.shot('post-price-guidance-375-hi');
    noProblems(form);
    await form.context.close();
  });
});

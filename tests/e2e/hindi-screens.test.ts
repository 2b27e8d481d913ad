import type { Locator, Page } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { apiRegister, noProblems, openTab, signIn, useBrowser, type Tab } from './browser';
import { api, apiRegisterByPhone, makeJpeg, postListing, uniquePhone, uploadPhoto } from './fixtures';
import { coveredControls, settle } from './probes';

useBrowser();

/**
 * With हिन्दी chosen (decision 010), no visible interface text is English. Walks the visible text nodes of
 * each screen at 375 px; user-written content (ad titles, descriptions, names, places) and brand
 * names are left out by the selectors and the small allow-list below.
 */
const USER_CONTENT = [
  '.listing-card__title',
  '.listing-card__location',
  '.listing-detail__title',
  '.listing-detail__description',
  '.listing-detail__location',
  '.premium-lead__title',
  '.premium-lead__location',
  '.premium-status__plan',
  '.premium-plan__name',
  '.user-menu__name',
  '.logo',
  '.site-footer__column a[href*="location"]',
  '.site-footer__social',
  '.notif-item__title',
  '.notif-item__body',
  '.breadcrumbs [aria-current="page"]',
  '.seller-card__name',
  '.dev-outbox-hint a',
  'a[href^="mailto:"]',
  // stored names (places, people) the screens mark as not to be translated
  '[translate="no"]',
  // a saved search's summary: the reader's own words and places, joined with Hindi phrases that
  // saved-searches.test.ts checks in Hindi
  '.saved-search-card__summary',
  '[data-testid="save-search-summary"]',
].join(', ');
/** Brand and product names that stay as they are in Hindi text. */
const ALLOWED = /\b(SEL|SELL|Google|OTP|Pro|Basic|Buyer|Razorpay|UPI|PIN|PCI|DSS|ID|BHK|RAM|km|WhatsApp|Facebook|Instagram|YouTube|Twitter)\b/g;

/**
 * `asWritten`: what the journey itself typed or stored (search words, place and people's names, ad
 * titles): user content wherever it shows up, e.g. inside a heading like 'Pune में "scooter"'.
 */
async function englishOn(page: Page, asWritten: string[] = []): Promise<string[]> {
  return page.evaluate(
    ({ userContent, allowed, asWritten }) => {
      const allow = new RegExp(allowed, 'g');
      const strip = (text: string) => asWritten.reduce((rest, written) => rest.split(written).join(' '), text).replace(allow, '');
      const found = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (!text) continue;
        const element = node.parentElement;
        if (!element || element.closest('script, style, noscript, [aria-hidden="true"], .visually-hidden')) continue;
        if (element.closest(userContent)) continue;
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue;
        if (/[a-z]{3,}/i.test(strip(text))) found.add(text);
      }
      // a closed select shows one option, an open one all: every option of a visible select counts
      for (const select of document.querySelectorAll('select')) {
        if (select.closest(userContent) || !select.getClientRects().length) continue;
        for (const option of select.options) {
          // a language picker names each language in itself (marked with its lang)
          if (option.lang) continue;
          const text = option.text.trim();
          if (/[a-z]{3,}/i.test(strip(text))) found.add(`${text} (an option)`);
        }
      }
      return [...found];
    },
    { userContent: USER_CONTENT, allowed: ALLOWED.source, asWritten },
  );
}

async function check(tab: Tab, name: string, problems: Record<string, string[]>) {
  await tab.page.waitForTimeout(300); // lazy chunks (the Hindi dictionary, dialogs) settle
  const english = await englishOn(tab.page);
  if (english.length) problems[name] = english;
  await tab.shot(`hi-screen-${name}`);
}

describe('journey: every main screen in हिन्दी at 375 px shows no English interface text', () => {
  it('home, search, an ad, sign-in, wishlist, premium, help, notifications, user menu, 404', async () => {
    const problems: Record<string, string[]> = {};
    const tab = await openTab(375, 812, { touch: true });
    const { page } = tab;
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('language', 'hi'));

    // the worker's first screen is English markup (it cannot know the reader's language; its cards
    // link by full URL): wait for the app's own cards, which link by path
    const appCard = page.locator('a.listing-card__link[href^="/item/"]');
    await page.goto('/');
    await appCard.first().waitFor();
    await check(tab, 'home', problems);

    await page.goto('/products');
    await appCard.first().waitFor();
    await check(tab, 'products', problems);

    await page.locator('.listing-card__link').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/item/'));
    await page.getByRole('heading', { level: 2, name: 'विवरण' }).waitFor();
    await check(tab, 'listing', problems);

    await page.goto('/?showLoginModal=true');
    await page.getByRole('dialog').getByText('फ़ोन से जारी रखें').waitFor();
    await check(tab, 'sign-in', problems);
    await page.getByRole('button', { name: 'फ़ोन से जारी रखें' }).click();
    await page.getByText('फ़ोन नंबर').first().waitFor();
    await page.getByRole('button', { name: 'अगला' }).click();
    await page.getByText('कृपया अपना फ़ोन नंबर डालें').first().waitFor();
    await check(tab, 'sign-in-phone', problems);

    const { token } = await apiRegisterByPhone(uniquePhone('6'), 'Meera', 'Joshi');
    await signIn(tab, token);
    await page.evaluate(() => localStorage.setItem('language', 'hi'));

    await page.goto('/wishlist');
    await page.getByRole('heading', { level: 1, name: 'पसंदीदा' }).waitFor();
    await check(tab, 'wishlist', problems);

    await page.goto('/premium');
    await page.getByRole('heading', { level: 1, name: 'SEL बायर प्लान' }).waitFor();
    await page.locator('.premium-plan__choose').first().waitFor();
    await check(tab, 'premium', problems);

    await page.goto('/hc/en-us');
    await page.getByRole('heading', { level: 1, name: 'हम आपकी क्या मदद कर सकते हैं?' }).waitFor();
    await check(tab, 'help', problems);

    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'पेज नहीं मिला' }).waitFor();
    await check(tab, 'not-found', problems);

    await tab.page.setViewportSize({ width: 1024, height: 800 }); // the user menu and the bell live in the desktop header
    await page.goto('/wishlist');
    await page.locator('.user-menu__trigger').click();
    await page.getByRole('menu').waitFor();
    await check(tab, 'user-menu', problems);
    await page.keyboard.press('Escape');

    // the location filter (the desktop sidebar): a city's areas with counts that follow the search
    await page.goto('/products?location=Pune');
    await page.locator('.filter-option--parent').first().waitFor();
    await check(tab, 'products-location-filter', problems);

    // the notifications bell, also in the desktop header
    await page.goto('/');
    await page.locator('.notif-bell button').first().click();
    await page.locator('.notif-panel__state, .notif-list').first().waitFor();
    await check(tab, 'notifications', problems);
    await page.keyboard.press('Escape');

    await tab.context.close();
    expect(problems).toEqual({});
  });
});

/** Grants a role with the real command a deployment uses, on the e2e server's local state. */
const grant = (email: string, role: 'MODERATOR' | 'ADMIN') => {
  const r = spawnSync('node', ['scripts/admin-grant.mjs', email, '--role', role, '--persist-to', inject('persistTo')], { encoding: 'utf8' });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
};

type Language = 'hi' | 'en';

describe('journey: payment, business, saved searches, settings and the admin console at 375 px in हिन्दी and English', () => {
  it('shows no English interface text in Hindi, no covered control in either language, and a screenshot of each', async () => {
    const stamp = Date.now();
    const sellerEmail = `h2.seller.${stamp}@example.in`;
    const seller = await apiRegister(sellerEmail, 'mango2024', { firstName: 'Kavita', lastName: 'Menon' });
    const pesky = await apiRegister(`h2.pesky.${stamp}@example.in`, 'mango2024', { firstName: 'Pesky', lastName: 'Caller' });
    const moderatorEmail = `h2.moderator.${stamp}@example.in`;
    const moderator = await apiRegister(moderatorEmail, 'mango2024', { firstName: 'Nisha', lastName: 'Verma' });
    grant(moderatorEmail, 'MODERATOR');

    // a live ad to promote, a paid package order with its invoice, a blocked user and a saved search
    const photo = await uploadPhoto(seller.token, makeJpeg(640, 480, [200, 150, 40]));
    await postListing(seller.token, {
      title: 'Honda Activa 6G 2022 single owner',
      description: 'Serviced at the Honda dealer every 3,000 km, new battery, all papers clear.',
      price: 62000,
      categoryId: 'Vehicles',
      subcategoryId: 'Scooters',
      state: 'Maharashtra',
      city: 'Pune',
      neighbourhood: 'Kothrud',
      images: [photo],
      features: { brand: 'Honda', model: 'Activa 6G', year: 2022, fuel: 'Petrol', transmission: 'Automatic', kmDriven: 14000, noOfOwners: '1st' },
    });
    const { packages } = await api<{ packages: { id: string; type: string }[] }>('/business/packages?category=Vehicles', { token: seller.token });
    const pack = packages.find((p) => p.type === 'FEATURED') ?? packages[0]!;
    const order = await api<{ orderId: string }>('/business/orders', { token: seller.token, body: { items: [{ packageId: pack.id, quantity: 1 }] } });
    const signed = await api<Record<string, string>>(`/business/orders/${order.orderId}/local-checkout`, { token: seller.token, method: 'POST' });
    await api(`/business/orders/${order.orderId}/verify`, { token: seller.token, body: signed });
    await api(`/users/${pesky.user.id}/block`, { token: seller.token, method: 'POST' });
    // an ad three people reported waits in the moderators' queue
    const held = await postListing(pesky.token, {
      title: 'Sheesham wood study table with drawer',
      description: 'Solid sheesham, two drawers, a few scratches on the top. Pick up only.',
      price: 7500,
      categoryId: 'Home & Garden',
      subcategoryId: 'Furniture',
      state: 'Maharashtra',
      city: 'Pune',
      neighbourhood: 'Kothrud',
      images: [await uploadPhoto(pesky.token, makeJpeg(640, 480, [120, 80, 40]))],
    });
    for (const n of [1, 2, 3]) {
      const reporter = await apiRegister(`h2.reporter${n}.${stamp}@example.in`);
      await api(`/listings/${held.id}/report`, { token: reporter.token, body: { reason: n === 2 ? 'FRAUD' : 'SPAM' } });
    }
    await api('/saved-searches', { token: seller.token, body: { name: 'Activa in Pune', query: { q: 'activa', location: 'Pune', maxPrice: '70000' }, alert: 'daily' } });

    // user content this journey wrote, shown as written in both languages
    const WRITTEN = ['Honda Activa 6G 2022 single owner', 'Sheesham wood study table with drawer', 'Solid sheesham, two drawers, a few scratches on the top. Pick up only.', 'Kothrud', 'Pune', 'Maharashtra', 'Pesky Caller', 'Activa in Pune', 'activa', 'scooter', sellerEmail];
    const english: Record<string, string[]> = {};
    const covered: string[] = [];
    for (const language of ['hi', 'en'] as Language[]) {
      const look = async (tab: Tab, name: string, within?: string) => {
        await settle(tab.page);
        if (language === 'hi') {
          await tab.page.waitForTimeout(300); // the Hindi dictionary and lazy dialogs settle
          const found = await englishOn(tab.page, WRITTEN);
          if (found.length) english[name] = found;
        }
        for (const c of await coveredControls(tab.page, within)) covered.push(`${language} ${name}: ${c}`);
        // a page whole (to look at what is below the fold too), a dialog as the phone shows it
        await tab.page.screenshot({ path: `tests/e2e/screenshots/${language}-screen-${name}.png`, fullPage: !within });
      };
      const dialog = (page: Page): Locator => page.getByRole('dialog').last();

      const tab = await openTab(375, 812, { touch: true });
      const { page } = tab;
      await signIn(tab, seller.token);
      await page.evaluate((l) => localStorage.setItem('language', l), language);

      // the premium payment dialog and the local test checkout behind its Pay button
      await page.goto('/premium');
      await page.locator('.premium-plan__choose').first().click();
      await dialog(page).locator('.premium-pay__pay:not([disabled])').waitFor();
      await look(tab, 'premium-payment', '.dialog');
      await dialog(page).locator('.premium-pay__pay').click();
      await page.locator('.premium-test-checkout').waitFor();
      await look(tab, 'premium-test-checkout', '.premium-test-checkout');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      // business: My Account, the "Sell faster" chooser from My Ads, the cart, My Orders
      await page.goto('/en-in/payments/businesspackages/my_account');
      await page.locator('.biz-page__package').first().waitFor();
      await look(tab, 'business-account');

      await page.goto('/en-in/myads');
      await page.locator('.myad__actions .sell-button-yellow').first().click();
      await dialog(page).locator('.biz-promote__cart').first().waitFor();
      await look(tab, 'sell-faster', '.biz-promote');
      await dialog(page).locator('.biz-promote__cart').first().click();
      await page.keyboard.press('Escape');

      await page.goto('/en-in/payments/viewcart/ALL');
      await page.locator('.biz-cart').waitFor();
      await look(tab, 'cart');

      await page.goto('/en-in/myorders/orders');
      await page.locator('.biz-page__orders li').first().waitFor();
      await look(tab, 'my-orders');
      // the tax invoice opens in a new tab: a GST document the server writes (in English), looked at only
      const [invoice] = await Promise.all([tab.context.waitForEvent('page'), page.locator('.biz-order .button--outline').first().click()]);
      await invoice.locator('h1').waitFor({ timeout: 15_000 });
      await invoice.screenshot({ path: `tests/e2e/screenshots/${language}-screen-invoice.png`, fullPage: true });
      await invoice.close();

      // saved searches and the "Save this search" dialog
      await page.goto('/saved-searches');
      await page.getByText('Activa in Pune').waitFor();
      await look(tab, 'saved-searches');
      await page.goto('/products?q=scooter&location=Pune');
      // the session check runs first: until then the button asks a guest to sign in
      await expect
        .poll(async () => {
          if (!(await page.getByRole('dialog').count())) await page.locator('.save-search-button').click();
          await page.waitForTimeout(300);
          return page.locator('.dialog [data-testid="save-search-summary"]').isVisible();
        }, { timeout: 10_000 })
        .toBe(true);
      await look(tab, 'save-search-dialog', '.dialog');
      await page.keyboard.press('Escape');

      // settings, with the blocked user listed
      await page.goto('/settings');
      await page.getByText('Pesky Caller').waitFor();
      await look(tab, 'settings');
      noProblems(tab);
      await tab.context.close();

      // the moderators' console
      const desk = await openTab(375, 812, { touch: true });
      await signIn(desk, moderator.token);
      await desk.page.evaluate((l) => localStorage.setItem('language', l), language);
      await desk.page.goto('/admin');
      await desk.page.locator('h1.admin__title').waitFor();
      await desk.page.getByRole('listitem', { name: held.title }).waitFor();
      await look(desk, 'admin');
      await desk.page.getByRole('tab').last().click();
      await settle(desk.page);
      await look(desk, 'admin-audit');
      noProblems(desk);
      await desk.context.close();
    }
    expect({ english, covered }).toEqual({ english: {}, covered: [] });
  });
});

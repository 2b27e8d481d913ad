import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noProblems, openTab, signIn, useBrowser } from './browser';
import { api, apiRegisterByPhone, makeJpeg, postListing, uniquePhone, uploadPhoto, writeJpegs } from './fixtures';

useBrowser();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escape(label)}( \\*| \\(optional\\))?$`));
const chooseChip = (page: Page, group: string, option: string) => page.getByRole('group', { name: group }).getByText(option, { exact: true }).click();

describe('seller packages: a second Cars ad on a phone', () => {
  it('the form says the free Cars ad is used, offers the extra-ad pack, the test checkout pays it, the typed ad posts, is featured through Sell Faster Now, leads its category, and the cart prices a pack', async () => {
    const phone = uniquePhone('6');
    const seller = await apiRegisterByPhone(phone, 'Kiran', 'Patil');
    // the free Cars ad of the year, already used
    const photo = await uploadPhoto(seller.token, makeJpeg(800, 600, [90, 90, 90]), 'first.jpg');
    await postListing(seller.token, {
      title: 'Maruti Swift VXI 2018 first ad',
      description: 'Single owner, 42,000 km, all services at Maruti, insurance till March.',
      price: 525000,
      categoryId: 'Vehicles',
      subcategoryId: 'Cars',
      state: 'Karnataka',
      city: 'Bengaluru',
      neighbourhood: 'Indiranagar',
      images: [photo],
      features: { brand: 'Maruti Suzuki', model: 'Swift', year: 2018, fuel: 'Petrol', transmission: 'Manual', kmDriven: 42000, noOfOwners: '1st' },
    });

    const tab = await openTab(375, 812, { touch: true });
    const { page } = tab;
    await signIn(tab, seller.token);
    await page.goto('/en-in/post/attributes?category=vehicles&subcategory=vehicles-cars');
    await page.getByRole('heading', { level: 1, name: 'POST YOUR AD' }).waitFor();

    // the limit is shown as soon as the category is known, with the packs and their GST
    const notice = page.getByRole('region', { name: 'Free ad limit reached' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('You have used your free ad in Cars (every 365 days)');
    const pack = notice.getByRole('button', { name: /1 extra ad ₹399 \+ GST = ₹470\.82/ });
    await pack.waitFor();

    // the seller types the ad first: none of it may be lost by buying
    const [red] = writeJpegs([{ name: 'city.jpg', rgb: [180, 30, 30] }]);
    const title = 'Honda City ZX 2017 second car, e2e';
    await field(page, 'Brand').selectOption('Honda');
    await field(page, 'Model').fill('City ZX');
    await field(page, 'Year').fill('2017');
    await chooseChip(page, 'Fuel', 'Petrol');
    await chooseChip(page, 'Transmission', 'Manual');
    await field(page, 'KM driven').fill('61000');
    await chooseChip(page, 'No. of owners', '2nd');
    await field(page, 'Ad title').fill(title);
    await field(page, 'Description').fill('Second owner, dealer serviced, new battery, insurance till June.');
    await field(page, 'Price').fill('480000');
    await page.getByLabel('Choose photos').setInputFiles([red!]);
    await page.getByText('1 photo uploaded').waitFor({ state: 'attached', timeout: 20_000 });
    await field(page, 'State').selectOption('Karnataka');
    const city = field(page, 'City');
    await expect.poll(() => city.locator('option', { hasText: 'Bengaluru' }).count()).toBe(1);
    await city.selectOption('Bengaluru');
    const area = field(page, 'Neighbourhood');
    await expect.poll(() => area.locator('option', { hasText: 'Koramangala' }).count()).toBe(1);
    await area.selectOption('Koramangala');
    await pack.scrollIntoViewIfNeeded();
    await tab.shot('seller-packages-limit-reached');

    // buy one extra ad: server-priced order, the test checkout, verify
    await pack.click();
    const pay = page.getByRole('dialog', { name: 'Complete Payment' });
    await pay.getByText('₹470.82').first().waitFor();
    expect(await pay.textContent()).toMatch(/Subtotal₹399.*GST \(18%\)₹71\.82.*Total₹470\.82/);
    await tab.shot('seller-packages-complete-payment');
    await pay.getByRole('button', { name: 'Pay ₹470.82' }).click();
    const testCheckout = page.getByRole('dialog', { name: 'Test checkout' });
    await testCheckout.getByRole('button', { name: 'Pay ₹470.82' }).click();
    await testCheckout.waitFor({ state: 'detached' });
    await page.getByTestId('ad-limit').getByText('Posting uses one of your paid ad slots (1 left)', { exact: false }).waitFor();

    // what was typed is still there, and it posts
    expect(await field(page, 'Ad title').inputValue()).toBe(title);
    expect(await field(page, 'Price').inputValue()).toBe('4,80,000');
    const post = page.getByRole('button', { name: 'Post now' });
    await post.scrollIntoViewIfNeeded();
    await expect.poll(() => post.isEnabled()).toBe(true);
    await post.click();
    const congrats = page.getByRole('dialog', { name: 'Congratulations!' });
    await congrats.getByText('Your ad is live now.').waitFor();
    await tab.shot('seller-packages-posted-with-slot');

    // Sell Faster Now opens the package chooser with the new ad preselected: buy Featured 7 days, and it is applied
    await congrats.getByRole('button', { name: 'Sell Faster Now' }).click();
    const chooser = page.getByRole('dialog', { name: 'Sell faster' });
    await chooser.getByText(title).waitFor();
    const featured7 = chooser.getByRole('region', { name: 'Feature this ad' }).getByRole('button', { name: /7 days ₹699 \+ GST = ₹824\.82/ });
    await featured7.waitFor();
    await tab.shot('seller-packages-sell-faster-chooser');
    await featured7.click();
    const payFeature = page.getByRole('dialog', { name: 'Complete Payment' });
    await payFeature.getByRole('button', { name: 'Pay ₹824.82' }).click();
    const featureCheckout = page.getByRole('dialog', { name: 'Test checkout' });
    await featureCheckout.getByRole('button', { name: 'Pay ₹824.82' }).click();
    await page.waitForURL((url) => url.pathname === '/en-in/myads');
    await page.getByText(/Your ad is featured until/).waitFor();
    await tab.shot('seller-packages-featured-my-ads');

    // it leads its category with the FEATURED badge (pinned on page 1; at most 3 are, rotating daily)
    const mine = (await api<{ listings: { id: string; title: string }[] }>('/listings/user/my-listings?limit=5', { token: seller.token })).listings.find((l) => l.title === title)!;
    const cars = await api<{ listings: { id: string; pinned?: boolean; isFeatured: boolean; featuredUntil: string | null }[] }>(
      '/listings?category=Vehicles&subcategory=Cars&location=Koramangala&page=1&limit=20',
    );
    const pinned = cars.listings.filter((l) => l.pinned);
    expect(pinned.length).toBeLessThanOrEqual(3);
    expect(cars.listings.slice(0, pinned.length).every((l) => l.pinned && l.isFeatured)).toBe(true);
    expect(pinned.map((l) => l.id)).toContain(mine.id);
    await page.goto('/products?category=Vehicles&subcategory=Cars&location=Koramangala');
    // the app's own card (it links by path; the worker's first-screen markup it replaces links by full URL)
    const card = page.locator(`a[href^="/item/"][href*="${mine.id}"]`).first();
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    await tab.shot('seller-packages-featured-leads-category');

    // My Orders shows both paid orders
    await page.goto('/en-in/myorders/orders');
    await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
    await page.getByText(/Invoice SEL\/\d{4}-\d{2}\/\d{6}/).first().waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'Paid' }).filter({ hasText: 'Total ₹824.82' }).count()).toBe(1);
    expect(await page.getByRole('listitem').filter({ hasText: 'Paid' }).filter({ hasText: 'Total ₹470.82' }).count()).toBe(1);
    await tab.shot('seller-packages-my-orders');

    // the tax invoice of the newest order (the feature) opens in a new tab, fetched with the seller's session
    const [invoice] = await Promise.all([
      tab.context.waitForEvent('page'),
      page.getByRole('button', { name: 'View tax invoice' }).first().click(),
    ]);
    await invoice.getByRole('heading', { level: 1, name: 'Tax invoice' }).waitFor({ timeout: 15_000 });
    const sheet = await invoice.locator('main').innerText();
    expect(sheet).toMatch(/SEL\/\d{4}-\d{2}\/\d{6}/);
    expect(sheet).toContain('998365');
    expect(sheet).toMatch(/824\.82/);
    expect(sheet).toMatch(/Eight Hundred Twenty-Four Rupees and Eighty-Two Paise/i);
    await invoice.screenshot({ path: 'tests/e2e/screenshots/seller-packages-invoice.png' });
    await invoice.close();

    // the cart: add a Boost pack from the chooser in My Ads, priced by the server's quote
    await page.goto('/en-in/myads');
    await page.getByRole('button', { name: 'Boost to top' }).first().click();
    const chooser2 = page.getByRole('dialog', { name: 'Sell faster' });
    await chooser2.getByRole('region', { name: 'Boost to top' }).getByRole('button', { name: 'Add to cart' }).first().click();
    await page.goto('/en-in/payments/viewcart/ALL');
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    await page.getByRole('button', { name: 'One more' }).click();
    await page.getByText('₹469.64').waitFor(); // 2 × ₹199 + 18 % GST
    await tab.shot('seller-packages-cart');

    // the server agrees: two Cars ads, the slot used, the feature spent, two paid orders with invoice numbers
    const account = await api<{ limits: { subcategoryId?: string; used: number; paidSlots: number }[]; credits: unknown[] }>('/business/account', { token: seller.token });
    expect(account.limits.find((l) => l.subcategoryId === 'vehicles-cars')).toMatchObject({ used: 1, paidSlots: 0 });
    expect(account.credits).toEqual([]);
    const orders = await api<{ orders: { status: string; total: number; invoiceNumber?: string }[] }>('/business/orders', { token: seller.token });
    expect(orders.orders).toEqual([
      expect.objectContaining({ status: 'PAID', total: 824.82, invoiceNumber: expect.stringMatching(/^SEL\/\d{4}-\d{2}\/\d{6}$/) }),
      expect.objectContaining({ status: 'PAID', total: 470.82, invoiceNumber: expect.stringMatching(/^SEL\/\d{4}-\d{2}\/\d{6}$/) }),
    ]);
    noProblems(tab);
  });
});

import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiRegister, noProblems, openTab, otpFor, signIn, useBrowser } from './browser';
import { api, apiRegisterByPhone, makeJpeg, postListing, uniquePhone, uploadPhoto } from './fixtures';

useBrowser();

/**
 * The account snags of a phone user (decision 024): a name at phone sign-up, no e-mail promises to
 * a phone-only account, what a promotion bought shows in My Ads, unpaid orders can be paid or
 * removed, a ban says why, the Hindi package buttons stay inside their cards, and the cart of
 * packages is the account's (the same on a second phone; what is bought leaves it). 375 px.
 */

const grant = (email: string, role: 'MODERATOR' | 'ADMIN') => {
  const r = spawnSync('node', ['scripts/admin-grant.mjs', email, '--role', role, '--persist-to', inject('persistTo')], { encoding: 'utf8' });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
};

type Paid = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

/** Buys a package through the real order → test checkout → verify path. */
const buy = async (token: string, packageId: string) => {
  const order = await api<{ orderId: string }>('/business/orders', { token, body: { items: [{ packageId, quantity: 1 }] } });
  const signed = await api<Paid>(`/business/orders/${order.orderId}/local-checkout`, { token, method: 'POST' });
  await api(`/business/orders/${order.orderId}/verify`, { token, body: signed });
};

/** Every button inside `cards` that sticks out of its card (or cuts its own text): "text: n px". */
const overflowingButtons = (page: Page, cards: string) =>
  page.evaluate((selector) => {
    const out: string[] = [];
    for (const card of document.querySelectorAll<HTMLElement>(selector)) {
      const box = card.getBoundingClientRect();
      for (const button of card.querySelectorAll<HTMLElement>('button, a.button')) {
        const b = button.getBoundingClientRect();
        const over = Math.max(b.right - box.right, box.left - b.left, button.scrollWidth - button.clientWidth);
        if (over > 0.5) out.push(`${button.textContent?.trim()}: ${over.toFixed(1)} px`);
      }
    }
    return out;
  }, cards);

describe('a phone user\'s account, without snags', () => {
  it('a phone sign-up asks for a name; a phone-only account is not promised e-mails', async () => {
    const tab = await openTab(375, 780, { touch: true });
    const { page } = tab;
    const phone = uniquePhone('6');
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('hasSeenNotificationDialog', 'true');
      localStorage.setItem('hasSeenWishlistNotification', 'true');
    });
    await page.goto('/?showLoginModal=true');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Continue with phone' }).click();
    await dialog.getByLabel('Phone number').fill(phone);
    await dialog.getByRole('button', { name: 'Next' }).click();
    const code = dialog.getByLabel('Verification code');
    await code.waitFor();
    await dialog.getByText('New to SEL? Tell us your name').waitFor();
    await code.fill(await otpFor(phone));
    await dialog.getByRole('button', { name: 'Verify and create account' }).click();
    // no name: the form asks for one instead of creating "User"
    await dialog.getByText('First name is required').waitFor();
    await tab.shot('phone-snags-account-name-required-375');
    await dialog.getByLabel('First name').fill('Sunita');
    await dialog.getByRole('button', { name: 'Verify and create account' }).click();
    await page.getByText('Registration successful! Welcome to SEL!').waitFor();

    await page.goto('/settings');
    const mail = page.getByTestId('settings-email-alerts');
    await mail.waitFor();
    expect(await mail.textContent()).toContain('No e-mail address on this account, so no e-mails');
    await tab.shot('phone-snags-account-settings-no-email-375');
    // in Hindi too
    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await page.reload();
    await expect.poll(() => page.getByTestId('settings-email-alerts').textContent()).toContain('इस खाते में कोई ईमेल पता नहीं है');
    noProblems(tab);
    await tab.context.close();
  });

  it('My Ads shows Featured; My Orders pays or removes an unpaid order; the Hindi pack buttons fit at 375 px', async () => {
    const seller = await apiRegisterByPhone(uniquePhone('7'), 'Harish', 'Nair');
    const ad = await postListing(seller.token, {
      title: 'Honda City ZX 2018 automatic',
      description: 'Petrol, 61,000 km, company serviced, second owner, no accidents, insurance valid.',
      price: 690000,
      categoryId: 'Vehicles',
      subcategoryId: 'Cars',
      state: 'Karnataka',
      city: 'Bengaluru',
      neighbourhood: 'Koramangala',
      images: [await uploadPhoto(seller.token, makeJpeg(800, 600, [40, 90, 160]))],
      features: { brand: 'Honda', model: 'City', year: 2018, fuel: 'Petrol', transmission: 'Automatic', kmDriven: 61000, noOfOwners: '2nd' },
    });
    const { packages } = await api<{ packages: { id: string; type: string }[] }>('/business/packages?category=Vehicles&subcategory=Cars&type=FEATURED');
    await buy(seller.token, packages[0]!.id);
    await api(`/listings/${ad.id}/promote`, { token: seller.token, body: { type: 'FEATURED' } });
    // a checkout left unpaid
    const unpaid = await api<{ orderId: string; total: number }>('/business/orders', { token: seller.token, body: { items: [{ packageId: 'ad-slots-1-vehicles-cars', quantity: 1 }] } });

    const tab = await openTab(375, 780, { touch: true });
    const { page } = tab;
    await signIn(tab, seller.token);
    await page.goto('/en-in/myads');
    await page.getByRole('heading', { name: ad.title }).waitFor();
    await page.getByTestId('myad-featured').waitFor();
    expect(await page.getByTestId('myad-promotion').textContent()).toMatch(/^Featured until \d+ \w+ \d{4}$/);
    await tab.shot('phone-snags-account-myads-featured-375');

    await page.goto('/en-in/myorders/orders');
    const pay = page.getByRole('button', { name: 'Pay ₹470.82' });
    await pay.waitFor();
    await tab.shot('phone-snags-account-orders-unpaid-375');
    // Pay reopens the same order's checkout
    await pay.click();
    const payment = page.getByRole('dialog', { name: 'Complete Payment' });
    await payment.getByText('₹470.82').first().waitFor();
    await payment.getByRole('button', { name: 'Close' }).click();
    // Remove takes it off the list, and nothing of it is left
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Order removed').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Pay ₹470.82' }).count()).toBe(0);
    const orders = await api<{ orders: { id: string }[] }>('/business/orders', { token: seller.token });
    expect(orders.orders.map((o) => o.id)).not.toContain(unpaid.orderId);

    // Hindi: the badge, and the package buttons inside their cards
    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await page.goto('/en-in/myads');
    await page.getByTestId('myad-featured').waitFor();
    await expect.poll(() => page.getByTestId('myad-promotion').textContent()).toContain('तक फ़ीचर्ड');
    await page.goto('/en-in/payments/businesspackages/my_account');
    await page.locator('.biz-page__package').first().waitFor();
    await tab.shot('phone-snags-account-packages-hi-375');
    expect(await overflowingButtons(page, '.biz-page__package')).toEqual([]);
    await page.goto('/en-in/myads');
    await page.getByRole('button', { name: /सबसे ऊपर बूस्ट करें|तेज़ी से बेचें/ }).first().click();
    await page.locator('.biz-promote__pack').first().waitFor();
    await tab.shot('phone-snags-account-sell-faster-hi-375');
    expect(await overflowingButtons(page, '.biz-promote__pack')).toEqual([]);
    // the free Cars ad is used: the post form's limit notice offers the packs, inside its padded card
    await page.goto('/en-in/post/attributes?category=vehicles&subcategory=vehicles-cars');
    const notice = page.locator('.biz-limit--reached');
    await notice.locator('.biz-limit__pack').first().waitFor();
    await notice.scrollIntoViewIfNeeded();
    await tab.shot('phone-snags-account-limit-packs-hi-375');
    expect(await overflowingButtons(page, '.biz-limit--reached')).toEqual([]);
    noProblems(tab);
    await tab.context.close();
  });

  it('the cart is the account\'s: added on one phone, seen on another; bought directly or checked out, it leaves the cart', async () => {
    const email = `psa.cart.${Date.now()}@example.in`;
    const seller = await apiRegister(email, 'mango2024', { firstName: 'Kavya', lastName: 'Rao' });
    // the second phone signs in on its own (a session of its own)
    const second = await api<{ token: string }>('/auth/login', { body: { email, password: 'mango2024' } });
    await postListing(seller.token, {
      title: 'Maruti Swift VXI 2019 petrol',
      description: 'Single owner, 38,000 km, serviced at the dealer, new tyres, insurance till March.',
      price: 520000,
      categoryId: 'Vehicles',
      subcategoryId: 'Cars',
      state: 'Karnataka',
      city: 'Bengaluru',
      neighbourhood: 'Jayanagar',
      images: [await uploadPhoto(seller.token, makeJpeg(800, 600, [150, 60, 40]))],
      features: { brand: 'Maruti Suzuki', model: 'Swift', year: 2019, fuel: 'Petrol', transmission: 'Manual', kmDriven: 38000, noOfOwners: '1st' },
    });
    const one = await openTab(375, 780, { touch: true });
    const two = await openTab(375, 780, { touch: true });
    await signIn(one, seller.token);
    await signIn(two, second.token);
    // phone one kept a cart on the device before the cart followed the account: it joins the account
    await one.page.evaluate(() => localStorage.setItem('sel:cart', JSON.stringify([{ packageId: 'ad-slots-1-vehicles-cars', quantity: 2 }])));
    await one.page.goto('/en-in/payments/viewcart/ALL');
    await one.page.locator('.biz-cart__line').filter({ hasText: /extra ad/i }).waitFor();
    expect(await one.page.evaluate(() => localStorage.getItem('sel:cart'))).toBeNull();
    // ... and adds a Boost pack from Sell faster in My Ads
    await one.page.goto('/en-in/myads');
    // the ad's own button (the banner's "Sell faster" asks which ad first)
    await one.page.locator('.myad__actions').getByRole('button', { name: 'Sell faster' }).click();
    const chooser = one.page.getByRole('dialog', { name: 'Sell faster' });
    const boosts = chooser.getByRole('region', { name: 'Boost to top' });
    await boosts.getByRole('button', { name: 'Add to cart' }).first().click();
    await one.page.getByText('Added to cart').waitFor();

    // phone two: the same cart
    const cart = two.page.locator('.biz-cart__line');
    await two.page.goto('/en-in/payments/viewcart/ALL');
    await cart.nth(1).waitFor();
    expect(await cart.count()).toBe(2);
    expect(await cart.locator('output').allTextContents()).toEqual(['2', '1']);
    await two.shot('phone-snags-account-cart-second-phone-375');

    // phone one buys the Boost pack directly: it leaves the cart on phone two (never paid for twice)
    await boosts.locator('.biz-limit__pack').first().click();
    const payment = one.page.getByRole('dialog', { name: 'Complete Payment' });
    await payment.getByRole('button', { name: /^Pay ₹/ }).click();
    await one.page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: /^Pay ₹/ }).click();
    await one.page.getByText('Your ad is back on top.').waitFor();
    await two.page.reload();
    await cart.first().waitFor();
    await expect.poll(() => cart.count(), { timeout: 10_000 }).toBe(1);
    expect(await cart.textContent()).toMatch(/extra ad/i);

    // phone two checks the cart out: the cart is empty on both phones
    await two.page.getByRole('button', { name: 'Checkout' }).click();
    await two.page.getByRole('dialog', { name: 'Complete Payment' }).getByRole('button', { name: /^Pay ₹/ }).click();
    await two.page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: /^Pay ₹/ }).click();
    await two.page.waitForURL((url) => url.pathname === '/en-in/myorders/orders');
    for (const tab of [two, one]) {
      await tab.page.goto('/en-in/payments/viewcart/ALL');
      await tab.page.getByText('Oops... your cart is empty.', { exact: false }).waitFor();
    }
    noProblems(one);
    noProblems(two);
    await one.context.close();
    await two.context.close();
  });

  it('a banned person is signed out and told why, in the sign-in dialog', async () => {
    const adminEmail = `psa.admin.${Date.now()}@example.in`;
    const admin = await apiRegister(adminEmail, 'mango2024', { firstName: 'Asha', lastName: 'Admin' });
    grant(adminEmail, 'ADMIN');
    const person = await apiRegisterByPhone(uniquePhone('8'), 'Ramesh', 'Gupta');
    const tab = await openTab(375, 780, { touch: true });
    const { page } = tab;
    await signIn(tab, person.token);
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await api(`/admin/users/${person.user.id}/ban`, { token: admin.token, body: { reason: 'Fake job offers asking for fees' } });
    await page.reload();
    const refusal = page.getByTestId('account-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/suspended.*Reason: Fake job offers asking for fees/);
    await tab.shot('phone-snags-account-banned-375');
    // the inbox socket opened with the old token is refused too; the browser reports that as an error of its own
    tab.problems.splice(0, tab.problems.length, ...tab.problems.filter((p) => !/WebSocket connection to .*\/parties\/user-inbox\/.* HTTP Authentication failed/.test(p)));
    noProblems(tab);
    await tab.context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { apiRegister, baseURL, noProblems, openTab, signIn, useBrowser } from './browser';
import { makeJpeg, postListing, uploadPhoto } from './fixtures';

useBrowser();

/**
 * Saved searches (decision 009): a buyer saves "activa in Pune under ₹40,000" from the products page on a phone; another
 * account posts a matching ad; the buyer sees the notification (live, through the queue and the
 * inbox) and the new ad, and the saved search counts it.
 */
describe('saved searches and alerts', () => {
  it('save a search → another account posts a matching ad → the buyer is notified and sees the ad', async () => {
    const stamp = Date.now();
    const buyer = await apiRegister(`priya.kulkarni.${stamp}@example.in`, 'mango2024', { firstName: 'Priya', lastName: 'Kulkarni' });
    const seller = await apiRegister(`rohit.patil.${stamp}@example.in`, 'mango2024', { firstName: 'Rohit', lastName: 'Patil' });

    // on a phone: save the search from /products
    const phone = await openTab(375, 800);
    await signIn(phone, buyer.token);
    await phone.page.goto('/products?q=activa&location=Pune&maxPrice=40000');
    const dialog = phone.page.getByRole('dialog', { name: 'Save this search' });
    // the session check runs first: until then the bell would ask a guest to log in
    await expect.poll(async () => {
      if (await dialog.isVisible()) return true;
      await phone.page.getByRole('button', { name: 'Save this search' }).click();
      await phone.page.waitForTimeout(500);
      return dialog.isVisible();
    }, { timeout: 10_000 }).toBe(true);
    const summary = await phone.page.getByTestId('save-search-summary').innerText();
    expect(summary).toContain('"activa"');
    expect(summary).toContain('in Pune');
    expect(summary).toContain('under ₹40,000');
    await phone.shot('saved-search-1-save-dialog-375');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => phone.page.getByRole('dialog', { name: 'Search saved' }).isVisible()).toBe(true);

    // another account posts a matching ad
    const photo = await uploadPhoto(seller.token, makeJpeg(640, 480, [200, 40, 40]));
    const ad = await postListing(seller.token, {
      title: `Honda Activa 6G ${stamp % 1000}`,
      description: 'Single owner scooter, all papers clear, serviced at the Honda showroom.',
      price: 38500,
      categoryId: 'Vehicles',
      subcategoryId: 'Scooters',
      location: 'Pune',
      images: [photo],
      features: { brand: 'Honda', year: 2022, fuel: 'Petrol', transmission: 'Automatic', kmDriven: 8000, noOfOwners: '1st' },
    });
    expect(ad.status).toBe('APPROVED');

    // on a laptop, the same buyer: the bell shows it and opens the search
    const laptop = await openTab(1280, 900);
    await signIn(laptop, buyer.token);
    await laptop.page.goto('/products');
    const bell = laptop.page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ });
    await expect.poll(async () => {
      if (await bell.isVisible()) return true;
      await laptop.page.reload();
      return false;
    }, { timeout: 20_000, interval: 1000 }).toBe(true);
    await bell.click();
    const item = laptop.page.getByRole('button', { name: /New ad for/ });
    await expect.poll(() => item.first().innerText()).toContain('Honda Activa 6G');
    await laptop.shot('saved-search-2-notification-1280');
    await item.first().click();
    await expect.poll(() => laptop.page.url()).toContain('/products?');
    await expect.poll(() => laptop.page.getByText(ad.title).first().isVisible(), { timeout: 10_000 }).toBe(true);
    // only the new ads: the link carries since, the page says so with a chip the buyer can clear
    expect(new URL(laptop.page.url()).searchParams.get('since')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const sinceChip = laptop.page.locator('.chip', { hasText: 'New since' });
    await expect.poll(() => sinceChip.isVisible(), { timeout: 10_000 }).toBe(true);
    await laptop.shot('saved-search-2b-only-new-1280');
    await sinceChip.getByRole('link').click();
    await expect.poll(() => new URL(laptop.page.url()).searchParams.has('since')).toBe(false);
    await expect.poll(() => laptop.page.getByText(ad.title).first().isVisible(), { timeout: 10_000 }).toBe(true);

    // the saved searches page on the phone: the search, its alert, and (after opening) no new ads
    await phone.page.goto('/saved-searches');
    const card = phone.page.getByTestId('saved-search');
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.innerText()).toContain('in Pune');
    await phone.shot('saved-search-3-list-375');

    // another matching ad; the alert's link opened straight (a Web Push tap, no panel in between)
    // counts the search as looked at and leaves the URL clean
    const get = async (path: string) => (await (await fetch(`${baseURL()}${path}`, { headers: { authorization: `Bearer ${buyer.token}` } })).json()) as { data: any };
    const newCount = async () => ((await get('/api/saved-searches')).data[0] as { newCount: number }).newCount;
    const photo2 = await uploadPhoto(seller.token, makeJpeg(640, 480, [40, 40, 200]));
    const second = await postListing(seller.token, {
      title: `Honda Activa 125 ${stamp % 1000}`,
      description: 'Second owner, new battery and tyres, insurance valid for a year.',
      price: 36000,
      categoryId: 'Vehicles',
      subcategoryId: 'Scooters',
      location: 'Pune',
      images: [photo2],
      features: { brand: 'Honda', year: 2021, fuel: 'Petrol', transmission: 'Automatic', kmDriven: 12000, noOfOwners: '2nd' },
    });
    await expect.poll(newCount, { timeout: 20_000, interval: 500 }).toBe(1);
    await phone.page.reload();
    await expect.poll(() => phone.page.getByTestId('saved-search').innerText(), { timeout: 10_000 }).toContain('1 new ad');
    const alerts = (await get('/api/notifications')).data.notifications as { data: { listingId?: string; url?: string } }[];
    const link = alerts.find((n) => n.data.listingId === second.id)?.data.url;
    expect(link).toMatch(/&savedSearch=ss_/);
    await phone.page.goto(link!);
    await expect.poll(() => phone.page.getByText(second.title).first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => new URL(phone.page.url()).searchParams.has('savedSearch'), { timeout: 10_000 }).toBe(false);
    expect(new URL(phone.page.url()).searchParams.get('since')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await expect.poll(newCount, { timeout: 10_000 }).toBe(0);
    await phone.page.goto('/saved-searches');
    await expect.poll(() => phone.page.getByTestId('saved-search').innerText()).toContain('No new ads');
    expect(await phone.page.getByTestId('saved-search-new').count()).toBe(0);
    noProblems(phone);
    noProblems(laptop);
  });
});

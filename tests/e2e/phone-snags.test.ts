import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiRegister, noProblems, openTab, signIn, useBrowser, type Tab } from './browser';
import { api, apiRegisterByPhone, makeJpeg, postListing, uniquePhone, uploadPhoto, type ApiListing } from './fixtures';
import { coveredControls, settle } from './probes';

useBrowser();

/**
 * The phone snags: no control covers another (the floating SELL button sat over "Chat
 * with seller" and My Ads' "Edit"), one browse page, the photo viewer, WhatsApp share, prices min > max.
 */

describe('the phone journeys without snags', () => {
  let seller: { token: string; user: { id: string } };
  let buyer: { token: string; user: { id: string } };
  let ad: ApiListing;

  it('no control covers another at 360, 375 and 430 px on home, products, an ad, My Ads, chat, post, profile and wishlist', async () => {
    seller = await apiRegisterByPhone(uniquePhone('7'), 'Farhan', 'Qureshi');
    const photos = [await uploadPhoto(seller.token, makeJpeg(800, 600, [30, 120, 200])), await uploadPhoto(seller.token, makeJpeg(800, 600, [200, 60, 40]))];
    ad = await postListing(seller.token, {
      title: 'Maruti Swift VXi 2019 single owner',
      description: 'Petrol, 42,000 km, all services at the Maruti dealer, new tyres, insurance valid till March.',
      price: 520000,
      categoryId: 'Vehicles',
      subcategoryId: 'Cars',
      state: 'Maharashtra',
      city: 'Pune',
      neighbourhood: 'Kothrud',
      images: photos,
      features: { brand: 'Maruti Suzuki', model: 'Swift', year: 2019, fuel: 'Petrol', transmission: 'Manual', kmDriven: 42000, noOfOwners: '1st' },
    });
    buyer = await apiRegister(`snag.buyer.${Date.now()}@example.in`, 'mango2024', { firstName: 'Anjali', lastName: 'Rao' });
    const opened = await api<{ chat: { id: string } }>('/messages/chats', { token: buyer.token, body: { listingId: ad.id } });
    await api('/messages/messages', { token: buyer.token, body: { chatId: opened.chat.id, content: 'Is the Swift still available?' } });
    await api(`/listings/${ad.id}/favorite`, { token: buyer.token, body: { isFavorite: true } });

    const found: string[] = [];
    const check = async (tab: Tab, path: string, ready: (page: Page) => Promise<unknown>, shot?: string) => {
      await tab.page.goto(path);
      await ready(tab.page);
      await settle(tab.page);
      if (shot) await tab.shot(shot);
      for (const c of await coveredControls(tab.page)) found.push(`${tab.page.viewportSize()?.width}px ${path}: ${c}`);
    };

    // the probe itself can fail: a floating bar laid over a button is reported
    const probe = await openTab(375, 780, { touch: true });
    await probe.page.goto('/');
    await probe.page.getByRole('heading', { name: 'Fresh recommendations' }).waitFor();
    await probe.page.evaluate(() => {
      const bar = document.createElement('div');
      bar.className = 'probe-bar';
      bar.style.cssText = 'position:fixed;inset:0 0 auto 0;height:100vh;z-index:99;background:transparent';
      document.body.insertAdjacentElement('beforeend', bar);
    });
    expect((await coveredControls(probe.page)).some((c) => c.includes('is under div.probe-bar'))).toBe(true);
    await probe.context.close();

    for (const width of [375, 360, 430]) {
      // every page at 375 px; at the narrowest and widest phones the pages with floating or sticky parts
      const all = width === 375;
      const asBuyer = await openTab(width, 780, { touch: true });
      await signIn(asBuyer, buyer.token);
      const shot = (name: string) => (all ? `phone-snags-${name}-375` : undefined);
      await check(asBuyer, '/', (p) => p.getByRole('heading', { name: 'Fresh recommendations' }).waitFor(), shot('home'));
      await check(asBuyer, '/products?category=Vehicles', (p) => p.getByRole('region', { name: 'Results', exact: true }).getByRole('heading', { level: 3 }).first().waitFor(), shot('products'));
      await check(asBuyer, `/item/${ad.slug}`, (p) => p.getByRole('button', { name: 'Chat with seller' }).first().waitFor(), shot('ad'));
      if (all) {
        await check(asBuyer, '/chat', (p) => p.getByText('Is the Swift still available?').first().waitFor(), shot('chat'));
        await check(asBuyer, '/wishlist', (p) => p.getByText(ad.title).first().waitFor(), shot('wishlist'));
        await check(asBuyer, '/profile', (p) => p.getByRole('heading', { level: 1 }).first().waitFor(), shot('profile'));
        await check(asBuyer, '/en-in/post', (p) => p.getByRole('heading', { level: 1 }).first().waitFor(), shot('post'));
      }
      noProblems(asBuyer);
      await asBuyer.context.close();

      const asSeller = await openTab(width, 780, { touch: true });
      await signIn(asSeller, seller.token);
      await check(asSeller, '/en-in/myads', (p) => p.getByText(ad.title).first().waitFor(), shot('myads'));
      noProblems(asSeller);
      await asSeller.context.close();
    }
    expect(found).toEqual([]);
  }, 420_000);

  it('the ad page: a photo opens full screen, swipes to the next, zooms, and back closes it; WhatsApp and native share carry the ad', async () => {
    const tab = await openTab(375, 780, { touch: true });
    const { page } = tab;
    await page.goto(`/item/${ad.slug}`);
    await page.getByRole('heading', { level: 1, name: ad.title }).waitFor();
    await page.getByRole('button', { name: 'Open photo 1 full screen' }).click();
    const viewer = page.getByRole('dialog', { name: `Photos of ${ad.title}` });
    await viewer.waitFor();
    expect(new URL(page.url()).hash).toBe('#photos');
    const stage = viewer.locator('.photo-viewer__stage');
    expect(await viewer.getByText('1 / 2').isVisible()).toBe(true);
    // a finger swipes right to left: the next photo
    const box = (await stage.boundingBox())!;
    const y = box.y + box.height / 2;
    const swipe = async (from: number, to: number) => {
      const id = 1;
      await stage.dispatchEvent('pointerdown', { pointerId: id, clientX: from, clientY: y, isPrimary: true, pointerType: 'touch' });
      for (let i = 1; i <= 5; i++) await stage.dispatchEvent('pointermove', { pointerId: id, clientX: from + ((to - from) * i) / 5, clientY: y, pointerType: 'touch' });
      await stage.dispatchEvent('pointerup', { pointerId: id, clientX: to, clientY: y, pointerType: 'touch' });
    };
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
    await viewer.getByText('2 / 2').waitFor();
    // two fingers spread apart: zoomed in
    const cx = box.x + box.width / 2;
    await stage.dispatchEvent('pointerdown', { pointerId: 1, clientX: cx - 40, clientY: y, pointerType: 'touch' });
    await stage.dispatchEvent('pointerdown', { pointerId: 2, clientX: cx + 40, clientY: y, pointerType: 'touch' });
    await stage.dispatchEvent('pointermove', { pointerId: 1, clientX: cx - 100, clientY: y, pointerType: 'touch' });
    await stage.dispatchEvent('pointermove', { pointerId: 2, clientX: cx + 100, clientY: y, pointerType: 'touch' });
    await stage.dispatchEvent('pointerup', { pointerId: 1, clientX: cx - 100, clientY: y, pointerType: 'touch' });
    await stage.dispatchEvent('pointerup', { pointerId: 2, clientX: cx + 100, clientY: y, pointerType: 'touch' });
    expect(Number(await stage.getAttribute('data-scale'))).toBeCloseTo(2.5, 1);
    expect(await stage.evaluate((el) => getComputedStyle(el).touchAction)).toBe('none');
    // the second photo is shown, zoomed: loaded, and wider than the phone
    const photo = stage.locator('img');
    await photo.evaluate((img: HTMLImageElement) => img.decode().catch(() => undefined));
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    expect((await photo.boundingBox())!.width).toBeGreaterThan(375 * 2);
    await tab.shot('phone-snags-photo-viewer-375');
    // the phone's back button closes the viewer and stays on the ad
    await page.goBack();
    await viewer.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/item/${ad.slug}`);
    // Escape closes it too
    await page.getByRole('button', { name: 'Open photo 2 full screen' }).click();
    await viewer.waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(new URL(page.url()).hash).toBe('');

    const whatsapp = new URL((await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href'))!);
    expect(whatsapp.origin).toBe('https://wa.me');
    expect(whatsapp.searchParams.get('text')).toBe(`${ad.title} – ₹ 5,20,000\n${page.url()}`);
    // the phone's own share sheet gets the same message
    await page.evaluate(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      navigator.share = async (data) => void (window as unknown as { shared: unknown[] }).shared.push(data);
    });
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([{ title: ad.title, text: `${ad.title} – ₹ 5,20,000`, url: page.url() }]);
    noProblems(tab);
    await tab.context.close();
  });

  it('one browse page: /listings lands on /products with the same filters; a minimum above the maximum is swapped, not an error', async () => {
    const tab = await openTab(375, 780, { touch: true });
    const { page } = tab;
    await page.goto('/listings?category=Vehicles&subcategory=Cars&minPrice=1000&sortBy=price&sortOrder=asc&page=1');
    await page.waitForURL((url) => url.pathname === '/products');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ category: 'Vehicles', subcategory: 'Cars', minPrice: '1000', sort: 'price-asc' });
    await page.getByRole('heading', { level: 1, name: 'Cars in India' }).waitFor();

    await page.goto('/products?minPrice=50000&maxPrice=1000');
    await page.getByRole('region', { name: 'Results', exact: true }).getByRole('heading', { level: 3 }).first().waitFor();
    expect(await page.getByText('Failed to fetch data').count()).toBe(0);
    expect(await page.getByText('₹ 1,000 - ₹ 50,000').count()).toBeGreaterThan(0);
    noProblems(tab);
    await tab.context.close();
  });

  it('rough edges: a long search chip stays in its row, no stray date in the category bar, the post form shows the category icons home shows', async () => {
    const phone = await openTab(375, 780, { touch: true });
    const long = 'maruti swift vxi petrol single owner new tyres insurance valid till march all services at dealer';
    await phone.page.goto(`/products?${new URLSearchParams({ q: long })}`);
    const chip = phone.page.getByRole('group', { name: 'Active filters' }).locator('.chip').first();
    await chip.waitFor();
    await phone.page.waitForLoadState('networkidle');
    const right = await chip.evaluate((el) => el.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(375);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await phone.shot('phone-snags-long-chip-375');

    noProblems(phone);
    await phone.context.close();

    const desk = await openTab(1280, 900);
    await desk.page.goto('/');
    const bar = desk.page.getByRole('navigation', { name: 'Popular categories' });
    await bar.waitFor();
    expect(await bar.innerText()).not.toMatch(/\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)/);
    noProblems(desk);
    await desk.context.close();

    const poster = await openTab(375, 780, { touch: true });
    await signIn(poster, buyer.token);
    await poster.page.goto('/en-in/post');
    await poster.page.getByRole('heading', { name: 'Choose a category' }).waitFor();
    const marks = poster.page.locator('.sell-cat-mark');
    expect(await marks.count()).toBe(10);
    // icons, not letters: each mark is an svg glyph, and the Vehicles one is the home "Cars" car
    for (const mark of await marks.all()) expect((await mark.innerText()).trim()).toBe('');
    const vehiclesGlyph = await marks.first().locator('path').getAttribute('d');
    await poster.page.goto('/');
    await poster.page.getByRole('heading', { name: 'Fresh recommendations' }).waitFor();
    const carTile = poster.page.locator('.category-tile').filter({ hasText: 'Cars' }).first().locator('path');
    expect(await carTile.getAttribute('d')).toBe(vehiclesGlyph);
    await poster.shot('phone-snags-home-tiles-375');
    noProblems(poster);
    await poster.context.close();
  });
});

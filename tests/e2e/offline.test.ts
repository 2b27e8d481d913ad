import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE_UA, apiRegister, noProblems, openTab, signIn, useBrowser, type Tab } from './browser';
import { api, apiRegisterByPhone, listings, makeJpeg, postListing, uniquePhone, uploadPhoto, writeJpegs } from './fixtures';

useBrowser();

/**
 * The installable app on a bad network (decision 025), on a 375 px phone: the manifest and worker
 * pass Chrome's own installability check; an ad and a search opened earlier open again with no
 * network, with the offline notice; a search never opened says it is offline inside the app and
 * opens by itself when the network is back; the post form's draft survives a reload; chat messages
 * written offline survive a reload and reach the server once each, in order.
 */

/** Requests the browser tried while offline fail by design; nothing else may. */
const offlineNoise = (tab: Tab) => tab.problems.splice(0, tab.problems.length, ...tab.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to fetch/.test(p)));

/** The service worker controls the page, and has kept what this page loaded before it did. */
const workerInControl = async (page: Page) => {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 20_000 });
  // the shell's files are stored by the install; give the "keep what was loaded" message its moment
  await page.evaluate(async () => {
    const names = await caches.keys();
    if (!names.some((n) => n.startsWith('sel-static-'))) throw new Error(`no static cache: ${names.join(', ')}`);
  });
};

/**
 * Chromium's offline emulation stops HTTP but leaves open WebSockets running (microsoft/playwright#4910):
 * sockets go through a route that closes them when the network drops and refuses new ones until it is back.
 */
const networkSwitch = async (tab: Tab) => {
  let online = true;
  const open = new Set<WebSocketRoute>();
  await tab.context.routeWebSocket(/\/parties\//, (ws) => {
    if (!online) {
      void ws.close().catch(() => {});
      return;
    }
    const server = ws.connectToServer();
    open.add(ws);
    ws.onClose(() => {
      open.delete(ws);
      void server.close().catch(() => {});
    });
    server.onClose(() => {
      open.delete(ws);
      void ws.close().catch(() => {});
    });
  });
  return {
    drop: async () => {
      online = false;
      await tab.context.setOffline(true);
      for (const ws of [...open]) await ws.close().catch(() => {});
      open.clear();
    },
    restore: async () => {
      online = true;
      await tab.context.setOffline(false);
    },
  };
};

describe('the app on a phone with a bad network', () => {
  it('English: installable; an ad and a search opened before open offline after a reload; a new search offline stays in the app and opens once back online', async () => {
    const [ad] = (await listings({ limit: 1, sortBy: 'createdAt', sortOrder: 'desc' })).listings;
    if (!ad) throw new Error('the e2e seed has no ads');
    const tab = await openTab(375, 812, { touch: true, userAgent: PHONE_UA });
    const { page, context } = tab;

    await page.goto(`/item/${ad.slug}`);
    await page.getByRole('heading', { level: 1, name: ad.title }).waitFor();
    await workerInControl(page);

    // Chrome's own installability check (what Lighthouse's PWA audit reported): manifest, icons, worker
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    await cdp.detach();

    // a search, opened as a guest (its first answers came inside the page)
    await page.goto('/products?q=sofa');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const firstResult = page.locator('main a[href^="/item/"]').first();
    await firstResult.waitFor();
    const resultHref = await firstResult.getAttribute('href');

    // the network goes; the ad page is reloaded: the stored copy and the notice, never a blank page
    await context.setOffline(true);
    await page.goto(`/item/${ad.slug}`);
    await page.getByRole('heading', { level: 1, name: ad.title }).waitFor();
    await tab.shot('offline-ad-en');
    await page.locator('.offline-status').getByText('You are offline.', { exact: true }).waitFor();

    // the search opened before: its results, offline
    await page.goto('/products?q=sofa');
    await page.locator(`main a[href="${resultHref}"]`).first().waitFor();

    // typing a new search offline: the app stays, and says why there is nothing to show
    const box = page.getByRole('searchbox', { name: 'Search listings' }).or(page.getByRole('combobox', { name: 'Search listings' })).first();
    await box.fill('activa');
    await box.press('Enter');
    const notSaved = page.getByRole('alert').getByText('You are offline, and these results are not saved on this phone. They appear when you are back online.');
    await notSaved.waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search listings' }).or(page.getByRole('combobox', { name: 'Search listings' })).first().isVisible()).toBe(true);
    await tab.shot('offline-search-en');

    // the network is back: the search opens by itself
    await context.setOffline(false);
    await notSaved.waitFor({ state: 'detached', timeout: 15_000 });
    await page.locator('main a[href^="/item/"]').first().waitFor();
    await page.locator('.offline-status').waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('q')).toBe('activa');

    offlineNoise(tab);
    noProblems(tab);
    await context.close();
  });

  it('Hindi: the post draft survives a reload until discarded; chat messages written offline are sent once, in order, after a reload', async () => {
    // a seller's ad and a buyer with a chat about it
    const seller = await apiRegisterByPhone(uniquePhone('7'), 'Kavita', 'Nair');
    const photo = await uploadPhoto(seller.token, makeJpeg(640, 480, [90, 140, 60]), 'cot.jpg');
    const ad = await postListing(seller.token, {
      title: 'Sheesham wood cot with storage',
      description: 'Queen size sheesham cot with two storage drawers, five years old, no termite.',
      price: 12500,
      categoryId: 'Home & Garden',
      subcategoryId: 'Furniture',
      state: 'Karnataka',
      city: 'Bengaluru',
      neighbourhood: 'Koramangala',
      images: [photo],
    });
    const buyer = await apiRegister(`offline.${Date.now()}@example.in`, 'mango2024', { firstName: 'Meera', lastName: 'Iyer' });
    const opened = await api<{ chat: { id: string } }>('/messages/chats', { token: buyer.token, body: { listingId: ad.id } });
    const chatId = opened.chat.id;

    const tab = await openTab(375, 812, { touch: true, userAgent: PHONE_UA });
    const { page } = tab;
    page.on('dialog', (d) => {
      tab.problems.push(`unexpected ${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
    await signIn(tab, buyer.token);
    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    const network = await networkSwitch(tab);

    // the post form: typed words and an uploaded photo survive a reload
    await page.goto('/en-in/post/attributes?category=Home%20%26%20Garden&subcategory=Furniture');
    await workerInControl(page);
    const title = page.locator('input[name="title"]');
    const description = page.locator('textarea[name="description"]');
    await title.fill('Pine bookshelf, five shelves');
    await description.fill('Pine bookshelf with five shelves, light marks on the side, easy to carry.');
    const [shelf] = writeJpegs([{ name: 'shelf.jpg', rgb: [160, 120, 70] }]);
    await page.getByLabel('फ़ोटो चुनें').setInputFiles([shelf!]);
    const photos = page.getByRole('list', { name: /1/ }).filter({ has: page.getByRole('img') });
    await photos.first().waitFor();
    await page.getByText('ड्राफ़्ट हटाएँ').waitFor();
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('sel-post-draft:')) ?? '')).not.toBe('');
    await expect
      .poll(() => page.evaluate(() => JSON.stringify(Object.entries(localStorage).find(([k]) => k.startsWith('sel-post-draft:'))?.[1] ?? '')), { timeout: 20_000 })
      .toContain('/api/media/');
    await page.reload();
    await page.getByText('आपका ड्राफ़्ट वापस आ गया है, जैसा आपने छोड़ा था।').waitFor();
    expect(await title.inputValue()).toBe('Pine bookshelf, five shelves');
    expect(await description.inputValue()).toBe('Pine bookshelf with five shelves, light marks on the side, easy to carry.');
    await expect.poll(() => page.locator('.sell-form img[src*="/api/media/"]').count()).toBe(1);
    await tab.shot('draft-restored-hi');
    await page.getByRole('button', { name: 'ड्राफ़्ट हटाएँ' }).click();
    expect(await title.inputValue()).toBe('');
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('sel-post-draft:')))).toBe(false);

    // the chat, opened once online
    const firstPage = page.waitForResponse((r) => r.url().includes(`/api/messages/chats/${chatId}/messages`) && r.ok());
    await page.goto(`/chat?chatId=${chatId}`);
    const log = page.getByRole('log', { name: 'Kavita Nair के साथ संदेश' });
    await log.waitFor();
    await firstPage; // the conversation has loaded: sending is open
    const composer = page.getByRole('textbox', { name: 'संदेश लिखें' });

    // offline: two messages wait on the phone, saying so
    await network.drop();
    const written = ['क्या यह पलंग अभी उपलब्ध है?', 'Can you deliver to Indiranagar on Sunday?'];
    for (const text of written) {
      await composer.fill(text);
      await composer.press('Enter');
    }
    await expect.poll(() => page.getByText('नेटवर्क का इंतज़ार: ऑनलाइन होते ही यह भेज दिया जाएगा').count()).toBe(2);
    await page.locator('.offline-status').getByText('आप ऑफ़लाइन हैं।', { exact: true }).waitFor();
    await tab.shot('chat-queued-offline-hi');

    // still offline, the chat is reopened: it comes from the phone, with the two still waiting
    await page.reload();
    await log.getByText(written[0]!, { exact: true }).waitFor();
    await log.getByText(written[1]!, { exact: true }).waitFor();
    expect(await page.getByText('नेटवर्क का इंतज़ार: ऑनलाइन होते ही यह भेज दिया जाएगा').count()).toBe(2);

    // back online: both reach the server once each, in the order written
    await network.restore();
    await expect
      .poll(async () => (await api<{ messages: { content: string }[] }>(`/messages/chats/${chatId}/messages?page=1`, { token: seller.token })).messages.map((m) => m.content), { timeout: 20_000 })
      .toEqual(written);
    await page.getByText('नेटवर्क का इंतज़ार: ऑनलाइन होते ही यह भेज दिया जाएगा').first().waitFor({ state: 'detached', timeout: 15_000 });
    // a second trigger (another "online", a reload) must not send them again
    await page.reload();
    await log.getByText(written[1]!, { exact: true }).waitFor();
    const stored = await api<{ messages: { content: string }[] }>(`/messages/chats/${chatId}/messages?page=1`, { token: seller.token });
    expect(stored.messages.map((m) => m.content)).toEqual(written);
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('sel-chat-outbox:') ))).toBe(false);

    offlineNoise(tab);
    noProblems(tab);
    await tab.context.close();
  });
});

import type { Page, WebSocket, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiRegister, noProblems, openTab, signIn, useBrowser, type Tab } from './browser';
import { apiRegisterByPhone, makeJpeg, postListing, uniquePhone, uploadPhoto } from './fixtures';

useBrowser();

/**
 * Chromium's offline emulation (context.setOffline) stops HTTP but leaves open WebSockets running
 * (microsoft/playwright#4910). To drop the buyer's network for real, their sockets go through a
 * route that passes everything on while online, closes every open socket when the network drops,
 * and refuses new ones until it is back.
 */
const networkSwitch = async (tab: Tab) => {
  let online = true;
  const open = new Set<{ page: WebSocketRoute; server: WebSocketRoute }>();
  await tab.context.routeWebSocket(/\/parties\//, (ws) => {
    if (!online) {
      void ws.close().catch(() => {});
      return;
    }
    const pair = { page: ws, server: ws.connectToServer() };
    open.add(pair);
    ws.onClose(() => {
      open.delete(pair);
      void pair.server.close().catch(() => {});
    });
    pair.server.onClose(() => {
      open.delete(pair);
      void ws.close().catch(() => {});
    });
  });
  return {
    drop: async () => {
      online = false;
      await tab.context.setOffline(true);
      for (const pair of [...open]) {
        open.delete(pair);
        await pair.page.close().catch(() => {});
        await pair.server.close().catch(() => {});
      }
    },
    restore: async () => {
      online = true;
      await tab.context.setOffline(false);
    },
  };
};

/**
 * Resolves when the page's next chat-room socket has caught up ('synced'). Typing is not stored or
 * replayed, so the seller's room must be connected before the buyer starts typing.
 */
const nextRoomSync = (page: Page) =>
  new Promise<void>((resolve) => {
    const onSocket = (ws: WebSocket) => {
      if (!ws.url().includes('/parties/chat-room/')) return;
      page.off('websocket', onSocket);
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"type":"synced"')) resolve();
      });
    };
    page.on('websocket', onSocket);
  });

const bubbles = (page: Page, other: string) => page.getByRole('log', { name: `Messages with ${other}` }).locator('.msg__text');

describe('journey 4: a buyer favourites an ad and chats with the seller, live, and catches up after a network drop', () => {
  it('wishlist badge, chat with seller, live unread badge, typing, replies in order, and messages sent while offline arrive exactly once', async () => {
    // the seller and their ad, through the API: one photo upload and the listing
    const seller = await apiRegisterByPhone(uniquePhone('7'), 'Sunita', 'Rao');
    const photo = await uploadPhoto(seller.token, makeJpeg(800, 600, [150, 100, 60]), 'table.jpg');
    const ad = await postListing(seller.token, {
      title: 'Teak study table with two drawers',
      description: 'Solid teak study table, two drawers, light scratches on the top. Pick up only.',
      price: 4500,
      categoryId: 'Home & Garden',
      subcategoryId: 'Furniture',
      state: 'Karnataka',
      city: 'Bengaluru',
      neighbourhood: 'Indiranagar',
      images: [photo],
    });
    expect(ad.status).toBe('APPROVED');
    const buyerEmail = `arjun.mehta.${Date.now()}@example.in`;
    const buyerAccount = await apiRegister(buyerEmail, 'mango2024', { firstName: 'Arjun', lastName: 'Mehta' });

    const sellerTab = await openTab(1280);
    const buyer = await openTab(1280);
    const network = await networkSwitch(buyer);
    await signIn(sellerTab, seller.token);
    await signIn(buyer, buyerAccount.token);

    // the seller waits on the home page; a marker tells whether the page ever reloads
    const s = sellerTab.page;
    await s.goto('/');
    await s.getByRole('heading', { name: 'Fresh recommendations' }).waitFor();
    await s.evaluate(() => Object.assign(window, { __e2eSameDocument: true }));
    const sellerChatLink = s.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: /^Chat/ });
    expect(await sellerChatLink.getAttribute('aria-label')).toBe('Chat');

    // the buyer favourites the ad: the heart's count shows in the header and the ad in the wishlist
    const b = buyer.page;
    await b.goto(`/item/${ad.slug}`);
    await b.getByRole('heading', { level: 1, name: ad.title }).waitFor();
    await b.getByRole('button', { name: 'Add to Favorites' }).click();
    await b.getByRole('button', { name: 'Remove from Favorites' }).waitFor();
    const wishlistLink = b.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Wishlist (1)' });
    await wishlistLink.waitFor();
    expect(await wishlistLink.locator('.count-badge').textContent()).toBe('1');
    await buyer.shot('04-favourited');
    await wishlistLink.click();
    await b.getByRole('heading', { level: 1, name: 'WISHLIST' }).waitFor();
    await b.getByText('1 item', { exact: true }).waitFor();
    const favourites = b.getByRole('list', { name: 'Your favourite ads' });
    await favourites.getByRole('heading', { level: 3, name: ad.title }).waitFor();
    await buyer.shot('04-wishlist');

    // back to the ad, and 'Chat with seller'
    await favourites.getByRole('link', { name: new RegExp(ad.title) }).click();
    await b.getByRole('heading', { level: 1, name: ad.title }).waitFor();
    await b.getByRole('button', { name: 'Chat with seller' }).first().click();
    await b.waitForURL((url) => url.pathname === '/chat' && url.searchParams.has('chatId'));
    const buyerPane = b.getByRole('heading', { level: 2, name: 'Sunita Rao' });
    await buyerPane.waitFor();
    await b.getByText('No messages yet. Start the conversation!').waitFor();
    const buyerBox = b.getByRole('textbox', { name: 'Type a message' });
    // the composer counts while typing; past 2,000 nothing is cut: it says how much to shorten and will not send
    await buyerBox.fill('a'.repeat(1_900));
    await b.getByText('1,900 / 2,000', { exact: true }).waitFor();
    await buyerBox.fill('a'.repeat(3_000));
    await b.getByText('1,000 characters too long: a message can have up to 2,000. Shorten it to send.').waitFor();
    expect((await buyerBox.inputValue()).length).toBe(3_000);
    expect(await b.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    await buyerBox.fill('');
    const first = 'Hello, is the study table still available?';
    await buyerBox.fill(first);
    await buyerBox.press('Enter');
    await b.getByRole('log', { name: 'Messages with Sunita Rao' }).getByText(first, { exact: true }).waitFor();

    // the seller's header badge counts it, live, without a reload
    await s.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Chat (1)' }).waitFor({ timeout: 15_000 });
    expect(await sellerChatLink.locator('.count-badge').textContent()).toBe('1');
    expect(await s.evaluate(() => (window as unknown as { __e2eSameDocument?: boolean }).__e2eSameDocument)).toBe(true);
    await sellerTab.shot('04-seller-unread-badge');

    // the seller opens the chat from the inbox
    await sellerChatLink.click();
    await s.getByRole('heading', { level: 1, name: 'INBOX' }).waitFor();
    const sellerRoom = nextRoomSync(s);
    await s.getByRole('button', { name: `Arjun Mehta, ${ad.title}, 1 unread` }).click();
    await s.getByRole('heading', { level: 2, name: 'Arjun Mehta' }).waitFor();
    await s.getByRole('log', { name: 'Messages with Arjun Mehta' }).getByText(first, { exact: true }).waitFor();
    // reading it clears the badge
    await s.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Chat', exact: true }).waitFor();

    // typing shows on the other side while the buyer types (once the seller's room is connected)
    await sellerRoom;
    const second = 'Could you keep it for me until Saturday?';
    const typing = buyerBox.pressSequentially(second, { delay: 90 });
    await s.getByText('Someone is typing...').waitFor({ timeout: 10_000 });
    await sellerTab.shot('04-seller-sees-typing');
    await typing;
    await buyerBox.press('Enter');
    await s.getByRole('log', { name: 'Messages with Arjun Mehta' }).getByText(second, { exact: true }).waitFor();
    await s.getByText('Someone is typing...').waitFor({ state: 'hidden' });

    // the seller replies; both see the same conversation in the same order
    const reply = 'Yes, it is available. Saturday works for me.';
    const sellerBox = s.getByRole('textbox', { name: 'Type a message' });
    await sellerBox.fill(reply);
    await s.getByRole('button', { name: 'Send', exact: true }).click();
    const conversation = [first, second, reply];
    await expect.poll(() => bubbles(s, 'Arjun Mehta').allTextContents()).toEqual(conversation);
    await expect.poll(() => bubbles(b, 'Sunita Rao').allTextContents()).toEqual(conversation);
    // own messages on the right, the other party's with their name
    expect(await b.locator('.msg--own .msg__text').allTextContents()).toEqual([first, second]);
    expect(await b.locator('.msg--theirs .msg__sender').allTextContents()).toEqual(['Sunita Rao']);
    await buyer.shot('04-buyer-conversation');
    await sellerTab.shot('04-seller-conversation');

    // the buyer's network drops (their inbox says so); the seller sends two messages meanwhile
    const buyerInbox = b.getByRole('complementary', { name: 'Conversations' });
    expect(await buyerInbox.getByText('Live', { exact: true }).isVisible()).toBe(true);
    await network.drop();
    await buyerInbox.getByText('Offline', { exact: true }).waitFor();
    const away = ['Are you still there?', 'I will be home after six on Saturday.'];
    for (const text of away) {
      await sellerBox.fill(text);
      await sellerBox.press('Enter');
    }
    // delivered to the server (a tick on each), not to the offline buyer
    for (const text of away) {
      await s.locator('.msg--own', { hasText: text }).getByRole('img', { name: /^(Sent|Read)$/ }).waitFor();
    }
    expect(await bubbles(b, 'Sunita Rao').allTextContents()).toEqual(conversation);
    await buyer.shot('04-buyer-offline');

    // back online: both arrive, once each, after the rest
    await network.restore();
    await expect.poll(() => bubbles(b, 'Sunita Rao').allTextContents(), { timeout: 20_000 }).toEqual([...conversation, ...away]);
    await buyerInbox.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });
    // a second catch-up (the socket's replay and the REST fallback racing) must not add copies
    await b.waitForTimeout(1500);
    for (const text of away) expect(await bubbles(b, 'Sunita Rao').getByText(text, { exact: true }).count()).toBe(1);
    expect(await bubbles(b, 'Sunita Rao').count()).toBe(conversation.length + away.length);
    await buyer.shot('04-buyer-back-online');

    // requests the browser tried while offline fail by design (ERR_INTERNET_DISCONNECTED, or ERR_FAILED for
    // one already in flight when the network dropped, as in the offline journey); nothing else may
    buyer.problems.splice(0, buyer.problems.length, ...buyer.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/.test(p)));
    noProblems(buyer);
    noProblems(sellerTab);
    await buyer.context.close();
    await sellerTab.context.close();
  });
});

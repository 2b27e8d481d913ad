import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { baseURL, noProblems, openTab, signIn, useBrowser } from './browser';
import { api, apiRegisterByPhone, makeJpeg, postListing, uniquePhone, uploadPhoto, type ApiListing } from './fixtures';

useBrowser();

/** A photo unlike the fixtures' gradients (so the duplicate-photo check sees two different photos). */
const checkerJpeg = (size: number, cell: number) => {
  const data = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const on = (Math.floor(x / cell) + Math.floor(y / cell)) % 2 === 0;
      data[i] = on ? 230 : 40;
      data[i + 1] = on ? 200 : 60;
      data[i + 2] = on ? 120 : 90;
      data[i + 3] = 255;
    }
  }
  return jpeg.encode({ data, width: size, height: size }, 85).data;
};

/**
 * The archive (decision 021) on a phone, in English and Hindi: a deleted ad is archived at once, is
 * gone (410) for everyone else, stays in the seller's My Ads under Archived, opens there, and is
 * reposted with one tap; a buyer's conversation about it left with it, and its old link says so.
 */
describe('the archive in My Ads', () => {
  it('an archived ad is still in My Ads, opens, and is reposted with one tap, at 375 px in English and Hindi', async () => {
    const seller = await apiRegisterByPhone(uniquePhone('8'), 'Meera', 'Kulkarni');
    const place = { categoryId: 'Home & Garden', subcategoryId: 'Furniture', state: 'Maharashtra', city: 'Pune', neighbourhood: 'Kothrud' };
    const sofa = await postListing(seller.token, {
      ...place,
      title: 'Teak wood sofa set, five seater',
      description: 'Solid teak, cushions recovered last year, no scratches. Pickup from Kothrud.',
      price: 18500,
      images: [await uploadPhoto(seller.token, makeJpeg(800, 600, [150, 90, 40]))],
    });
    const table = await postListing(seller.token, {
      ...place,
      title: 'Wooden study table with drawer',
      description: 'Sheesham study table, 4 feet, one drawer, good for a student room.',
      price: 4200,
      images: [await uploadPhoto(seller.token, checkerJpeg(480, 60))],
    });
    // a buyer asked about the sofa: the conversation leaves with the ad (decision 021, addendum)
    const buyer = await apiRegisterByPhone(uniquePhone('7'), 'Arjun', 'Desai');
    const { chat } = await api<{ chat: { id: string } }>('/messages/chats', { token: buyer.token, body: { listingId: sofa.id } });
    await api('/messages/messages', { token: buyer.token, body: { chatId: chat.id, content: 'Is the sofa still available?' } });
    for (const ad of [sofa, table]) await api(`/listings/${ad.id}`, { token: seller.token, method: 'DELETE' });
    // gone for everyone else: the API and the page say 410
    expect((await fetch(`${baseURL()}/api/listings/${sofa.id}`)).status).toBe(410);
    expect((await fetch(`${baseURL()}/item/${sofa.slug}`)).status).toBe(410);

    const tab = await openTab(375, 780, { touch: true });
    const { page } = tab;
    await signIn(tab, seller.token);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/en-in/myads');
    await page.getByRole('link', { name: 'Archived' }).click();
    const sofaCard = page.locator('li.myad', { hasText: sofa.title });
    await sofaCard.waitFor();
    await expect(page.locator('li.myad', { hasText: table.title }).count()).resolves.toBe(1);
    await expect(sofaCard.getByText('ARCHIVED · Deleted').count()).resolves.toBe(1);
    await tab.shot('archive-myads-archived-en-375');

    // open it: the details as they were
    await sofaCard.getByRole('button', { name: 'Open' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Pickup from Kothrud', { exact: false }).waitFor();
    await tab.shot('archive-open-en-375');
    // one tap: a new ad, live, at the top of My Ads
    await dialog.getByRole('button', { name: 'Repost' }).click();
    await page.getByText('Reposted: your ad is live again').waitFor();
    await page.waitForURL((url) => url.pathname === '/en-in/myads' && !url.search.includes('archived'));
    const reposted = page.locator('li.myad', { hasText: sofa.title });
    await reposted.getByText('ACTIVE').waitFor();
    const mine = await api<{ listings: ApiListing[] }>('/listings/user/my-listings?limit=10', { token: seller.token });
    expect(mine.listings.map((l) => [l.title, l.status])).toEqual([[sofa.title, 'APPROVED']]);
    expect(mine.listings[0]!.id).not.toBe(sofa.id);

    // in Hindi: the tab, the card and the one-tap repost
    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await page.goto('/en-in/myads?status=archived');
    const tableCard = page.locator('li.myad', { hasText: table.title });
    await tableCard.waitFor();
    await expect(page.getByRole('link', { name: 'संग्रह में' }).count()).resolves.toBe(1);
    // opened by a link, the chosen pill (the last, wider in Hindi) is scrolled into view on the phone
    const pill = await page.getByRole('link', { name: 'संग्रह में' }).boundingBox();
    expect(pill && pill.x >= 0 && pill.x + pill.width <= 375, JSON.stringify(pill)).toBe(true);
    await expect(tableCard.getByText('संग्रह में · हटाया गया').count()).resolves.toBe(1);
    await tab.shot('archive-myads-archived-hi-375');
    await tableCard.getByRole('button', { name: 'दोबारा पोस्ट करें' }).click();
    await page.getByText('दोबारा पोस्ट हो गया: आपका विज्ञापन फिर से लाइव है').waitFor();
    await page.locator('li.myad', { hasText: table.title }).waitFor();
    await tab.shot('archive-reposted-hi-375');
    noProblems(tab);
    await tab.context.close();

    // the buyer's old chat link says the conversation ended, in English and Hindi; their chat list no longer has it
    const chats = await api<{ chats: { id: string }[] }>('/messages/chats', { token: buyer.token });
    expect(chats.chats.map((c) => c.id)).not.toContain(chat.id);
    const buyerTab = await openTab(375, 780, { touch: true });
    await signIn(buyerTab, buyer.token);
    await buyerTab.page.evaluate(() => localStorage.setItem('language', 'en'));
    await buyerTab.page.goto(`/chat?chatId=${chat.id}`);
    await buyerTab.page.getByText('This conversation has ended: the ad it was about is no longer on SEL.').waitFor();
    // said once, and no retry offered: nothing can bring it back
    await expect(buyerTab.page.getByRole('button', { name: 'Try Again' }).count()).resolves.toBe(0);
    await buyerTab.shot('archive-chat-ended-en-375');
    await buyerTab.page.evaluate(() => localStorage.setItem('language', 'hi'));
    await buyerTab.page.reload();
    await buyerTab.page.getByText('यह बातचीत समाप्त हो गई है: जिस विज्ञापन के बारे में थी, वह अब SEL पर नहीं है।').waitFor();
    await buyerTab.shot('archive-chat-ended-hi-375');
    noProblems(buyerTab);
    await buyerTab.context.close();
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { noProblems, openTab, signIn, useBrowser } from './browser';
import { api, apiRegisterByPhone, postListing, uniquePhone, uploadPhoto, makeJpeg } from './fixtures';

useBrowser();

/**
 * A phone user reaches every account page from ☰, sees what arrived in the header (live), and a
 * decimal price is refused instead of becoming 100 times bigger — in English and in Hindi, 375 px.
 */
describe('the phone menu, the header counts and the price field at 375 px', () => {
  it('English then Hindi: menu links, live chat count, "45,000.50" refused and "1.5 lakh" read', async () => {
    const seller = await apiRegisterByPhone(uniquePhone('8'), 'Kavya', 'Nair');
    const buyer = await apiRegisterByPhone(uniquePhone('6'), 'Rohan', 'Das');
    const photo = await uploadPhoto(seller.token, makeJpeg(640, 480, [90, 160, 60]));
    const ad = await postListing(seller.token, {
      title: 'Whirlpool 265 L double door fridge',
      description: 'Four years old, frost free, works perfectly, moving to another city.',
      price: 14000,
      categoryId: 'Home & Garden',
      subcategoryId: 'Appliances',
      state: 'Maharashtra',
      city: 'Pune',
      neighbourhood: 'Kothrud',
      images: [photo],
      features: {},
    });
    const opened = await api<{ chat: { id: string } }>('/messages/chats', { token: buyer.token, body: { listingId: ad.id } });
    await api('/messages/messages', { token: buyer.token, body: { chatId: opened.chat.id, content: 'Is the fridge still available?' } });

    const tab = await openTab(375, 780, { touch: true });
    const { page } = tab;
    await signIn(tab, seller.token);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Fresh recommendations' }).waitFor();
    // the phone header carries the chat count, and it moves by itself when another message arrives
    await page.getByRole('link', { name: 'Chat (1)' }).waitFor();
    expect(await page.getByRole('link', { name: /^Notifications/ }).isVisible()).toBe(true);
    await api('/messages/messages', { token: buyer.token, body: { chatId: opened.chat.id, content: 'I can come today evening.' } });
    await page.getByRole('link', { name: 'Chat (2)' }).waitFor();
    await tab.shot('phone-menu-header-375');

    // ☰ reaches every page of the desktop account menu
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    const nav = menu.getByRole('navigation', { name: 'Menu' });
    for (const name of ['Start selling', 'Chats', 'Notifications', 'My ADS', 'Wishlist', 'Saved searches', 'View Cart', 'Buy Business Packages', 'Bought Packages & Billing', 'SEL Buyer plans', 'Help', 'Settings']) {
      expect(await nav.getByRole('link', { name, exact: name !== 'Chats' && name !== 'Notifications' }).first().isVisible(), name).toBe(true);
    }
    expect(await nav.getByRole('link', { name: 'Moderation' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'View and edit profile' }).isVisible()).toBe(true);
    expect(await menu.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    await tab.shot('phone-menu-open-375');
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL('**/settings');

    // the price field: a decimal is refused, not read as 4500050; words are read
    await page.goto('/en-in/post/attributes?category=home-and-garden&subcategory=home-and-garden-appliances');
    const price = page.locator('input[name="price"]');
    await price.waitFor();
    await price.fill('45,000.50');
    await price.blur();
    await page.getByText('Prices are in whole rupees: leave out the paise (for example 45,000 instead of 45,000.50)').waitFor();
    expect(await price.inputValue()).toBe('45,000.50');
    await price.fill('1.5 lakh');
    await page.getByText('= ₹ 1,50,000').waitFor();
    await price.blur();
    expect(await price.inputValue()).toBe('1,50,000');
    await tab.shot('phone-price-375');

    // हिन्दी: the same menu and the same refusal, in Hindi
    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await page.goto('/');
    await page.getByRole('button', { name: 'मेनू' }).click();
    const hiMenu = page.getByRole('dialog', { name: 'मेनू' });
    await hiMenu.waitFor();
    for (const name of ['सेटिंग्स', 'सहेजी गई खोजें', 'कार्ट देखें', 'सूचनाएँ']) {
      expect(await hiMenu.getByRole('link', { name }).first().isVisible(), name).toBe(true);
    }
    await tab.shot('phone-menu-open-375-hi');
    await page.goto('/en-in/post/attributes?category=home-and-garden&subcategory=home-and-garden-appliances');
    const hiPrice = page.locator('input[name="price"]');
    await hiPrice.waitFor();
    await hiPrice.fill('45,000.50');
    await hiPrice.blur();
    await page.getByText('कीमत पूरे रुपयों में लिखें, पैसे छोड़ दें (जैसे 45,000.50 की जगह 45,000)').waitFor();
    await tab.shot('phone-price-375-hi');
    noProblems(tab);
    await tab.context.close();
  }, 120_000);
});

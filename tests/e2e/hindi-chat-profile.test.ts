import { describe, expect, it } from 'vitest';
import { baseURL, noProblems, openTab, signIn, useBrowser } from './browser';
import { apiRegisterByPhone, makeJpeg, postListing, uniquePhone, uploadPhoto, writeJpegs } from './fixtures';

useBrowser();

/**
 * The latest code e-mailed to an address, from the dev outbox. In Hindi: the reader switched to Hindi
 * while signed in, so the app stored it as the account's language and the e-mail follows (decision 010).
 */
const mailedCode = async (to: string) => {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${baseURL()}/api/dev/outbox`);
    const body = (await res.json()) as { data: { to: string; body: string }[] };
    const code = body.data.find((m) => m.to === to)?.body.match(/(\d{6}) SEL पर इस ईमेल पते को सत्यापित करने का आपका कोड है/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code for ${to} in the dev outbox`);
};

/** Chat, My Ads, profile and settings in Hindi (and English) on a 375 px phone. */
describe('journey: chat, My Ads, profile and settings in Hindi at 375 px', () => {
  it('a buyer chats in Hindi with role-aware quick replies, the counter and the Buying/Selling tabs; the seller answers in English', async () => {
    const seller = await apiRegisterByPhone(uniquePhone('7'), 'Ravi', 'Kumar');
    const photo = await uploadPhoto(seller.token, makeJpeg(800, 600, [90, 120, 160]), 'cycle.jpg');
    const ad = await postListing(seller.token, {
      title: 'Sheesham wood bookshelf, five shelves',
      description: 'Sheesham wood bookshelf with five shelves, two years old, no scratches. Pick up in Jayanagar.',
      price: 6500,
      categoryId: 'Home & Garden',
      subcategoryId: 'Furniture',
      state: 'Karnataka',
      city: 'Bengaluru',
      neighbourhood: 'Jayanagar',
      images: [photo],
    });
    const buyer = await apiRegisterByPhone(uniquePhone('8'), 'Meena', 'Iyer');

    const tab = await openTab(375, 812, { touch: true });
    const { page } = tab;
    await signIn(tab, buyer.token);
    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await page.goto(`/item/${ad.slug}`);
    await page.getByRole('heading', { level: 1, name: ad.title }).waitFor();
    await page.getByRole('button', { name: 'विक्रेता से चैट करें' }).first().click();
    await page.waitForURL((url) => url.pathname === '/chat' && url.searchParams.has('chatId'));
    await page.getByText('अभी कोई संदेश नहीं। बातचीत शुरू करें!').waitFor();

    // a buyer's quick replies ask about the item; no seller line among them
    const quick = page.getByRole('group', { name: 'झटपट जवाब' });
    await quick.getByRole('button', { name: 'क्या उपलब्ध है?' }).waitFor();
    expect(await quick.getByRole('button', { name: 'हाँ, उपलब्ध है' }).count()).toBe(0);
    await quick.getByRole('button', { name: 'क्या उपलब्ध है?' }).click();
    const log = page.getByRole('log', { name: 'Ravi Kumar के साथ संदेश' });
    await log.getByText('क्या यह अभी भी उपलब्ध है?', { exact: true }).waitFor();
    await log.getByText('आज', { exact: true }).waitFor({ state: 'attached' });

    // the counter shows while typing; past 2,000 nothing is cut and sending waits
    const box = page.getByRole('textbox', { name: 'संदेश लिखें' });
    await box.fill('नमस्ते');
    await page.getByText('6 / 2,000', { exact: true }).waitFor();
    await box.fill('क'.repeat(2_050));
    await page.getByText('50 अक्षर ज़्यादा: एक संदेश में अधिकतम 2,000 अक्षर हो सकते हैं। भेजने के लिए इसे छोटा करें।').waitFor();
    expect((await box.inputValue()).length).toBe(2_050);
    expect(await page.getByRole('button', { name: 'भेजें', exact: true }).isDisabled()).toBe(true);
    await tab.shot('hi-05-chat-375');
    await box.fill('');

    // the inbox: Buying / Selling tabs, the row marked as buying
    await page.getByRole('button', { name: 'बातचीत पर वापस' }).click();
    await page.getByRole('heading', { level: 1, name: 'इनबॉक्स' }).waitFor();
    await page.getByRole('tab', { name: 'बिक्री' }).click();
    await page.getByText('कोई बातचीत नहीं मिली').waitFor();
    await page.getByRole('tab', { name: 'खरीद' }).click();
    await page.getByRole('button', { name: new RegExp(`^Ravi Kumar, ${ad.title}`) }).waitFor();
    await tab.shot('hi-06-inbox-375');
    noProblems(tab);
    await tab.context.close();

    // the seller, in English: a seller's quick replies, and the chat under Selling
    const sellerTab = await openTab(375, 812, { touch: true });
    await signIn(sellerTab, seller.token);
    await sellerTab.page.goto('/chat');
    await sellerTab.page.getByRole('heading', { level: 1, name: 'INBOX' }).waitFor();
    await sellerTab.page.getByRole('tab', { name: 'Buying' }).click();
    await sellerTab.page.getByText('No conversations found').waitFor();
    await sellerTab.page.getByRole('tab', { name: 'Selling' }).click();
    await sellerTab.page.getByRole('button', { name: new RegExp(`^Meena Iyer, ${ad.title}`) }).click();
    const sellerQuick = sellerTab.page.getByRole('group', { name: 'Quick replies' });
    await sellerQuick.getByRole('button', { name: 'Yes, available' }).waitFor();
    expect(await sellerQuick.getByRole('button', { name: 'Make an offer' }).count()).toBe(0);
    await sellerTab.page.getByRole('log', { name: 'Messages with Meena Iyer' }).getByText('क्या यह अभी भी उपलब्ध है?').waitFor();
    await sellerTab.shot('en-05-chat-seller-375');
    noProblems(sellerTab);
    await sellerTab.context.close();
  });

  it('the profile steps can be done in Hindi (add and verify an e-mail, add a photo); My Ads and Settings in both languages', async () => {
    const user = await apiRegisterByPhone(uniquePhone('6'), 'Kiran', 'Rao');
    const tab = await openTab(375, 812, { touch: true });
    const { page } = tab;
    await signIn(tab, user.token);
    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Kiran Rao' }).waitFor();
    await page.getByText('प्रोफ़ाइल पूरी करने के लिए 2 क़दम बाक़ी').waitFor();
    await tab.shot('hi-07-profile-steps-375');

    // the app stores the reader's Hindi as the account's language (after sign-in, in the background):
    // the code e-mail is written in it
    await expect
      .poll(async () => {
        const res = await fetch(`${baseURL()}/api/auth/profile`, { headers: { authorization: `Bearer ${user.token}` } });
        return ((await res.json()) as { data?: { language?: string } }).data?.language;
      }, { timeout: 15_000 })
      .toBe('hi');

    // the e-mail: add it, get the code, verify
    const address = `kiran.${Date.now()}@example.in`;
    await page.getByRole('button', { name: 'ईमेल जोड़ें' }).click();
    await page.getByLabel('आपका ईमेल पता').fill(address);
    await page.getByRole('button', { name: 'कोड भेजें' }).click();
    const code = page.getByLabel(`${address} पर भेजा गया 6 अंकों का कोड लिखें`);
    await code.waitFor();
    await code.fill(await mailedCode(address));
    await page.getByRole('button', { name: 'सत्यापित करें', exact: true }).click();
    await page.getByText('ईमेल पता सत्यापित हो गया').waitFor();
    await page.getByText('प्रोफ़ाइल पूरी करने के लिए 1 क़दम बाक़ी').waitFor();
    await page.getByText('ईमेल सत्यापित', { exact: true }).waitFor();

    // the photo
    const [file] = writeJpegs([{ name: 'kiran-face.jpg', rgb: [200, 150, 120] }], 400, 400);
    await page.getByLabel('प्रोफ़ाइल फ़ोटो चुनें').setInputFiles(file!);
    await page.getByText('प्रोफ़ाइल फ़ोटो जुड़ गई').waitFor();
    await page.locator('.profile-card .user-avatar img').waitFor();
    expect(await page.getByText(/क़दम बाक़ी/).count()).toBe(0);
    await tab.shot('hi-08-profile-done-375');

    // an empty first name is refused with a message
    await page.getByRole('button', { name: 'प्रोफ़ाइल बदलें' }).click();
    await page.getByLabel('पहला नाम').fill('');
    await page.getByRole('button', { name: 'सहेजें' }).click();
    await page.getByText('पहला नाम ज़रूरी है').waitFor();
    await page.getByRole('button', { name: 'रद्द करें' }).click();

    // My Ads and Settings in Hindi, then English
    await page.goto('/en-in/myads');
    await page.getByRole('heading', { level: 1, name: 'मेरे विज्ञापन' }).waitFor();
    await page.getByText('आपने अभी तक कोई विज्ञापन नहीं डाला है').waitFor();
    await tab.shot('hi-09-myads-375');
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'सेटिंग' }).waitFor();
    await page.getByRole('heading', { name: 'चैट सुरक्षा सुझाव' }).waitFor();
    await tab.shot('hi-10-settings-375');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/profile');
    await page.getByText('Email verified', { exact: true }).waitFor();
    await tab.shot('en-08-profile-375');
    await page.goto('/en-in/myads');
    await page.getByRole('heading', { level: 1, name: 'My Ads' }).waitFor();
    await tab.shot('en-09-myads-375');
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await tab.shot('en-10-settings-375');
    noProblems(tab);
    await tab.context.close();
  });
});

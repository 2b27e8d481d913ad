import { spawnSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { baseURL, noProblems, openTab, PHONE_UA, signIn, useBrowser, type Tab } from './browser';
import { api, apiRegisterByPhone, makeJpeg, postListing, uniquePhone, uploadPhoto } from './fixtures';
import { EXPIRY_JOB } from '../../worker/schemas/ad-lifecycle-data';

useBrowser();

const DAY = 86_400_000;

/** Moves ads' expiries in the e2e server's database, as the passing of days would. */
const setExpiries = (expiries: Record<string, number>) => {
  const sql = Object.entries(expiries)
    .map(([id, at]) => `UPDATE listings SET expires_at = ${Math.round(at)} WHERE id = '${id.replace(/[^a-z0-9]/g, '')}';`)
    .join(' ');
  const r = spawnSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', inject('persistTo'), '--command', sql], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
};

/** One run of the expiry job, through the worker's own scheduled handler. */
const runExpiryJob = async () => {
  const res = await fetch(`${baseURL()}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(EXPIRY_JOB.cron)}`);
  expect(res.ok).toBe(true);
};

const seller = async (first: string, language: 'en' | 'hi', titles: [string, string]) => {
  const account = await apiRegisterByPhone(uniquePhone('8'), first, 'Verma');
  if (language === 'hi') await api('/auth/language', { token: account.token, method: 'PUT', body: { language: 'hi' } });
  const ads = [];
  for (const [i, title] of titles.entries()) {
    const photo = await uploadPhoto(account.token, makeJpeg(800, 600, [120 + i * 60, 90, 60]), `ad-${i}.jpg`);
    ads.push(
      await postListing(account.token, {
        title,
        description: 'Solid sheesham wood, light marks on one side, pick up from home only.',
        price: 6500 + i * 1000,
        categoryId: 'Home & Garden',
        subcategoryId: 'Furniture',
        state: 'Karnataka',
        city: 'Bengaluru',
        neighbourhood: 'Indiranagar',
        images: [photo],
      }),
    );
  }
  return { ...account, soon: ads[0]!, gone: ads[1]! };
};

/** The seller's side on a phone: the reminder, renewing from My Ads, the Expired tab. */
const sellerJourney = async (tab: Tab, s: Awaited<ReturnType<typeof seller>>, text: Record<string, string | RegExp>, lang: string) => {
  const { page } = tab;
  await signIn(tab, s.token);
  if (lang === 'hi') await page.evaluate(() => localStorage.setItem('language', 'hi'));
  // the reminder, in the seller's language, in the notifications (a phone reaches them from the chat inbox)
  await page.goto('/chat#notifications');
  const panel = page.getByRole('dialog', { name: text.notifications as string });
  const reminder = panel.getByRole('button', { name: new RegExp(`${s.soon.title}`) });
  await reminder.waitFor();
  expect(await reminder.textContent()).toContain(text.reminderTitle as string);
  await tab.shot(`ad-lifecycle-${lang}-1-reminder`);
  // tapping it opens My Ads on the live ads
  await reminder.click();
  await page.waitForURL((url) => url.pathname === '/en-in/myads');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: s.soon.title }) });
  await card.getByText(text.expiresIn as RegExp).waitFor();
  await tab.shot(`ad-lifecycle-${lang}-2-myads`);
  await card.getByRole('button', { name: text.renew as string }).click();
  await page.getByText(text.renewed as string).first().waitFor();
  // a full period more, and no Renew until its last days
  await card.getByText(text.renewedFor as RegExp).waitFor();
  expect(await card.getByRole('button', { name: text.renew as string }).count()).toBe(0);
  // the Expired tab, with its count, shows the ad that ran out and when
  const expiredTab = page.getByRole('link', { name: text.expiredTab as RegExp });
  await expiredTab.click();
  await page.waitForURL((url) => url.searchParams.get('status') === 'expired');
  const gone = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: s.gone.title }) });
  await gone.getByText(text.expiredOn as RegExp).waitFor();
  await gone.getByRole('button', { name: text.renew as string }).waitFor();
  await tab.shot(`ad-lifecycle-${lang}-3-expired-tab`);
  noProblems(tab);
};

describe('ad lifecycle at 375 px: reminder, renewal, the Expired tab, an expired ad’s page (English and हिन्दी)', () => {
  it('a seller is reminded, renews from My Ads, finds the expired ad under Expired; a buyer sees it expired with similar ads', async () => {
    const stamp = String(Date.now()).slice(-6);
    const en = await seller('Kavita', 'en', [`Sheesham dining table ${stamp}`, `Sheesham bookshelf ${stamp}`]);
    const hi = await seller('Ramesh', 'hi', [`Sheesham study desk ${stamp}`, `Sheesham shoe rack ${stamp}`]);
    const now = Date.now();
    // two days before the first ad expires; the second ran out yesterday
    setExpiries({ [en.soon.id]: now + 2 * DAY + 3_600_000, [en.gone.id]: now - DAY, [hi.soon.id]: now + 2 * DAY + 3_600_000, [hi.gone.id]: now - DAY });
    await runExpiryJob();
    // the job expired the second ads (in the background of the trigger)
    await expect.poll(async () => (await api<{ status: string }>(`/listings/${en.gone.id}`)).status, { timeout: 10_000 }).toBe('EXPIRED');

    const enTab = await openTab(375, 812, { touch: true, userAgent: PHONE_UA });
    await sellerJourney(enTab, en, {
      notifications: 'Notifications',
      reminderTitle: 'Your ad expires soon',
      expiresIn: /^Expires in 2 days$/,
      renew: 'Renew for free',
      renewed: 'Ad renewed: it stays live for another full period',
      renewedFor: /^Expires in 32 days$/,
      expiredTab: /^Expired \(1\)$/,
      expiredOn: /^Expired on \d{1,2} \w{3} \d{4}$/,
    }, 'en');

    const hiTab = await openTab(375, 812, { touch: true, userAgent: PHONE_UA });
    await sellerJourney(hiTab, hi, {
      notifications: 'सूचनाएँ',
      reminderTitle: 'आपका विज्ञापन जल्द समाप्त होगा',
      expiresIn: /^2 दिन में समाप्त होगा$/,
      renew: 'मुफ़्त में नवीनीकृत करें',
      renewed: 'विज्ञापन नवीनीकृत हुआ: यह एक और पूरी अवधि तक दिखेगा',
      renewedFor: /^32 दिन में समाप्त होगा$/,
      expiredTab: /^समाप्त \(1\)$/,
      expiredOn: /को समाप्त हुआ$/,
    }, 'hi');

    // a buyer opens the expired ad: it says so, offers no chat, and shows similar live ads
    for (const [lang, s, expired, related] of [
      ['en', en, 'This ad has expired.', 'Related items'],
      ['hi', hi, 'यह विज्ञापन समाप्त हो चुका है।', 'मिलते-जुलते विज्ञापन'],
    ] as const) {
      const buyer = await openTab(375, 812, { touch: true, userAgent: PHONE_UA });
      if (lang === 'hi') {
        await buyer.page.goto('/');
        await buyer.page.evaluate(() => localStorage.setItem('language', 'hi'));
      }
      const res = await buyer.page.goto(`/item/${s.gone.slug}`);
      expect(res?.status()).toBe(200);
      // crawlers are told not to index it (decision 019)
      expect(await buyer.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      await buyer.page.getByRole('status').filter({ hasText: expired }).waitFor();
      const similar = buyer.page.getByRole('region', { name: related });
      await similar.waitFor();
      const cards = similar.getByRole('link');
      expect(await cards.count()).toBeGreaterThan(0);
      // none of the similar ads is the expired one
      expect(await similar.getByText(s.gone.title).count()).toBe(0);
      if (lang === 'en') expect(await buyer.page.getByRole('button', { name: 'Chat with seller' }).count()).toBe(0);
      await buyer.page.getByRole('region', { name: related }).scrollIntoViewIfNeeded();
      await buyer.shot(`ad-lifecycle-${lang}-4-expired-page`);
      noProblems(buyer);
      await buyer.context.close();
    }
    await enTab.context.close();
    await hiTab.context.close();
  }, 120_000);
});

/**
 * The user's language on the server (decision 010): e-mails and push in the user's language,
 * and reporters told the outcome in theirs. users.language is set by PUT /api/auth/language and at
 * sign-in / sign-up from Accept-Language; every text written for a user outside their request
 * (notifications and their Web Push, SMS, e-mails) follows it.
 */
import { clearNotifications, notificationRows, notificationRowsOldestFirst, notificationsOfType } from '../support/inbox-notifications';
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { call } from './helpers';
import { createListing, createPhoneUserWithToken, createUserWithToken, listingDb, otpDb, uniquePhone, userRowsDb, onUserDbs } from '../factories';
import { jpegBytes } from '../factories/images';
import { processEvent } from '../../worker/services/alerts/consumer';
import { sendDailyDigests } from '../../worker/services/alerts/digest';
import { notifyManyOnce } from '../../worker/services/notifications/notifications';
import { priceDropText, savedSearchAlertText } from '../../worker/schemas/notification-texts';

type User = Awaited<ReturnType<typeof createUserWithToken>>;

let seq = 0;
const freshIp = () => `203.0.113.${(++seq % 200) + 20}`;
const freshPhone = () => `8${String(520_000_000 + Math.floor(Math.random() * 400_000_000)).padStart(9, '0')}`;

const json = (user: { auth: Record<string, string> } | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(path, {
    method,
    headers: { 'content-type': 'application/json', 'CF-Connecting-IP': freshIp(), ...(user?.auth ?? {}), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const speaks = async (language: 'en' | 'hi', o: Parameters<typeof createUserWithToken>[0] = {}) => {
  const user = await createUserWithToken(o);
  const res = await json(user, 'PUT', '/api/auth/language', { language });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return user;
};

const notificationsOf = async (userId: string) =>
  (await notificationRowsOldestFirst(userId)).map(({ title, body, type, data }) => ({ title, body, type, data }));

const outbox = async (channel: 'sms' | 'email', recipient: string) =>
  (await env.DB.prepare('SELECT body FROM dev_outbox WHERE channel = ? AND recipient = ? ORDER BY created_at, id').bind(channel, recipient).all<{ body: string }>()).results.map((r) => r.body);

const withRole = async (role: 'MODERATOR' | 'ADMIN') => {
  const u = await createUserWithToken({ firstName: 'Mod' });
  await userRowsDb(u.id).prepare('UPDATE users SET role = ? WHERE id = ?').bind(role, u.id).run();
  return u;
};

const SCOOTER = { brand: 'Honda', year: 2022, fuel: 'Petrol', transmission: 'Automatic', kmDriven: 8000, noOfOwners: '1st' };

const photo = async (seller: User) => {
  const form = new FormData();
  form.append('image', new File([jpegBytes()], 'photo.jpg', { type: 'image/jpeg' }));
  const res = await call('/api/upload/image', { method: 'POST', headers: seller.auth, body: form });
  expect(res.status).toBe(201);
  return res.body.data.url as string;
};

const postScooter = async (seller: User, o: { title: string; price: number; description?: string }) => {
  const res = await json(seller, 'POST', '/api/listings', {
    title: o.title,
    description: o.description ?? 'Well kept, all papers clear, single owner, serviced on time.',
    price: o.price,
    categoryId: 'Vehicles',
    subcategoryId: 'Scooters',
    location: 'Pune',
    images: [await photo(seller)],
    features: SCOOTER,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; status: string; rejectReason: string | null };
};

describe('PUT /api/auth/language', () => {
  it('a new account is English; Hindi is stored and shown in the profile; back to English', async () => {
    const user = await createUserWithToken();
    expect((await json(user, 'GET', '/api/auth/profile')).body.data.language).toBe('en');
    const set = await json(user, 'PUT', '/api/auth/language', { language: 'hi' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ success: true, data: { id: user.id, language: 'hi' } });
    expect((await json(user, 'GET', '/api/auth/profile')).body.data.language).toBe('hi');
    expect(await userRowsDb(user.id).prepare('SELECT language FROM users WHERE id = ?').bind(user.id).first('language')).toBe('hi');
    expect((await json(user, 'PUT', '/api/auth/language', { language: 'en' })).body.data.language).toBe('en');
  });

  it('bad values are a 400 with a readable message (in Hindi when asked), nothing else changes', async () => {
    const user = await createUserWithToken();
    for (const body of [{ language: 'fr' }, { language: 'HI' }, { language: 7 }, { language: null }, {}]) {
      const res = await json(user, 'PUT', '/api/auth/language', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: 'language must be en (English) or hi (Hindi)' });
    }
    const hindi = await json(user, 'PUT', '/api/auth/language', { language: 'de' }, { 'accept-language': 'hi-IN' });
    expect(hindi.body.error).toBe('भाषा en (अंग्रेज़ी) या hi (हिन्दी) होनी चाहिए');
    const notJson = await call('/api/auth/language', { method: 'PUT', headers: { 'content-type': 'application/json', ...user.auth }, body: '{"language":' });
    expect(notJson.status).toBe(400);
    // server-owned fields beside it are not written
    const sneaky = await json(user, 'PUT', '/api/auth/language', { language: 'hi', role: 'ADMIN', status: 'BANNED' });
    expect(sneaky.status).toBe(200);
    expect(await userRowsDb(user.id).prepare('SELECT role || status AS r FROM users WHERE id = ?').bind(user.id).first('r')).toBe('USERACTIVE');
  });

  it('signed out is a 401', async () => {
    const res = await json(null, 'PUT', '/api/auth/language', { language: 'hi' });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });
});

describe('sign-up stores the language the app is shown in; sign-in keeps the account’s (decision 024)', () => {
  it('register in Hindi → hi; a login from a device showing English keeps it (the language follows the account)', async () => {
    const email = `lang.${ulid().toLowerCase()}@example.in`;
    const reg = await json(null, 'POST', '/api/auth/register', { email, password: 'mango2024' }, { 'accept-language': 'hi-IN, en;q=0.5' });
    expect(reg.status).toBe(201);
    expect(reg.body.data.user.language).toBe('hi');
    const english = await json(null, 'POST', '/api/auth/login', { email, password: 'mango2024' }, { 'accept-language': 'en-IN' });
    expect(english.status).toBe(200);
    expect(english.body.data.user.language).toBe('hi');
    await json(null, 'POST', '/api/auth/login', { email, password: 'mango2024' }, { 'accept-language': 'hi-IN' });
    const silent = await json(null, 'POST', '/api/auth/login', { email, password: 'mango2024' });
    expect(silent.body.data.user.language).toBe('hi');
    expect((await onUserDbs<{ language: string }>('SELECT language FROM users WHERE email = ?', email)).map((r) => r.language)).toEqual(['hi']);
  });

  it('phone sign-up: the OTP SMS in the app’s language, the account Hindi; later codes follow the account', async () => {
    const phone = freshPhone();
    expect((await json(null, 'POST', '/api/auth/send-otp', { phone, type: 'REGISTER' }, { 'accept-language': 'hi-IN' })).status).toBe(200);
    const [sms] = await outbox('sms', phone);
    expect(sms).toMatch(/^\d{6} आपका SEL सत्यापन कोड है। यह 10 मिनट में समाप्त हो जाएगा।/);
    const otp = sms!.slice(0, 6);
    const made = await json(null, 'POST', '/api/auth/verify-otp', { phone, otp, type: 'REGISTER', firstName: 'Meena' }, { 'accept-language': 'hi-IN' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.user.language).toBe('hi');
    // a known number gets its account's language, whatever the page asking says
    await (await otpDb(phone)).prepare('DELETE FROM otp_challenges WHERE phone = ?').bind(phone).run();
    expect((await json(null, 'POST', '/api/auth/send-otp', { phone, type: 'LOGIN' }, { 'accept-language': 'en-IN' })).status).toBe(200);
    expect((await outbox('sms', phone))[1]).toMatch(/^\d{6} आपका SEL सत्यापन कोड है/);
  });

  it('an English request for a new number gets the English SMS', async () => {
    const phone = freshPhone();
    expect((await json(null, 'POST', '/api/auth/send-otp', { phone, type: 'REGISTER' }, { 'accept-language': 'en-IN' })).status).toBe(200);
    expect((await outbox('sms', phone))[0]).toMatch(/^\d{6} is your SEL verification code\. It expires in 10 minutes\./);
  });

  it('the e-mail verification code comes in the account’s language', async () => {
    const hindi = await speaks('hi');
    expect((await json(hindi, 'POST', '/api/auth/email/send-code', {})).status).toBe(200);
    const [mail] = await outbox('email', hindi.email!);
    expect(mail).toMatch(/^आपका SEL ईमेल सत्यापन कोड\n\n\d{6} SEL पर इस ईमेल पते को सत्यापित करने का आपका कोड है।/);
    const english = await createUserWithToken();
    expect((await json(english, 'POST', '/api/auth/email/send-code', {})).status).toBe(200);
    expect((await outbox('email', english.email!))[0]).toMatch(/^Your SEL e-mail verification code\n\n\d{6} is your code to verify/);
  });
});

describe('notifications in the recipient’s language', () => {
  it('chat: a Hindi seller gets “नया संदेश”, an English buyer “New message”; the sender’s words stay as written', async () => {
    const seller = await speaks('hi', { firstName: 'Kiran' });
    const buyer = await speaks('en', { firstName: 'Divya' });
    const ad = await createListing(seller, { title: 'Godrej steel almirah' });
    const chatId = (await json(buyer, 'POST', '/api/messages/chats', { listingId: ad.id })).body.data.chat.id as string;
    expect((await json(buyer, 'POST', '/api/messages/messages', { chatId, content: 'Is it still available?' })).status).toBe(201);
    await expect.poll(async () => (await notificationsOf(seller.id)).filter((n) => n.type === 'MESSAGE').map((n) => [n.title, n.body])).toEqual([['नया संदेश', 'Divya: Is it still available?']]);
    // the next message replaces the pending one, still in Hindi
    expect((await json(buyer, 'POST', '/api/messages/messages', { chatId, content: 'Can I see it today?' })).status).toBe(201);
    await expect.poll(async () => (await notificationsOf(seller.id)).filter((n) => n.type === 'MESSAGE').map((n) => [n.title, n.body])).toEqual([['नया संदेश', 'Divya: Can I see it today?']]);
    expect((await json(seller, 'POST', '/api/messages/messages', { chatId, content: 'हाँ, उपलब्ध है' })).status).toBe(201);
    await expect.poll(async () => (await notificationsOf(buyer.id)).filter((n) => n.type === 'MESSAGE').map((n) => [n.title, n.body])).toEqual([['New message', 'Kiran: हाँ, उपलब्ध है']]);
  });

  it('a favourite: the Hindi seller is told in Hindi', async () => {
    const seller = await speaks('hi');
    const ad = await createListing(seller, { title: 'Hero Sprint bicycle' });
    const fan = await createUserWithToken();
    expect((await json(fan, 'POST', `/api/listings/${ad.id}/favorite`, { isFavorite: true })).status).toBe(200);
    const [note] = (await notificationsOf(seller.id)).filter((n) => n.type === 'FAVORITE');
    expect(note).toMatchObject({ title: 'किसी को आपका विज्ञापन पसंद आया', body: 'आपका विज्ञापन "Hero Sprint bicycle" किसी की पसंदीदा सूची में जोड़ा गया।' });
  });

  it('the automatic check: a Hindi seller’s rejected ad is explained in Hindi; the stored reason stays English', async () => {
    const seller = await speaks('hi');
    const ad = await postScooter(seller, { title: 'Activa with extras', price: 30000, description: 'Also selling a pistol with bullets, call me.' });
    expect(ad.status).toBe('REJECTED');
    expect(ad.rejectReason).toBe('Your ad seems to offer weapons, which SEL does not allow. Edit the ad if this is a mistake.');
    const [note] = (await notificationsOf(seller.id)).filter((n) => n.type === 'LISTING_STATUS');
    expect(note).toMatchObject({
      title: 'आपका विज्ञापन प्रकाशित नहीं हुआ',
      body: 'आपका विज्ञापन हथियार बेचता लगता है, जिसकी SEL पर अनुमति नहीं है। अगर यह गलती है तो विज्ञापन बदलें।',
    });
    const english = await createUserWithToken();
    await postScooter(english, { title: 'Activa with extras', price: 30000, description: 'Also selling a pistol with bullets, call me.' });
    expect((await notificationsOf(english.id)).filter((n) => n.type === 'LISTING_STATUS')[0]).toMatchObject({
      title: 'Your ad was not published',
      body: 'Your ad seems to offer weapons, which SEL does not allow. Edit the ad if this is a mistake.',
    });
  });

  it('a moderator removes a reported ad: the Hindi reporter and the Hindi seller read it in Hindi, the English reporter in English, never who decided', async () => {
    const seller = await speaks('hi');
    const ad = await createListing(seller, { title: 'iPhone 15 sealed box' });
    const hindiReporter = await speaks('hi');
    const englishReporters = [await createUserWithToken(), await createUserWithToken()];
    for (const r of [hindiReporter, ...englishReporters]) expect((await json(r, 'POST', `/api/listings/${ad.id}/report`, { reason: 'FRAUD' })).status).toBe(201);
    const mod = await withRole('MODERATOR');
    const decided = await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'REJECT', reason: 'Asks for advance payment' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    const [hindi] = await notificationsOf(hindiReporter.id);
    expect(hindi).toMatchObject({
      title: 'आपने जिस विज्ञापन की शिकायत की थी, वह हटा दिया गया',
      body: 'आपकी शिकायत की जाँच के बाद हमने "iPhone 15 sealed box" को हटा दिया। SEL को सुरक्षित रखने में मदद के लिए धन्यवाद।',
    });
    expect(JSON.parse(hindi!.data)).toEqual({ listingId: ad.id, reportOutcome: 'REMOVED' });
    for (const r of englishReporters) {
      expect((await notificationsOf(r.id))[0]).toMatchObject({
        title: 'The ad you reported was removed',
        body: 'We removed "iPhone 15 sealed box" after reviewing your report. Thank you for helping keep SEL safe.',
      });
    }
    const sellerNote = (await notificationsOf(seller.id)).find((n) => n.type === 'LISTING_STATUS');
    // the moderator's reason is theirs and stays as typed
    expect(sellerNote).toMatchObject({ title: 'आपका विज्ञापन हटा दिया गया', body: '"iPhone 15 sealed box": Asks for advance payment' });
    for (const n of [hindi!, sellerNote!]) expect(`${n.title} ${n.body} ${n.data}`).not.toContain(mod.id);
  });

  it('a moderator keeps a reported ad: the Hindi reporter hears it was kept, the Hindi seller that it is live again', async () => {
    const seller = await speaks('hi');
    const ad = await createListing(seller, { title: 'Bajaj Pulsar 150' });
    // reporters whose reports hold the ad (a verified phone, an account older than a week), so keeping it puts it back live
    const reporters = [await speaks('hi', { phone: uniquePhone(), phoneVerified: true }), await createPhoneUserWithToken(), await createPhoneUserWithToken()];
    for (const r of reporters) expect((await json(r, 'POST', `/api/listings/${ad.id}/report`, { reason: 'SPAM' })).status).toBe(201);
    expect((await call(`/api/listings/${ad.id}`)).status).toBe(404);
    const mod = await withRole('MODERATOR');
    expect((await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'APPROVE', reason: 'Genuine seller' })).status).toBe(200);
    expect((await notificationsOf(reporters[0]!.id))[0]).toMatchObject({
      title: 'आपने जिस विज्ञापन की शिकायत की थी, हमने उसकी जाँच की',
      body: 'हमने "Bajaj Pulsar 150" को जाँचा और इसे रहने दिया: यह SEL के नियम नहीं तोड़ता। हमें बताने के लिए धन्यवाद।',
    });
    expect((await notificationsOf(reporters[1]!.id))[0]).toMatchObject({ title: 'We reviewed the ad you reported' });
    expect((await notificationsOf(seller.id)).find((n) => n.type === 'LISTING_STATUS')).toMatchObject({
      title: 'आपका विज्ञापन फिर से दिख रहा है',
      body: 'एक मॉडरेटर ने "Bajaj Pulsar 150" की जाँच की और यह फिर से सबको दिख रहा है।',
    });
  });

  it('a Hindi buyer’s premium welcome: Hindi words, the plan’s name as it is, the end date via Intl hi-IN', async () => {
    const buyer = await speaks('hi');
    const order = await json(buyer, 'POST', '/api/premium/create-order', { packageId: 'basic' });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const signed = await json(buyer, 'POST', '/api/premium/local-checkout/complete', { orderId: order.body.data.orderId });
    const verified = await json(buyer, 'POST', '/api/premium/verify-payment', { ...signed.body.data, subscriptionId: order.body.data.subscriptionId });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const end = new Date(verified.body.data.status.subscription.endDate);
    const day = new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(end);
    const [note] = (await notificationsOf(buyer.id)).filter((n) => n.type === 'PREMIUM');
    expect(note).toMatchObject({ title: 'SEL Buyer Basic में आपका स्वागत है', body: `आपका प्लान ${day} तक चालू है।` });
    expect(day).toMatch(/[\u0900-\u097F]/); // the month is written in Hindi
  });

  it('texts already written keep their language when the user switches', async () => {
    const seller = await speaks('hi');
    const ad = await createListing(seller, { title: 'Study table' });
    expect((await json(await createUserWithToken(), 'POST', `/api/listings/${ad.id}/favorite`, { isFavorite: true })).status).toBe(200);
    expect((await json(seller, 'PUT', '/api/auth/language', { language: 'en' })).status).toBe(200);
    const listed = await json(seller, 'GET', '/api/notifications');
    expect(listed.body.data.notifications[0].title).toBe('किसी को आपका विज्ञापन पसंद आया');
  });
});

describe('fan-out in each buyer’s language (what the alerts consumer calls)', () => {
  it('notifyManyOnce with (language) => text writes each buyer’s alert in their language, once per key', async () => {
    const hindi = await speaks('hi');
    const english = await createUserWithToken();
    const ad = { title: 'Ather 450X Gen 3', price: 9_800_000, location: 'Nagpur, Maharashtra' };
    const items = [hindi, english].map((u) => ({
      key: `saved-search:lang-test:${u.id}`,
      userId: u.id,
      n: (lang: 'en' | 'hi') => ({ type: 'SYSTEM' as const, ...savedSearchAlertText(lang, { searchName: 'ather nagpur', ...ad }), data: { kind: 'SAVED_SEARCH' } }),
    }));
    expect(await notifyManyOnce(env, items)).toBe(2);
    expect(await notifyManyOnce(env, items)).toBe(0);
    expect((await notificationsOf(hindi.id)).map((n) => [n.title, n.body])).toEqual([['"ather nagpur" के लिए नया विज्ञापन', 'Ather 450X Gen 3 · ₹ 98,000 · Nagpur, Maharashtra']]);
    expect((await notificationsOf(english.id)).map((n) => [n.title, n.body])).toEqual([['New ad for "ather nagpur"', 'Ather 450X Gen 3 · ₹98,000 · Nagpur, Maharashtra']]);
    // a price drop the same way
    await notifyManyOnce(env, [{ key: `price-drop:lang-test:${hindi.id}`, userId: hindi.id, n: (lang) => ({ type: 'FAVORITE', ...priceDropText(lang, { title: ad.title, price: 9_500_000, oldPrice: 9_800_000 }) }) }]);
    expect((await notificationsOf(hindi.id)).find((n) => n.type === 'FAVORITE')).toMatchObject({ title: 'कीमत घटकर ₹ 95,000 हुई', body: 'Ather 450X Gen 3: पहले ₹ 98,000 थी' });
  });
});

describe('the daily saved-search digest in the buyer’s language', () => {
  it('a Hindi buyer’s e-mail and inbox line are Hindi, with the price as the app writes it; an English buyer’s stay English', async () => {
    const hindi = await speaks('hi');
    const english = await createUserWithToken();
    const seller = await createUserWithToken();
    const word = `zq${ulid().toLowerCase().slice(-6).replace(/[0-9]/g, 'x')}`;
    for (const buyer of [hindi, english]) {
      const res = await json(buyer, 'POST', '/api/saved-searches', { query: { q: word, location: 'Pune' }, alert: 'daily' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const ad = await postScooter(seller, { title: `Honda Activa ${word}`, price: 138000 });
    // the saved-search outbox is kept beside the ad, in its own database (decision 033)
    const events = await listingDb(ad.id).prepare('SELECT id FROM listing_events WHERE listing_id = ?').bind(ad.id).all<{ id: string }>();
    for (const e of events.results) await processEvent(env, e.id);
    expect(await sendDailyDigests(env)).toBeGreaterThanOrEqual(2);

    const [hindiMail] = await outbox('email', hindi.email!);
    const [subject, ...rest] = hindiMail!.split('\n');
    expect(subject).toBe('आपकी सहेजी गई खोजों से 1 नया विज्ञापन मेल खाता है');
    const body = rest.join('\n');
    expect(body).toContain(`  • Honda Activa ${word} — ₹ 1,38,000 — Pune, Maharashtra`);
    expect(body).toContain('  सभी देखें: https://sel.example/');
    expect(body).toContain('हम कितनी बार लिखें, यह सहेजी गई खोजों में बदलें: https://sel.example/saved-searches');
    expect(body).not.toMatch(/new|See them all|Change how often/);
    const inbox = (await notificationsOf(hindi.id)).find((n) => JSON.parse(n.data).kind === 'SAVED_SEARCH_DIGEST');
    expect(inbox?.title).toBe('आपकी सहेजी गई खोजों से 1 नया विज्ञापन मेल खाता है');

    const [englishMail] = await outbox('email', english.email!);
    expect(englishMail).toMatch(/^1 new ad matches your saved searches\n/);
    expect(englishMail).toContain(`  • Honda Activa ${word} — ₹1,38,000 — Pune, Maharashtra`);
    expect(englishMail).toContain('Change how often we write in Saved searches: https://sel.example/saved-searches');
    expect((await notificationsOf(english.id)).find((n) => JSON.parse(n.data).kind === 'SAVED_SEARCH_DIGEST')?.title).toBe('1 new ad matches your saved searches');
  });
});

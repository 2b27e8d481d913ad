import { spawnSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { apiRegister, noProblems, openTab, otpFor, signIn, useBrowser } from './browser';
import { api, listings, makeJpeg, postListing, uniquePhone, uploadPhoto } from './fixtures';

useBrowser();

/** Grants a role with the real command a deployment uses, on the e2e server's local state. */
const grant = (email: string, role: 'MODERATOR' | 'ADMIN') => {
  const r = spawnSync('node', ['scripts/admin-grant.mjs', email, '--role', role, '--persist-to', inject('persistTo')], { encoding: 'utf8' });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  expect(r.stdout).toContain(`is now ${role}`);
};

/**
 * Makes accounts a week older in the e2e server's database, so their reports count toward the
 * automatic hold (decision 008: a verified phone and an account at least a week old).
 */
const ageAccounts = (ids: string[]) => {
  const sql = `UPDATE users SET created_at = created_at - 8 * 86400000 WHERE id IN (${ids.map((id) => `'${id.replace(/[^a-z0-9_]/g, '')}'`).join(', ')})`;
  const r = spawnSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', inject('persistTo'), '--command', sql], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
};

/** Signs up by phone (OTP from the dev outbox) from the buyer's own network, as a real buyer would. */
const phoneBuyer = async (phone: string, firstName: string, network: string) => {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${inject('baseURL')}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'CF-Connecting-IP': network }, body: JSON.stringify(body) });
    const json = (await res.json()) as { data: { token: string; user: { id: string } } };
    expect(res.ok, JSON.stringify(json)).toBe(true);
    return json.data;
  };
  await post('/auth/send-otp', { phone, type: 'REGISTER' });
  return post('/auth/verify-otp', { phone, otp: await otpFor(phone), type: 'REGISTER', firstName, lastName: 'Buyer' });
};

/** A report sent from its own network, as two neighbours on different connections would. */
const reportFrom = async (token: string, adId: string, reason: string, network: string) => {
  const res = await fetch(`${inject('baseURL')}/api/listings/${adId}/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'CF-Connecting-IP': network },
    body: JSON.stringify({ reason }),
  });
  expect(res.status).toBe(201);
};

const word = () => `zq${Date.now().toString(36).replace(/[0-9]/g, 'x')}`;

const sellerWithAd = async (title: string) => {
  const seller = await apiRegister(`seller.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.in`, 'mango2024', { firstName: 'Ravi', lastName: 'Kumar' });
  const photo = await uploadPhoto(seller.token, makeJpeg(640, 480, [40, 120, 200]));
  const ad = await postListing(seller.token, {
    title,
    description: 'Barely used, bill and box available. Pick up from Indiranagar only, no courier.',
    price: 18500,
    categoryId: 'Home & Garden',
    subcategoryId: 'Furniture',
    state: 'Karnataka',
    city: 'Bengaluru',
    neighbourhood: 'Indiranagar',
    images: [photo],
  });
  expect(ad.status).toBe('APPROVED');
  return { seller, ad };
};

const inSearch = async (q: string, id: string) => (await listings({ q })).listings.some((l) => l.id === id);

describe('trust and safety journeys', () => {
  it('three verified buyers on three networks report an ad (the first from a phone) → it leaves search → a moderator approves it in /admin → it is back', async () => {
    const w = word();
    const { ad } = await sellerWithAd(`Sheesham dining table ${w}`);
    expect(await inSearch(w, ad.id)).toBe(true);
    // reporters who signed up by phone a while ago: their reports count toward the hold
    const buyer1 = await phoneBuyer(uniquePhone('6'), 'Asha', '10.200.3.17');
    const others = [await phoneBuyer(uniquePhone('7'), 'Imran', '10.201.7.31'), await phoneBuyer(uniquePhone('8'), 'Lata', '10.202.9.44')];
    ageAccounts([buyer1.user.id, ...others.map((b) => b.user.id)]);

    // buyer 1 on a phone: Report this ad, pick a reason, send
    const phone = await openTab(375, 812, { touch: true });
    await signIn(phone, buyer1.token);
    await phone.page.goto(`/item/${ad.slug}`);
    await phone.page.getByRole('heading', { level: 1, name: ad.title }).waitFor();
    await phone.page.getByRole('button', { name: 'Report this ad' }).click();
    const dialog = phone.page.getByRole('dialog', { name: 'Report this ad' });
    await dialog.getByText('Fraud or scam').click();
    await dialog.getByRole('textbox').fill('Asked me to pay a token amount on UPI before seeing it');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await phone.page.getByText('Thank you. Our team will review this ad.').waitFor();
    await phone.page.screenshot({ path: '/tmp/sel-e2e-report-375.png' });
    noProblems(phone);
    await phone.context.close();

    // two more buyers, each on their own network, report it: the ad is held
    await reportFrom(others[0]!.token, ad.id, 'FRAUD', '10.201.7.31');
    await reportFrom(others[1]!.token, ad.id, 'SPAM', '10.202.9.44');
    expect(await inSearch(w, ad.id)).toBe(false);
    const gone = await fetch(`${inject('baseURL')}/api/listings/${ad.id}`);
    expect(gone.status).toBe(404);

    // a moderator (granted with npm run admin:grant) approves it from the console
    const modEmail = `mod.${Date.now()}@example.in`;
    const mod = await apiRegister(modEmail, 'mango2024', { firstName: 'Meera', lastName: 'Iyer' });
    grant(modEmail, 'MODERATOR');
    const desk = await openTab(1280, 900);
    await signIn(desk, mod.token);
    await desk.page.goto('/admin');
    await desk.page.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
    const item = desk.page.getByRole('listitem', { name: ad.title });
    await item.waitFor();
    await item.getByText('Asked me to pay a token amount on UPI before seeing it').waitFor();
    await item.getByRole('textbox', { name: 'Reason' }).fill('Called the seller, genuine table');
    await desk.page.screenshot({ path: '/tmp/sel-e2e-admin-1280.png', fullPage: true });
    await item.getByRole('button', { name: 'Approve' }).click();
    await desk.page.getByText(`Approved: ${ad.title}`).waitFor();
    await item.waitFor({ state: 'detached' });
    expect(await inSearch(w, ad.id)).toBe(true);
    await desk.page.getByRole('tab', { name: 'Audit log' }).click();
    await desk.page.getByRole('cell', { name: 'Called the seller, genuine table' }).waitFor();
    noProblems(desk);
    await desk.context.close();
  });

  it('a seller blocks a buyer from the chat header → the buyer can no longer send → unblock in Settings → they can', async () => {
    const { seller, ad } = await sellerWithAd(`Steel almirah ${word()}`);
    const buyer = await apiRegister(`pest.${Date.now()}@example.in`, 'mango2024', { firstName: 'Pesky', lastName: 'Buyer' });
    const opened = await api<{ chat: { id: string } }>('/messages/chats', { token: buyer.token, body: { listingId: ad.id } });
    const chatId = opened.chat.id;
    await api('/messages/messages', { token: buyer.token, body: { chatId, content: 'Last price? Reply fast' } });

    const tab = await openTab(375, 812, { touch: true });
    await signIn(tab, seller.token);
    await tab.page.goto(`/chat?chatId=${chatId}`);
    await tab.page.getByText('Last price? Reply fast').waitFor();
    await tab.page.getByRole('button', { name: 'Block user' }).click();
    const confirm = tab.page.getByRole('dialog', { name: /Block Pesky/ });
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    await tab.page.getByRole('button', { name: 'Unblock' }).waitFor();

    const refused = await fetch(`${inject('baseURL')}/api/messages/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
      body: JSON.stringify({ chatId, content: 'Hello??' }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('BLOCKED');

    await tab.page.goto('/settings');
    const section = tab.page.getByRole('region', { name: 'Blocked users' });
    await section.getByText('Pesky Buyer').waitFor();
    await tab.page.screenshot({ path: '/tmp/sel-e2e-blocked-375.png', fullPage: true });
    await section.getByRole('button', { name: 'Unblock' }).click();
    await section.getByText('You have not blocked anyone.').waitFor();
    await api('/messages/messages', { token: buyer.token, body: { chatId, content: 'Sorry, is it still available?' } });
    noProblems(tab);
    await tab.context.close();
  });
});

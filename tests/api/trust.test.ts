/**
 * Trust and safety (decision 008): roles, reports that hold an ad, blocks, moderation decisions, bans
 * and the audit log, through the real worker.
 */
import { notificationRows, notificationsOfType } from '../support/inbox-notifications';
import { roomMessages } from '../support/chat-room';
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { call } from './helpers';
import { connect } from '../durable-objects/socket';
import { accountsDb, createListing, createPhoneUserWithToken, createUserWithToken, listingDb, userRowsDb } from '../factories';
import { jpegBytes } from '../factories/images';
import { REPORT_HOLD_RULES, REPORT_REASONS, REPORTS_TO_HOLD } from '../../worker/schemas/trust';

type User = Awaited<ReturnType<typeof createUserWithToken>>;

let ipSeq = 0;
/** each request from its own address unless told, as people reporting from their own phones would */
const json = (user: { auth: Record<string, string> } | null, method: string, path: string, body?: unknown, ip = `203.0.113.${(++ipSeq % 250) + 1}`) =>
  call(path, {
    method,
    headers: { 'content-type': 'application/json', 'CF-Connecting-IP': ip, ...(user?.auth ?? {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** three reporters whose reports count toward the hold: a verified phone, an account older than a week */
const reporters = async () => [await createPhoneUserWithToken(), await createPhoneUserWithToken(), await createPhoneUserWithToken()];

const withRole = async (role: 'MODERATOR' | 'ADMIN', o: Parameters<typeof createUserWithToken>[0] = {}) => {
  const u = await createUserWithToken({ firstName: role === 'ADMIN' ? 'Admin' : 'Mod', ...o });
  await userRowsDb(u.id).prepare('UPDATE users SET role = ? WHERE id = ?').bind(role, u.id).run();
  return u;
};

/** details a car ad must carry, so an edit of a factory ad passes the form rules */
const CAR = { brand: 'Hyundai', year: 2020, fuel: 'Diesel', transmission: 'Manual', kmDriven: 1000, noOfOwners: '1st' };

/** a car ad with a photo, so its owner can edit it */
const editableAd = async (seller: { id: string }, title?: string) => {
  const key = `u/${seller.id}/${ulid().toLowerCase()}.jpg`;
  await env.MEDIA.put(key, jpegBytes(), { httpMetadata: { contentType: 'image/jpeg' } });
  return createListing(seller, { ...(title ? { title } : {}), features: CAR, images: [key] });
};

const uniqueWord = () => `zq${ulid().toLowerCase().slice(-8).replace(/[0-9]/g, 'x')}`;

const searchFinds = async (word: string, id: string) => {
  const res = await call(`/api/listings?q=${word}`);
  expect(res.status).toBe(200);
  return (res.body.data.listings as { id: string }[]).some((l) => l.id === id);
};

const reportBy = (users: User[], id: string, reason = 'FRAUD') => Promise.all(users.map((u) => json(u, 'POST', `/api/listings/${id}/report`, { reason })));

describe('roles', () => {
  it('/api/admin/* is 401 signed out, 403 for a USER, open to MODERATOR and ADMIN, decided by the database at once', async () => {
    expect((await json(null, 'GET', '/api/admin/moderation')).status).toBe(401);
    const user = await createUserWithToken();
    const refused = await json(user, 'GET', '/api/admin/moderation');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'NOT_A_MODERATOR' });
    const mod = await withRole('MODERATOR');
    expect((await json(mod, 'GET', '/api/admin/moderation')).status).toBe(200);
    expect((await json(await withRole('ADMIN'), 'GET', '/api/admin/audit')).status).toBe(200);
    // the same token, its role taken away in the database: refused on the next request
    await userRowsDb(mod.id).prepare(`UPDATE users SET role = 'USER' WHERE id = ?`).bind(mod.id).run();
    expect((await json(mod, 'GET', '/api/admin/moderation')).status).toBe(403);
  });

  it('the profile says the role; the profile update cannot set it', async () => {
    const mod = await withRole('MODERATOR');
    expect((await json(mod, 'GET', '/api/auth/profile')).body.data.user?.role ?? (await json(mod, 'GET', '/api/auth/profile')).body.data.role).toBe('MODERATOR');
    const user = await createUserWithToken();
    await json(user, 'PUT', '/api/auth/profile', { firstName: 'Sneaky', role: 'ADMIN' });
    const row = await userRowsDb(user.id).prepare('SELECT role FROM users WHERE id = ?').bind(user.id).first<{ role: string }>();
    expect(row?.role).toBe('USER');
  });
});

describe('report an ad', () => {
  it('reasons are reviewed data: eight codes, each with a label', () => {
    expect(REPORT_REASONS.map((r) => r.code)).toEqual(['FRAUD', 'SPAM', 'DUPLICATE', 'WRONG_CATEGORY', 'PROHIBITED', 'OFFENSIVE', 'SOLD', 'OTHER']);
    for (const r of REPORT_REASONS) expect(r.label.length).toBeGreaterThan(3);
    expect(REPORTS_TO_HOLD).toBe(3);
    expect(REPORT_HOLD_RULES).toEqual({
      weightToHold: 3,
      minAccountAgeDays: 7,
      upheldInsteadOfAge: 1,
      trustedMinUpheld: 3,
      trustedMinUpheldShare: 0.75,
      distrustedMinDismissed: 3,
      pauseAfterKeptDays: 30,
    });
  });

  it('201 with a reportId; a repeat by the same account changes nothing; own ad 400; signed out 401', async () => {
    const seller = await createUserWithToken();
    const ad = await createListing(seller);
    const buyer = await createUserWithToken();
    const first = await json(buyer, 'POST', `/api/listings/${ad.id}/report`, { reason: 'SPAM', details: 'Posted five times today' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ created: true, held: false });
    expect(first.body.data.reportId).toMatch(/^rep_/);
    const again = await json(buyer, 'POST', `/api/listings/${ad.id}/report`, { reason: 'FRAUD' });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ reportId: first.body.data.reportId, created: false });
    const stored = await env.DB.prepare('SELECT reason, details FROM listing_reports WHERE listing_id = ?').bind(ad.id).all();
    expect(stored.results).toEqual([{ reason: 'SPAM', details: 'Posted five times today' }]);
    const own = await json(seller, 'POST', `/api/listings/${ad.id}/report`, { reason: 'SPAM' });
    expect(own.status).toBe(400);
    expect(own.body.code).toBe('OWN_LISTING');
    expect((await json(null, 'POST', `/api/listings/${ad.id}/report`, { reason: 'SPAM' })).status).toBe(401);
  });

  it('bad input is a readable 400, a missing ad 404, never a 500', async () => {
    const seller = await createUserWithToken();
    const ad = await createListing(seller);
    const buyer = await createUserWithToken();
    const unknown = await json(buyer, 'POST', `/api/listings/${ad.id}/report`, { reason: 'UGLY' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/reason must be one of FRAUD/);
    const long = await json(buyer, 'POST', `/api/listings/${ad.id}/report`, { reason: 'OTHER', details: 'x'.repeat(10_000) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/at most 1000 characters/);
    expect((await json(buyer, 'POST', `/api/listings/${ad.id}/report`, {})).status).toBe(400);
    const missing = await json(buyer, 'POST', `/api/listings/${ulid().toLowerCase()}/report`, { reason: 'FRAUD' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/doesn't exist/);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM listing_reports WHERE listing_id = ?').bind(ad.id).first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it('three phone-verified reporters on three networks hold the ad: gone from search, related and the sitemap, 404 for others, visible to its owner with the reason', async () => {
    const word = uniqueWord();
    const seller = await createUserWithToken();
    const ad = await createListing(seller, { title: `Honda City ${word} petrol` });
    const sibling = await createListing(seller, { title: `Honda Amaze ${uniqueWord()}` });
    expect(await searchFinds(word, ad.id)).toBe(true);
    const buyers = await reporters();
    // two reports, and the same account reporting again, do not hold it
    await reportBy(buyers.slice(0, 2), ad.id);
    await json(buyers[0]!, 'POST', `/api/listings/${ad.id}/report`, { reason: 'SPAM' });
    expect((await call(`/api/listings/${ad.id}`)).status).toBe(200);
    const third = await json(buyers[2]!, 'POST', `/api/listings/${ad.id}/report`, { reason: 'OFFENSIVE' });
    expect(third.status).toBe(201);
    expect(third.body.data.held).toBe(true);

    expect(await searchFinds(word, ad.id)).toBe(false);
    const guest = await call(`/api/listings/${ad.id}`);
    expect(guest.status).toBe(404);
    expect((await json(buyers[0]!, 'GET', `/api/listings/slug/${ad.slug}`)).status).toBe(404);
    const related = await call(`/api/listings/${sibling.id}/related?limit=12`);
    expect((related.body.data as { id: string }[]).map((l) => l.id)).not.toContain(ad.id);
    const index = String((await call('/sitemap.xml')).body);
    let sitemaps = '';
    // listings-{chunk}.xml with one listings database, listings-{database}-{chunk}.xml with several
    for (const m of index.matchAll(/sitemaps\/(listings-[\d-]+\.xml)/g)) sitemaps += String((await call(`/sitemaps/${m[1]}`)).body);
    expect(sitemaps).toContain(sibling.slug);
    expect(sitemaps).not.toContain(ad.slug);
    const owner = await json(seller, 'GET', `/api/listings/${ad.id}`);
    expect(owner.status).toBe(200);
    expect(owner.body.data).toMatchObject({ status: 'PENDING', heldReason: 'REPORTED' });
    const mine = await json(seller, 'GET', '/api/listings/user/my-listings?status=PENDING');
    expect(mine.status).toBe(200);
    expect(mine.body.data.listings.map((l: { id: string; heldReason: string }) => [l.id, l.heldReason])).toEqual([[ad.id, 'REPORTED']]);
    // a held ad cannot be reported further, reactivated by its owner, or chatted about
    expect((await json(await createUserWithToken(), 'POST', `/api/listings/${ad.id}/report`, { reason: 'FRAUD' })).status).toBe(404);
    expect((await json(seller, 'POST', `/api/listings/${ad.id}/status`, { status: 'APPROVED' })).status).toBe(409);
    expect((await json(await createUserWithToken(), 'POST', '/api/messages/chats', { listingId: ad.id })).status).toBe(404);
  });

  it('an edit of a held ad keeps it held', async () => {
    const seller = await createUserWithToken();
    const ad = await editableAd(seller);
    await reportBy(await reporters(), ad.id);
    const edit = await json(seller, 'PUT', `/api/listings/${ad.id}`, { price: 123456 });
    expect(edit.body.error ?? edit.status).toBe(200);
    expect(edit.body.data.status).toBe('PENDING');
  });
});

describe('block a user', () => {
  const chatBetween = async () => {
    const seller = await createUserWithToken({ firstName: 'Seller' });
    const buyer = await createUserWithToken({ firstName: 'Buyer' });
    const ad = await createListing(seller);
    const opened = await json(buyer, 'POST', '/api/messages/chats', { listingId: ad.id });
    expect(opened.status).toBe(201);
    return { seller, buyer, ad, chatId: opened.body.data.chat.id as string };
  };

  it('block, list, unblock; idempotent; yourself 400; unknown user 404; signed out 401', async () => {
    const me = await createUserWithToken();
    const pest = await createUserWithToken({ firstName: 'Pest' });
    expect((await json(me, 'POST', `/api/users/${pest.id}/block`)).body.data).toEqual({ userId: pest.id, blocked: true });
    expect((await json(me, 'POST', `/api/users/${pest.id}/block`)).status).toBe(200);
    const list = await json(me, 'GET', '/api/users/blocked');
    expect(list.body.data.users).toEqual([expect.objectContaining({ id: pest.id, firstName: 'Pest' })]);
    expect((await json(me, 'POST', `/api/users/${me.id}/block`)).status).toBe(400);
    expect((await json(me, 'POST', `/api/users/usr_${ulid().toLowerCase()}/block`)).status).toBe(404);
    expect((await json(null, 'POST', `/api/users/${pest.id}/block`)).status).toBe(401);
    expect((await json(null, 'GET', '/api/users/blocked')).status).toBe(401);
    expect((await json(me, 'DELETE', `/api/users/${pest.id}/block`)).body.data).toEqual({ userId: pest.id, blocked: false });
    expect((await json(me, 'DELETE', `/api/users/${pest.id}/block`)).status).toBe(200);
    expect((await json(me, 'GET', '/api/users/blocked')).body.data.users).toEqual([]);
  });

  it('a blocked buyer can neither start a chat about the blocker’s ads nor send in an existing one (REST and WebSocket); nothing reaches the blocker', async () => {
    const { seller, buyer, chatId } = await chatBetween();
    const other = await createListing(seller);
    expect((await json(seller, 'POST', `/api/users/${buyer.id}/block`)).status).toBe(200);
    const start = await json(buyer, 'POST', '/api/messages/chats', { listingId: other.id });
    expect(start.status).toBe(403);
    expect(start.body.code).toBe('BLOCKED');
    const rest = await json(buyer, 'POST', '/api/messages/messages', { chatId, content: 'Why no reply?' });
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ code: 'BLOCKED', error: 'You cannot message this user.' });
    // the blocker cannot write to them either until they unblock
    const back = await json(seller, 'POST', '/api/messages/messages', { chatId, content: 'Stop' });
    expect(back.status).toBe(403);
    expect(back.body.error).toMatch(/Unblock/);
    const ws = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`);
    ws.send({ type: 'send', clientId: 'blocked-1', content: 'Over the socket then' });
    const nack = await ws.waitFor((e) => e.type === 'nack' && e.clientId === 'blocked-1');
    expect(nack).toMatchObject({ code: 'BLOCKED' });
    ws.close();
    const stored = { n: (await roomMessages(chatId)).length };
    expect(stored?.n).toBe(0);
    expect(await notificationRows(seller.id)).toHaveLength(0);
    // favouriting the blocker's ad makes no notification either
    expect((await json(buyer, 'POST', `/api/listings/${other.id}/favorite`, { isFavorite: true })).status).toBe(200);
    expect(await notificationRows(seller.id)).toHaveLength(0);
    // unblocked: the conversation works again
    expect((await json(seller, 'DELETE', `/api/users/${buyer.id}/block`)).status).toBe(200);
    expect((await json(buyer, 'POST', '/api/messages/messages', { chatId, content: 'Sorry, is it available?' })).status).toBe(201);
  });

  it('a send the room refuses after the checks let it through is answered 403 BLOCKED over REST, not a 500', async () => {
    const { seller, buyer, chatId } = await chatBetween();
    expect((await json(seller, 'POST', `/api/users/${buyer.id}/block`)).status).toBe(200);
    // the room reads the members with the block: its refusal over the socket
    const ws = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`);
    ws.send({ type: 'send', clientId: 'while-blocked', content: 'Hello?' });
    expect(await ws.waitFor((e) => e.type === 'nack' && e.clientId === 'while-blocked')).toMatchObject({ code: 'BLOCKED' });
    ws.close();
    // the block gone behind the room's back (as when it changes between the request's checks and the
    // room's commit): the request's own checks pass, the room still refuses
    await accountsDb(seller.id).prepare('DELETE FROM user_blocks WHERE blocker_id = ? AND blocked_id = ?').bind(seller.id, buyer.id).run();
    const rest = await json(buyer, 'POST', '/api/messages/messages', { chatId, content: 'Are you there?' });
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ success: false, code: 'BLOCKED', error: 'You cannot message this user.' });
    expect(await roomMessages(chatId)).toEqual([]);
  });
});

describe('moderation', () => {
  const heldAd = async (word = uniqueWord()) => {
    const seller = await createUserWithToken();
    const ad = await editableAd(seller, `Royal Enfield ${word}`);
    await reportBy(await reporters(), ad.id);
    return { seller, ad, word };
  };

  it('the queue lists held ads with their reports, reasons and the seller’s history', async () => {
    const mod = await withRole('MODERATOR');
    const { ad, seller } = await heldAd();
    const queue = await json(mod, 'GET', '/api/admin/moderation?status=open&limit=50');
    expect(queue.status).toBe(200);
    const item = (queue.body.data.items as any[]).find((i) => i.listing.id === ad.id);
    expect(item).toBeDefined();
    expect(item.listing).toMatchObject({ status: 'PENDING', heldReason: 'REPORTED' });
    expect(item.reportCount).toBe(3);
    expect(item.reasons).toEqual({ FRAUD: 3 });
    expect(item.seller).toMatchObject({ id: seller.id, reportsAgainst: 3 });
    // who reported, what each weighed, and that they came from three networks
    expect(item.reports.map((r: { standing: string; weight: number }) => [r.standing, r.weight])).toEqual([
      ['ESTABLISHED', 1],
      ['ESTABLISHED', 1],
      ['ESTABLISHED', 1],
    ]);
    expect(new Set(item.reports.map((r: { network: number }) => r.network)).size).toBe(3);
    expect(item.hold).toEqual({ weight: 3, weightToHold: 3, pausedUntil: null });
    expect((await json(mod, 'GET', '/api/admin/moderation?status=maybe')).status).toBe(400);
  });

  it('APPROVE brings the ad back to search and closes its reports; it leaves the open queue; audited', async () => {
    const mod = await withRole('MODERATOR');
    const { ad, word } = await heldAd();
    expect(await searchFinds(word, ad.id)).toBe(false);
    const ok = await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'APPROVE', reason: 'Genuine seller, checked the RC' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ listingId: ad.id, status: 'APPROVED' });
    expect(await searchFinds(word, ad.id)).toBe(true);
    // live again is news for saved searches: an 'approved' event, written with the decision (decision 009), in the ad's own database
    const events = await listingDb(ad.id).prepare(`SELECT kind FROM listing_events WHERE listing_id = ? AND kind = 'approved'`).bind(ad.id).all<{ kind: string }>();
    expect(events.results).toHaveLength(1);
    expect((await call(`/api/listings/${ad.id}`)).status).toBe(200);
    const open = await env.DB.prepare(`SELECT count(*) AS n FROM listing_reports WHERE listing_id = ? AND status = 'OPEN'`).bind(ad.id).first<{ n: number }>();
    expect(open?.n).toBe(0);
    const queue = await json(mod, 'GET', '/api/admin/moderation?status=open&limit=50');
    expect((queue.body.data.items as any[]).some((i) => i.listing.id === ad.id)).toBe(false);
    const closed = await json(mod, 'GET', '/api/admin/moderation?status=closed&limit=50');
    expect((closed.body.data.items as any[]).some((i) => i.listing.id === ad.id)).toBe(true);
    const log = await json(mod, 'GET', '/api/admin/audit');
    expect(log.body.data.entries[0]).toMatchObject({ action: 'APPROVE', targetType: 'LISTING', targetId: ad.id, reason: 'Genuine seller, checked the RC', actor: { id: mod.id } });
    // deciding again: nothing to decide
    expect((await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'APPROVE', reason: 'again' })).status).toBe(409);
  });

  it('REJECT sets REJECTED with the reason the owner sees in My Ads, notifies the owner; an edit goes back to the queue', async () => {
    const mod = await withRole('ADMIN');
    const { ad, seller } = await heldAd();
    const res = await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'REJECT', reason: 'Photos taken from another seller' });
    expect(res.body.data).toMatchObject({ status: 'REJECTED', rejectReason: 'Photos taken from another seller' });
    const mine = await json(seller, 'GET', '/api/listings/user/my-listings?status=REJECTED');
    expect(mine.body.data.listings[0]).toMatchObject({ id: ad.id, rejectReason: 'Photos taken from another seller' });
    const note = (await notificationsOfType(seller.id, 'LISTING_STATUS'))[0];
    expect(note?.body).toMatch(/Photos taken from another seller/);
    const edit = await json(seller, 'PUT', `/api/listings/${ad.id}`, { description: 'Now with my own photos, please check again.' });
    expect(edit.body.error ?? edit.status).toBe(200);
    expect(edit.body.data.status).toBe('PENDING');
  });

  it('decision bad input: unknown action, missing or huge reason 400; missing ad 404; a USER 403', async () => {
    const mod = await withRole('MODERATOR');
    const { ad } = await heldAd();
    expect((await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'DELETE', reason: 'x' })).status).toBe(400);
    expect((await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'APPROVE' })).status).toBe(400);
    expect((await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'APPROVE', reason: 'y'.repeat(10_000) })).status).toBe(400);
    expect((await json(mod, 'POST', `/api/admin/listings/${ulid().toLowerCase()}/decision`, { action: 'APPROVE', reason: 'fine' })).status).toBe(404);
    expect((await json(await createUserWithToken(), 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'APPROVE', reason: 'fine' })).status).toBe(403);
    expect((await call(`/api/listings/${ad.id}`)).status).toBe(404);
  });

  it('ban: tokens die, ads leave search, sign-in is 403 ACCOUNT_BANNED; lifting restores both; both audited', async () => {
    const admin = await withRole('ADMIN');
    const email = `banned.${ulid().toLowerCase()}@example.in`;
    const reg = await call('/api/auth/register', { method: 'POST', headers: { 'content-type': 'application/json', 'CF-Connecting-IP': '203.0.113.77' }, body: JSON.stringify({ email, password: 'mango2024' }) });
    expect(reg.status).toBe(201);
    const token = reg.body.data.token as string;
    const userId = reg.body.data.user.id as string;
    const word = uniqueWord();
    const ad = await createListing({ id: userId }, { title: `Scooter ${word}` });
    expect(await searchFinds(word, ad.id)).toBe(true);

    const ban = await json(admin, 'POST', `/api/admin/users/${userId}/ban`, { reason: 'Stolen photos on many ads' });
    expect(ban.status).toBe(200);
    expect(ban.body.data).toEqual({ userId, status: 'BANNED' });
    const old = await call('/api/auth/profile', { headers: { authorization: `Bearer ${token}` } });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('ACCOUNT_BANNED');
    const login = await call('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'CF-Connecting-IP': '203.0.113.78' }, body: JSON.stringify({ email, password: 'mango2024' }) });
    expect(login.status).toBe(403);
    expect(login.body.code).toBe('ACCOUNT_BANNED');
    expect(await searchFinds(word, ad.id)).toBe(false);
    expect((await call(`/api/listings/${ad.id}`)).status).toBe(404);
    // the banned seller's ad is not something to approve: lift the ban instead
    expect((await json(admin, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'APPROVE', reason: 'looks fine' })).status).toBe(409);

    const lift = await json(admin, 'DELETE', `/api/admin/users/${userId}/ban`, { reason: 'Appeal accepted' });
    expect(lift.body.data).toEqual({ userId, status: 'ACTIVE' });
    expect(await searchFinds(word, ad.id)).toBe(true);
    const again = await call('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'CF-Connecting-IP': '203.0.113.79' }, body: JSON.stringify({ email, password: 'mango2024' }) });
    expect(again.status).toBe(200);
    const log = await json(admin, 'GET', '/api/admin/audit?limit=5');
    expect((log.body.data.entries as { action: string; targetId: string }[]).filter((e) => e.targetId === userId).map((e) => e.action)).toEqual(['UNBAN', 'BAN']);
  });

  it('staff cannot be banned, nor can you ban yourself; user lookup by e-mail, phone or id', async () => {
    const admin = await withRole('ADMIN', { phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}` });
    const mod = await withRole('MODERATOR');
    expect((await json(admin, 'POST', `/api/admin/users/${mod.id}/ban`, { reason: 'testing the rule' })).status).toBe(403);
    expect((await json(admin, 'POST', `/api/admin/users/${admin.id}/ban`, { reason: 'testing the rule' })).status).toBe(400);
    expect((await json(admin, 'POST', `/api/admin/users/usr_${ulid().toLowerCase()}/ban`, { reason: 'testing the rule' })).status).toBe(404);
    const byEmail = await json(mod, 'GET', `/api/admin/users?q=${encodeURIComponent(admin.email!)}`);
    expect(byEmail.body.data.users.map((u: { id: string }) => u.id)).toEqual([admin.id]);
    const byPhone = await json(mod, 'GET', `/api/admin/users?q=${encodeURIComponent(`+91 ${admin.phone}`)}`);
    expect(byPhone.body.data.users.map((u: { id: string }) => u.id)).toEqual([admin.id]);
    expect((await json(mod, 'GET', '/api/admin/users?q=ab')).status).toBe(400);
  });

  it('the audit log cannot be edited or deleted, even by SQL', async () => {
    const mod = await withRole('MODERATOR');
    const { ad } = await heldAd();
    await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'APPROVE', reason: 'fine' });
    await expect(env.DB.prepare(`UPDATE moderation_actions SET reason = 'changed' WHERE target_id = ?`).bind(ad.id).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare(`DELETE FROM moderation_actions WHERE target_id = ?`).bind(ad.id).run()).rejects.toThrow(/append-only/);
  });
});

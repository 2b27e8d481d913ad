/**
 * Input hygiene (decision 008): free text people type and others read in lists and logs cannot fake
 * a line or reorder what a reader sees; date parameters are real calendar dates; CSV downloads
 * never hand a spreadsheet a formula.
 */
import { notificationsOfType } from '../support/inbox-notifications';
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { call } from '../api/helpers';
import { addChatMemberRows, createListing, createUserWithToken, listingDb, userRowsDb } from '../factories';

type User = Awaited<ReturnType<typeof createUserWithToken>>;

const json = (user: User | null, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json', ...(user?.auth ?? {}) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

const moderator = async () => {
  const u = await createUserWithToken({ firstName: 'Mod' });
  await userRowsDb(u.id).prepare(`UPDATE users SET role = 'MODERATOR' WHERE id = ?`).bind(u.id).run();
  return u;
};

/** Anything that breaks a line, reorders text or hides it. */
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

// a reason that, printed in a log, would start a fake second entry, and reads backwards after U+202E
const FORGED = 'Spam ad\r\n2026-11-25T09:30:00Z ADMIN UNBAN usr_victim reason: ok\t\u202Egnp.exe\u202C \u200Bdone\u2028end';
const FORGED_CLEAN = 'Spam ad 2026-11-25T09:30:00Z ADMIN UNBAN usr_victim reason: ok gnp.exe done end';

const auditReasons = async (mod: User, targetId: string) => {
  const res = await json(mod, 'GET', '/api/admin/audit?limit=100');
  expect(res.status).toBe(200);
  return (res.body.data.entries as { targetId: string; reason: string }[]).filter((e) => e.targetId === targetId).map((e) => e.reason);
};

describe('moderators’ reasons are one clean line', () => {
  it('a rejection reason with CR/LF, tab, bidi overrides and zero-width marks is stored, audited and sent as one plain line', async () => {
    const mod = await moderator();
    const seller = await createUserWithToken();
    const ad = await createListing(seller);
    const res = await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'REJECT', reason: FORGED });
    expect(res.status).toBe(200);
    const [reason] = await auditReasons(mod, ad.id);
    expect(reason).toBe(FORGED_CLEAN);
    expect(await listingDb(ad.id).prepare('SELECT reject_reason FROM listings WHERE id = ?').bind(ad.id).first('reject_reason')).toBe(FORGED_CLEAN);
    const note = (await notificationsOfType(seller.id, 'LISTING_STATUS'))[0];
    expect(note?.body).toContain(FORGED_CLEAN);
    expect(note?.body).not.toMatch(UNSAFE);
  });

  it('ban and unban reasons too; a reason that is only spaces and invisible marks is a 400, nothing done', async () => {
    const mod = await moderator();
    const target = await createUserWithToken();
    const empty = await json(mod, 'POST', `/api/admin/users/${target.id}/ban`, { reason: ' \u200B\u202E\r\n\t\u2066 a\u200D ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: 'Please give a reason of at least 3 characters' });
    expect(await userRowsDb(target.id).prepare('SELECT banned_at FROM users WHERE id = ?').bind(target.id).first('banned_at')).toBeNull();

    expect((await json(mod, 'POST', `/api/admin/users/${target.id}/ban`, { reason: FORGED })).status).toBe(200);
    expect((await json(mod, 'DELETE', `/api/admin/users/${target.id}/ban`, { reason: `Appeal\naccepted\u2067` })).status).toBe(200);
    expect(await auditReasons(mod, target.id)).toEqual(['Appeal accepted', FORGED_CLEAN]);
  });

  it('the length cap counts what is kept', async () => {
    const mod = await moderator();
    const target = await createUserWithToken();
    const long = await json(mod, 'POST', `/api/admin/users/${target.id}/ban`, { reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('reason can be at most 500 characters');
    // 500 letters padded with 600 invisible marks: the marks go, the reason fits
    const padded = await json(mod, 'POST', `/api/admin/users/${target.id}/ban`, { reason: `${'y'.repeat(500)}${'\u200B'.repeat(600)}` });
    expect(padded.status).toBe(200);
    expect(await auditReasons(mod, target.id)).toEqual(['y'.repeat(500)]);
  });
});

describe('other free text moderators read', () => {
  it('report details keep their lines but lose bidi and invisible characters', async () => {
    const seller = await createUserWithToken();
    const reporter = await createUserWithToken();
    const ad = await createListing(seller);
    const res = await json(reporter, 'POST', `/api/listings/${ad.id}/report`, { reason: 'FRAUD', details: 'Asked for advance\r\n\r\n\r\n\u202Epay now\u202C\tby UPI\u200B' });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare('SELECT details FROM listing_reports WHERE listing_id = ?').bind(ad.id).first<{ details: string }>();
    expect(row?.details).toBe('Asked for advance\n\npay now by UPI');
  });

  it('names (shown as the actor in the audit log) are one clean line; Hindi with its joiners is kept', async () => {
    const user = await createUserWithToken();
    const res = await json(user, 'PUT', '/api/auth/profile', { firstName: 'Ravi\r\nADMIN', lastName: '\u202Emar\u202C', businessName: 'क्‍ष Motors\u200B\n' });
    expect(res.status).toBe(200);
    const row = await userRowsDb(user.id).prepare('SELECT first_name, last_name, business_name FROM users WHERE id = ?').bind(user.id).first<Record<string, string>>();
    expect(row).toEqual({ first_name: 'Ravi ADMIN', last_name: 'mar', business_name: 'क्‍ष Motors' });
    const blank = await json(user, 'PUT', '/api/auth/profile', { firstName: '\u200B\u202E ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('First name is required');
  });
});

describe('date parameters are real calendar dates', () => {
  it('since=2026-02-30 and other days or times that do not exist are a 400 with a clear message', async () => {
    for (const since of ['2026-02-30', '2025-02-29', '2026-04-31T10:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T10:00:00+15:00']) {
      const res = await call(`/api/listings?since=${encodeURIComponent(since)}`);
      expect(res.status, since).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: `since "${since}" is not a real date and time (no such day, hour or zone)` });
    }
    for (const since of ['2024-02-29', '2026-01-31T23:59:59+05:30']) expect((await call(`/api/listings?since=${encodeURIComponent(since)}`)).status, since).toBe(200);
  });
});

describe('CSV downloads carry no formulas', () => {
  it('a full-width ＝ (and an invisible mark before =) at the start of a cell is neutralised in the leads CSV', async () => {
    const seller = await createUserWithToken();
    const ad = await createListing(seller, { title: '＝HYPERLINK("http://evil.example","Sofa")' });
    const buyer = await createUserWithToken({ firstName: '\u200B=cmd|', lastName: "' /C calc'!A0" });
    const chat = `cht_${ulid().toLowerCase()}`;
    const now = Date.now();
    await env.DB.prepare(`INSERT INTO chats (id, listing_id, buyer_id, seller_id, last_message, last_message_at, last_seq, created_at, updated_at) VALUES (?, ?, ?, ?, 'Hi', ?, 1, ?, ?)`)
      .bind(chat, ad.id, buyer.id, seller.id, now, now, now)
      .run();
    await env.DB.prepare(`INSERT INTO messages (id, chat_id, seq, sender_id, content, message_type, created_at) VALUES (?, ?, 1, ?, 'Hi', 'TEXT', ?)`)
      .bind(`msg_${ulid().toLowerCase()}`, chat, buyer.id, now)
      .run();
    await addChatMemberRows([chat]);
    const csv = await call('/api/business/leads.csv', { headers: seller.auth });
    expect(csv.status).toBe(200);
    const row = (csv.body as string).replace(/^\uFEFF/, '').split('\r\n')[1]!;
    expect(row.startsWith(`"'＝HYPERLINK(""http://evil.example"",""Sofa"")",`)).toBe(true);
    expect(row).toContain(`,"'\u200B=cmd| ' /C calc'!A0",`);
  });
});

import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashBands } from '../../worker/lib/phash';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { accountsDbs, userIn } from './four-accounts';
import { roundTripCounting } from './round-trip-counting';
import { createShardListing } from './shard-factory';

/**
 * The moderators' two reads, the queue and the audit log, counted in every layout the worker runs in
 * (decision 022's read budget: 2 round trips, decision 034): four listings and four accounts databases
 * with `users` in the accounts (the switch on) and in the core (off), one listings database with the
 * accounts over four (on and off), and one database for everything. The queue's page holds what makes
 * it long: an ad held for a photo another seller's live ad holds (the photo matches' chain, whose
 * matched ad shows its photos), reports, and the sellers' history.
 *
 * Each account's real row is in its accounts database and the core keeps a decoy with another name,
 * so with the switch on an answer naming anyone from the core is caught.
 */
const tab = roundTripCounting({ accountsDatabases: 4 });
const LAYOUTS = {
  'four listings, four accounts, switch on': { USERS_WITH_ACCOUNTS: '1' },
  'four listings, four accounts, switch off': {},
  'one listings database, four accounts, switch on': { LISTING_DATABASES: '1', USERS_WITH_ACCOUNTS: '1' },
  'one listings database, four accounts, switch off': { LISTING_DATABASES: '1' },
  'one database': { LISTING_DATABASES: '1', ACCOUNTS_DATABASES: '1' },
} as const;
type Layout = keyof typeof LAYOUTS;
const sharded = (layout: Layout) => !('LISTING_DATABASES' in LAYOUTS[layout]);
const switchOn = (layout: Layout) => 'USERS_WITH_ACCOUNTS' in LAYOUTS[layout];

type Account = Awaited<ReturnType<typeof userIn>>;
/** An account in accounts database `database`, its real row there and a decoy in the core. */
const accountIn = async (database: number, o: Parameters<typeof userIn>[1] = {}) => {
  const user = await userIn(database, o);
  const row = (await env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(user.id).first<Record<string, unknown>>())!;
  const names = Object.keys(row);
  await accountsDbs[database]!.prepare(`INSERT INTO users (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).bind(...names.map((n) => row[n])).run();
  await env.DB.prepare(`UPDATE users SET first_name = 'Decoy', last_name = 'Core', email = 'decoy.' || id || '@example.in', phone = NULL WHERE id = ?`).bind(user.id).run();
  return user;
};

/** A photo row with a 64-bit hash (no print: the plain rule matches it), in the core where the lookup reads photos. */
const photo = async (ownerId: string, listingId: string, hash: string, key: string, position = 0) => {
  const [b0, b1, b2, b3] = hashBands(hash);
  await env.DB.prepare(
    `INSERT INTO media (id, owner_id, listing_id, r2_key, content_type, bytes, position, state, phash, phash_b0, phash_b1, phash_b2, phash_b3, created_at)
     VALUES (?, ?, ?, ?, 'image/jpeg', 100, ?, 'READY', ?, ?, ?, ?, ?, ?)`,
  )
    .bind(`med_${ulid().toLowerCase()}`, ownerId, listingId, key, position, hash, b0, b1, b2, b3, Date.now())
    .run();
};

/** An ad where the layout keeps it: the core with one listings database, its own database with four. */
const adIn = async (layout: Layout, seller: Account, title: string, status: string, heldReason: string | null) => {
  if (sharded(layout)) {
    const ad = await createShardListing(seller, { title, status: status as 'APPROVED', city: 'Chennai' });
    await ad.db.prepare('UPDATE listings SET held_reason = ?, held_at = ? WHERE id = ?').bind(heldReason, heldReason ? Date.now() : null, ad.id).run();
    return ad.id;
  }
  const city = (await env.DB.prepare(`SELECT id, parent_id FROM locations WHERE kind = 'city' AND name = 'Pune'`).first<{ id: number; parent_id: number }>())!;
  const id = ulid().toLowerCase();
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO listings (id, slug, user_id, title, description, price_minor, currency, condition, category_id, subcategory_id, location, state_id, city_id, features, status, held_reason, held_at, views, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'A three seater sofa set in good condition.', 1500000, 'INR', 'USED', 'home-and-garden', 'home-and-garden-furniture', 'Pune, Maharashtra', ?, ?, '{}', ?, ?, ?, 0, ?, ?)`,
  )
    .bind(id, `furniture-sofa-in-pune-iid-${id}`, seller.id, title, city.parent_id, city.id, status, heldReason, heldReason ? now : null, now, now)
    .run();
  return id;
};

const report = (listingId: string, reporterId: string) =>
  env.DB.prepare(`INSERT INTO listing_reports (id, listing_id, reporter_id, reason, status, weight, standing, created_at) VALUES (?, ?, ?, 'FRAUD', 'OPEN', 1, 'ESTABLISHED', ?)`)
    .bind(`rep_${ulid().toLowerCase()}`, listingId, reporterId, Date.now())
    .run();

const auditRow = (actorId: string, action: string, targetType: string, targetId: string) =>
  env.DB.prepare('INSERT INTO moderation_actions (id, actor_id, action, target_type, target_id, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .bind(`mod_${ulid().toLowerCase()}`, actorId, action, targetType, targetId, 'Checked by hand', Date.now())
    .run();

let mod: Account;

/**
 * Within decision 022's read budget of 2 everywhere but the queue over four listings databases: its
 * page needs the core's reported ads first, and a duplicate hold's matches need the page's photos,
 * then the lookup, then the matched ads' own databases (what is left: decision 034).
 */
const EXPECTED: Record<Layout, { queue: number; 'audit log': number }> = {
  'four listings, four accounts, switch on': { queue: 5, 'audit log': 2 },
  'four listings, four accounts, switch off': { queue: 5, 'audit log': 2 },
  'one listings database, four accounts, switch on': { queue: 2, 'audit log': 2 },
  'one listings database, four accounts, switch off': { queue: 2, 'audit log': 1 },
  'one database': { queue: 2, 'audit log': 1 },
};

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
  mod = await accountIn(3, { firstName: 'Mohan', lastName: 'Rao' });
  for (const db of [env.DB, accountsDbs[3]!]) await db.prepare(`UPDATE users SET role = 'MODERATOR' WHERE id = ?`).bind(mod.id).run();
});

describe.each(Object.keys(LAYOUTS) as Layout[])('%s', (layout) => {
  it('the queue and the audit log wait on as many round trips as EXPECTED says, and show what they showed', async () => {
    // each layout its own ads and its own photo (a hash no other layout's ads share)
    const hash = ulid().slice(-16).toLowerCase().replace(/[^0-9a-f]/g, 'a').padStart(16, '0');
    const original = await accountIn(0, { firstName: 'Asha', lastName: 'Original' });
    const copycat = await accountIn(1, { firstName: 'Bala', lastName: 'Copycat' });
    const reported = await accountIn(2, { firstName: 'Chetan', lastName: 'Reported' });
    const reporter = await accountIn(2, { firstName: 'Divya' });
    const source = await adIn(layout, original, `Original teak sofa ${layout}`, 'APPROVED', null);
    await photo(original.id, source, hash, `listings/${source}/a.jpg`);
    await photo(original.id, source, `${hash.slice(0, 15)}${hash.endsWith('0') ? '1' : '0'}`, `listings/${source}/b.jpg`, 1);
    const held = await adIn(layout, copycat, `Copied teak sofa ${layout}`, 'PENDING', 'DUPLICATE_PHOTOS');
    await photo(copycat.id, held, hash, `listings/${held}/a.jpg`);
    const live = await adIn(layout, reported, `Reported teak sofa ${layout}`, 'APPROVED', null);
    await report(live, reporter.id);
    await report(held, reporter.id);
    await auditRow(mod.id, 'REJECT', 'LISTING', live);
    await auditRow(mod.id, 'BAN', 'USER', reported.id);

    const headers = { ...mod.auth, 'CF-Connecting-IP': '203.0.113.91' };
    const queue = await tab('/api/admin/moderation?status=open&limit=50', { headers }, LAYOUTS[layout]);
    expect(queue.status, JSON.stringify(queue.body).slice(0, 400)).toBe(200);
    const items = queue.body.data.items as { listing: { id: string }; seller: { firstName: string; listingsByStatus: Record<string, number> }; reportCount: number; matches: { id: string; images: string[] }[] }[];
    const copied = items.find((i) => i.listing.id === held)!;
    expect(copied, queue.trace).toBeDefined();
    // the matched ad comes with its photos, the matching one first
    expect(copied.matches.map((m) => [m.id, m.images.map((u) => u.includes('/a.jpg') ? 'a' : u.includes('/b.jpg') ? 'b' : u)])).toEqual([[source, ['a', 'b']]]);
    expect(copied.reportCount).toBe(1);
    expect(copied.seller.listingsByStatus).toEqual({ PENDING: 1 });
    expect(items.find((i) => i.listing.id === live)!.reportCount).toBe(1);
    const name = switchOn(layout) ? 'Bala' : 'Decoy';
    if (switchOn(layout)) expect(copied.seller.firstName).toBe(name);

    const log = await tab('/api/admin/audit?limit=2', { headers }, LAYOUTS[layout]);
    expect(log.status, JSON.stringify(log.body).slice(0, 400)).toBe(200);
    const entries = (log.body.data.entries as { action: string; actor: { firstName: string }; targetName: string | null }[]).map((e) => [e.action, e.actor.firstName, e.targetName]);
    expect(entries).toEqual(
      switchOn(layout)
        ? [
            ['BAN', 'Mohan', 'Chetan Reported'],
            ['REJECT', 'Mohan', `Reported teak sofa ${layout}`],
          ]
        : [
            ['BAN', 'Decoy', 'Decoy Core'],
            ['REJECT', 'Decoy', `Reported teak sofa ${layout}`],
          ],
    );
    // before: the queue 9 (four listings databases) or 6–7 (one), the audit log 3 with the switch on or
    // four listings databases; the queue's first read and the audit log's page now run beside the role check
    expect({ queue: queue.roundTrips, 'audit log': log.roundTrips }, `${queue.trace}\n---\n${log.trace}`).toEqual(EXPECTED[layout]);
  });
});

describe('the reads beside the role check', () => {
  it('someone who is not staff gets 403 after at most the first read, never its answer', async () => {
    const user = await accountIn(2, { firstName: 'Nosy' });
    for (const [layout, vars] of Object.entries(LAYOUTS)) {
      for (const path of ['/api/admin/moderation?status=open', '/api/admin/audit']) {
        const res = await tab(path, { headers: user.auth }, vars);
        expect(res.status, `${layout} ${path}: ${JSON.stringify(res.body)}`).toBe(403);
        expect(res.body).toMatchObject({ success: false, code: 'NOT_A_MODERATOR' });
        expect(res.roundTrips, `${layout} ${path}\n${res.trace}`).toBe(1);
        // nothing past the first read: no sellers, no photo lookups, no names
        expect(res.trace, layout).not.toMatch(/FROM users WHERE id IN|phash_b0 IN|json_group_array\(x\.r2_key\)/);
      }
    }
  });

  it('a moderator whose role was taken away, or whose sessions were ended, is refused even with a bad query', async () => {
    const former = await accountIn(1, { firstName: 'Former' });
    // still a moderator in the core's stale copy only: with the switch on the account's own row decides
    await env.DB.prepare(`UPDATE users SET role = 'MODERATOR' WHERE id = ?`).bind(former.id).run();
    const demoted = await tab('/api/admin/moderation?status=open', { headers: former.auth }, LAYOUTS['four listings, four accounts, switch on']);
    expect(demoted.status).toBe(403);
    // the check's answer wins over the handler's: a bad query from a non-moderator is still 403
    expect((await tab('/api/admin/audit?limit=-4', { headers: former.auth }, LAYOUTS['four listings, four accounts, switch on'])).status).toBe(403);
    await Promise.all([env.DB, accountsDbs[3]!].map((db) => db.prepare('UPDATE users SET token_version = token_version + 1 WHERE id = ?').bind(mod.id).run()));
    try {
      for (const vars of Object.values(LAYOUTS)) {
        const revoked = await tab('/api/admin/audit', { headers: mod.auth }, vars);
        expect(revoked.status).toBe(401);
        expect(revoked.body.code).toBe('SESSION_REVOKED');
      }
    } finally {
      await Promise.all([env.DB, accountsDbs[3]!].map((db) => db.prepare('UPDATE users SET token_version = token_version - 1 WHERE id = ?').bind(mod.id).run()));
    }
    // and no token at all is 401 before anything is read
    const none = await tab('/api/admin/moderation', {}, LAYOUTS['one database']);
    expect([none.status, none.roundTrips]).toEqual([401, 0]);
  });
});

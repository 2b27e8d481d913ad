/**
 * `npm run capacity -- --measure [--listings 100000] [--reuse] [--seconds 20]` (decision 020)
 *
 * Measures what the capacity model takes from this code rather than from guesses, and writes it to
 * scripts/capacity/measured.json (committed, with the date and command):
 *
 * 1. Bytes per row. Seeds its own database (.wrangler/capacity-state) with the demo seed
 *    (scripts/seed.ts: users, ads, photo rows, search index), adds a month of activity around those
 *    ads (conversations with messages, favourites, viewer rows and daily counters, notifications,
 *    saved searches and their matches, orders, sessions, the listing-events outbox), then reads
 *    SQLite's `dbstat` (every page of every table and index, free space included) and divides by
 *    the rows. Activity rows go straight into the database file (node:sqlite on the local D1 file),
 *    with values shaped like the app's: same id formats, realistic text lengths.
 * 2. What one D1 database can do. The search queries the API itself builds (the same kinds as
 *    bench:search) run one after another for `--seconds` through the local D1 binding: D1 runs one
 *    query at a time, so queries per second = 1 / mean time per query. A second pass with eight in
 *    flight shows that concurrency does not add capacity.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { ulid } from 'ulid';
import { arg, run } from '../lib/bench';
import { FTS_COLUMNS, FTS_SELECT } from '../seed/db';
import { Random } from '../seed/random';

export interface TableSize {
  rows: number;
  /** the table's own pages */
  tableBytes: number;
  /** its indexes' pages (for the search index: all of its shadow tables) */
  indexBytes: number;
  bytesPerRow: number;
}

/** Where the figures of tables measured after the full run come from. */
export interface AddedTables {
  measuredAt: string;
  command: string;
  tables: string[];
  note: string;
}

export interface Measured {
  measuredAt: string;
  command: string;
  listings: number;
  /** the machine's 1-minute load average when the D1 figure was taken (2 cores here, shared) */
  loadAverage: number;
  tables: Record<string, TableSize>;
  /** tables added after the full measurement, measured the same way on a smaller seed (their provenance) */
  addedTables?: AddedTables | AddedTables[];
  d1: { queriesPerSecond: number; meanQueryMs: number; wallQueriesPerSecond: number; bindingQueriesPerSecond: number; concurrentQueriesPerSecond: number; queries: number; method: string };
}

const listings = Number(arg('listings', '100000'));
const seconds = Number(arg('seconds', '20'));
const reuse = process.argv.includes('--reuse');
const persist = arg('persist-to', '.wrangler/capacity-state');
const DAY = 86_400_000;

const databaseFile = () => {
  const dir = join(persist, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database under ${dir}: seed first (drop --reuse)`);
  return join(dir, file);
};

const CHAT_LINES = [
  'Hi, is this still available?',
  'What is the final price?',
  'Can you do 5000 less?',
  'Where can I see it?',
  'Kal shaam ko aa sakta hoon, address bhej do',
  'Yes available. Price is slightly negotiable.',
  'Please share more photos of the back side',
  'Any scratches or dents? Service history available?',
  'Ok done, I will come tomorrow 11 am',
  'Sorry, already sold',
  'Is the bill and box there?',
  'Bhai last kitna doge?',
];

/**
 * The identifier directory (decision 034, migration 0044) as sign-up writes it with several accounts
 * databases: per account its e-mail and phone (Google ids are the rarer third), each as the SHA-256
 * hex of `kind:value` (worker/db/identifiers.ts) beside the account's id (a tagged id: the ULID and
 * its group character) and the claim time.
 */
const addIdentifiers = (db: DatabaseSync, accounts: { id: string; email: string; phone: string; createdAt: number }[]) => {
  const add = db.prepare('INSERT OR IGNORE INTO identifiers (kind, value_hash, user_id, created_at) VALUES (?, ?, ?, ?)');
  const hash = (kind: string, value: string) => createHash('sha256').update(`${kind}:${value}`).digest('hex');
  for (const a of accounts) {
    add.run('email', hash('email', a.email), a.id, a.createdAt);
    add.run('phone', hash('phone', a.phone), a.id, a.createdAt);
  }
};

/**
 * The chat list per member (decision 034, migration 0053) as the rooms write it with several accounts
 * databases: for each of the activity's 60,000 conversations (the full measurement's `chats` fill: 1–15
 * messages, the last line of chat as its preview) one row in the buyer's database and one in the
 * seller's, each naming the other member, with its read marks and the list's order; the seller's row
 * of an answered conversation with its first-reply time and the readers' indexes (migration 0054).
 */
const addChatMembers = (db: DatabaseSync, accounts: { id: string; createdAt: number }[], r: Random, now: number) => {
  const add = db.prepare(
    `INSERT OR IGNORE INTO chat_members (user_id, chat_id, listing_id, other_id, role, last_seq, last_read_seq, other_last_read_seq, last_message, last_message_at, last_sender_id, activity_at, starred, created_at, updated_at, first_reply_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (let i = 0; i < 60_000; i++) {
    const t = now - r.int(0, 30) * DAY;
    const chatId = `cht_${ulid(t).toLowerCase()}`;
    const listingId = `${ulid(t - r.int(1, 20) * DAY).toLowerCase()}${r.int(0, 9)}`;
    const buyer = r.pick(accounts).id;
    const seller = r.pick(accounts).id;
    const n = r.int(1, 15);
    const at = t + n * 60_000;
    const last = r.pick(CHAT_LINES);
    const sender = n % 2 ? buyer : seller;
    // the seller's first-reply time (migration 0054) on the seller's row of a conversation with an answer
    const firstReplyMs = n > 1 ? r.int(1, 24 * 60) * 60_000 : null;
    add.run(buyer, chatId, listingId, seller, 'BUYER', n, n, r.int(0, n), last, at, sender, at, r.chance(0.05) ? 1 : 0, t, at, null);
    add.run(seller, chatId, listingId, buyer, 'SELLER', n, r.int(0, n), n, last, at, sender, at, r.chance(0.05) ? 1 : 0, t, at, firstReplyMs);
  }
};

/**
 * Which order took each invoice number (decision 034, migration 0051), as paying a seller-package
 * order writes it in the core: one row for each of the full measurement's 5,000 paid package
 * orders, numbered in one financial year's series, settled once the order was seen paid.
 */
const addInvoiceNumbers = (db: DatabaseSync, accounts: { id: string }[], now: number) => {
  const r = new Random('capacity:invoice-numbers');
  const add = db.prepare('INSERT INTO invoice_numbers (financial_year, number, order_id, user_id, payment_id, taken_at, settled_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (let i = 0; i < 5_000; i++) {
    const t = now - r.int(0, 30) * DAY + i;
    add.run('2026-27', i + 1, `bo_${ulid(t).toLowerCase()}`, r.pick(accounts).id, `pay_${ulid(t).slice(0, 14)}`, t, t + 2_000);
  }
};

/** The accounts the activity adds (20,000), shaped as sign-up makes them: tagged ids, a Gmail address, a ten-digit phone. */
const activityAccounts = (r: Random, now: number) =>
  Array.from({ length: 20_000 }, (_, i) => {
    const t = now - r.int(0, 700) * DAY;
    return { id: `usr_${ulid(t).toLowerCase()}${'0123456789abcdefghijklmnopqrstuvwxyz'[r.int(0, 35)]}`, email: `user.${i}@gmail.com`, phone: `9${String(100_000_000 + i * 37).slice(0, 9)}`, createdAt: t };
  });

/**
 * Bytes per row of tables added after the full measurement, measured the same way (`sizes`: dbstat
 * over the table and its indexes) on a database holding just that table as its migration creates
 * it, filled with the rows the full measurement's activity adds. Their rows do not depend on the
 * ads: the identifier directory holds two rows for each of the activity's 20,000 accounts.
 */
export const measureAddedTables = (tables: string[]): Record<string, TableSize> => {
  // `only`: the statements of the migration that make the table, when the migration also changes tables made before it
  // `migration`: the one that makes the table, or the ones that make it as it stands, in order
  const known: Record<string, { migration: string | string[]; only?: (statement: string) => boolean; fill: (db: DatabaseSync) => void }> = {
    identifiers: { migration: '0044', fill: (db) => addIdentifiers(db, activityAccounts(new Random('capacity:identifiers'), Date.UTC(2026, 10, 20))) },
    chat_members: {
      migration: ['0053', '0054'],
      fill: (db) => addChatMembers(db, activityAccounts(new Random('capacity:identifiers'), Date.UTC(2026, 10, 20)), new Random('capacity:chat-members'), Date.UTC(2026, 10, 20)),
    },
    invoice_numbers: { migration: '0051', fill: (db) => addInvoiceNumbers(db, activityAccounts(new Random('capacity:identifiers'), Date.UTC(2026, 10, 20)), Date.UTC(2026, 10, 20)) },
    invoice_counters: {
      migration: '0011',
      only: (statement) => statement.includes('CREATE TABLE invoice_counters'),
      // one row per financial year: three years' rows
      fill: (db) => {
        const add = db.prepare('INSERT INTO invoice_counters (financial_year, last_number) VALUES (?, ?)');
        for (const [year, last] of [['2024-25', 212_000], ['2025-26', 1_049_000], ['2026-27', 1_206_000]] as const) add.run(year, last);
      },
    },
  };
  const dir = mkdtempSync(join(tmpdir(), 'sel-capacity-'));
  try {
    const out: Record<string, TableSize> = {};
    for (const table of tables) {
      const spec = known[table];
      if (!spec) throw new Error(`no small measurement for ${table} (have: ${Object.keys(known).join(', ')})`);
      const db = new DatabaseSync(join(dir, `${table}.sqlite`));
      for (const migration of [spec.migration].flat()) {
        const file = readdirSync('migrations').find((f) => f.startsWith(`${migration}_`) && f.endsWith('.sql'));
        if (!file) throw new Error(`migration ${migration} not found`);
        for (const statement of readFileSync(join('migrations', file), 'utf8').split('--> statement-breakpoint')) if (!spec.only || spec.only(statement)) db.exec(statement);
      }
      db.exec('BEGIN');
      spec.fill(db);
      db.exec('COMMIT');
      const size = sizes(db)[table];
      db.close();
      if (!size) throw new Error(`${table}: no rows measured`);
      out[table] = size;
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const NOTIFICATIONS = [
  ['New message', 'Ravi: Hi, is this still available?'],
  ['नया संदेश', 'राहुल: क्या यह अभी भी उपलब्ध है?'],
  ['New ads for your search', '3 new ads match “Royal Enfield Classic 350 in Pune”'],
  ['Price drop', 'Honda City 2017 VX CVT is now ₹6,25,000 (was ₹6,50,000)'],
  ['Your ad is live', 'Samsung Galaxy S21 FE 128 GB is now visible to buyers'],
] as const;

/** A month of activity around the seeded ads, shaped like the app writes it. */
const addActivity = (db: DatabaseSync) => {
  const r = new Random('capacity');
  const ads = db.prepare(`SELECT id, user_id FROM listings`).all() as { id: string; user_id: string }[];
  const users = (db.prepare(`SELECT id FROM users`).all() as { id: string }[]).map((u) => u.id);
  const now = Date.UTC(2026, 10, 20);
  const today = Math.floor(now / DAY);
  const id = (prefix: string, t = now) => `${prefix}_${ulid(t).toLowerCase()}`;
  const insert = (sql: string) => db.prepare(sql);
  db.exec('BEGIN');

  // accounts as real sign-ups have them: a password hash string with its parameters, e-mail, phone
  const addUser = insert(
    `INSERT INTO users (id, email, username, first_name, last_name, password_hash, phone, is_verified, email_verified, phone_verified, status, token_version, share_phone, language, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 1, 1, 1, 'ACTIVE', 0, 1, ?, ?, ?)`,
  );
  const names = ['Aarav', 'Priya', 'Rahul', 'Sneha', 'Vikram', 'Ananya', 'Arjun', 'Kavya', 'Rohit', 'Meera'];
  // their directory rows, as sign-up writes them with several accounts databases (the accounts' own figures are unchanged)
  addIdentifiers(db, activityAccounts(new Random('capacity:identifiers'), now));
  for (let i = 0; i < 20_000; i++) {
    const first = r.pick(names);
    const last = r.pick(['Sharma', 'Patel', 'Reddy', 'Iyer', 'Singh', 'Gupta', 'Nair', 'Das']);
    const hash = `pbkdf2-sha256$100000$${Buffer.from(ulid()).toString('base64')}$${Buffer.from(ulid() + ulid()).toString('base64')}`;
    const t = now - r.int(0, 700) * DAY;
    addUser.run(id('usr', t), `${first.toLowerCase()}.${last.toLowerCase()}${i}@gmail.com`, `${first.toLowerCase()}${i}`, first, last, hash, `9${String(100_000_000 + i * 37).slice(0, 9)}`, r.chance(0.2) ? 'hi' : 'en', t, t);
  }
  const buyers = (db.prepare(`SELECT id FROM users`).all() as { id: string }[]).map((u) => u.id);

  // conversations: one D1 row each, its messages as the chat room copies them today
  const addChat = insert(
    `INSERT OR IGNORE INTO chats (id, listing_id, buyer_id, seller_id, last_message, last_message_at, last_seq, buyer_last_read_seq, seller_last_read_seq, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const addMessage = insert(`INSERT INTO messages (id, chat_id, seq, sender_id, content, message_type, client_id, created_at) VALUES (?, ?, ?, ?, ?, 'TEXT', ?, ?)`);
  for (let i = 0; i < 60_000; i++) {
    const ad = r.pick(ads);
    const buyer = r.pick(buyers);
    const t = now - r.int(0, 30) * DAY;
    const chatId = id('cht', t);
    const n = r.int(1, 15);
    const last = r.pick(CHAT_LINES);
    const added = addChat.run(chatId, ad.id, buyer, ad.user_id, last, t + n * 60_000, n, n, r.int(0, n), t, t + n * 60_000);
    if (!added.changes) continue;
    for (let seq = 1; seq <= n; seq++) addMessage.run(id('msg', t + seq * 60_000), chatId, seq, seq % 2 ? buyer : ad.user_id, r.pick(CHAT_LINES), crypto.randomUUID(), t + seq * 60_000);
  }

  const addFavourite = insert(`INSERT OR IGNORE INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)`);
  for (let i = 0; i < 150_000; i++) addFavourite.run(r.pick(buyers), r.pick(ads).id, now - r.int(0, 60) * DAY);

  // views: viewer rows (guests hashed, signed-in users by id) and the daily counters beside them
  const addView = insert(`INSERT OR IGNORE INTO listing_views (listing_id, viewer_key, day) VALUES (?, ?, ?)`);
  for (let i = 0; i < 300_000; i++) {
    const key = r.chance(0.7) ? `a:${Buffer.from(ulid() + ulid()).toString('hex').slice(0, 32)}` : `u:${r.pick(buyers)}`;
    addView.run(r.pick(ads).id, key, today - r.int(0, 1));
  }
  const addDaily = insert(`INSERT OR IGNORE INTO listing_daily_stats (listing_id, day, views) VALUES (?, ?, ?)`);
  for (let i = 0; i < 300_000; i++) addDaily.run(r.pick(ads).id, today - r.int(0, 29), r.int(1, 60));
  const addTotal = insert(`INSERT OR IGNORE INTO listing_view_totals (listing_id, views, through_day) VALUES (?, ?, ?)`);
  for (const ad of ads) addTotal.run(ad.id, r.int(0, 3000), today - 29);

  const addNotification = insert(`INSERT INTO notifications (id, user_id, title, body, type, data, is_read, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  for (let i = 0; i < 100_000; i++) {
    const [title, body] = r.pick(NOTIFICATIONS);
    const t = now - r.int(0, 30) * DAY;
    addNotification.run(id('ntf', t), r.pick(buyers), title, body, r.pick(['MESSAGE', 'SYSTEM', 'FAVORITE', 'LISTING_STATUS']), JSON.stringify({ chatId: id('cht', t) }), r.chance(0.6) ? 1 : 0, t);
  }

  // saved searches: shared compiled queries, per-buyer rows, matches per query
  const addMatcher = insert(`INSERT OR IGNORE INTO saved_search_matchers (scope, place_id, matcher, created_at) VALUES (?, ?, ?, ?)`);
  const terms = ['royal enfield', 'iphone 13', 'sofa set', '2bhk flat', 'swift dzire', 'laptop i5', 'activa', 'washing machine'];
  for (let i = 0; i < 10_000; i++) addMatcher.run(`c:${r.pick(['vehicles-cars', 'mobiles', 'furniture', 'properties'])}`, r.int(1, 5000), JSON.stringify({ q: r.pick(terms), minPrice: r.int(1, 50) * 1000, maxPrice: r.int(51, 500) * 1000 }), now);
  const matcherIds = (db.prepare('SELECT id FROM saved_search_matchers').all() as { id: number }[]).map((m) => m.id);
  const addSaved = insert(
    `INSERT INTO saved_searches (id, user_id, name, query, alert, scope, place_id, matcher, matcher_id, last_seen_at, digested_until, href, created_at, updated_at) VALUES (?, ?, ?, ?, 'instant', ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
  );
  for (let i = 0; i < 20_000; i++) {
    const term = r.pick(terms);
    const query = JSON.stringify({ q: term, category: 'Vehicles', location: 'Pune', minPrice: '50000', maxPrice: '300000', sortBy: 'createdAt' });
    addSaved.run(id('ss'), r.pick(buyers), `${term} in Pune`, query, 'c:vehicles-cars', r.int(1, 5000), JSON.stringify({ q: term }), r.pick(matcherIds), now, `/products?q=${encodeURIComponent(term)}&location=Pune&minPrice=50000&maxPrice=300000`, now, now);
  }
  const addMatch = insert(`INSERT OR IGNORE INTO saved_query_matches (matcher_id, listing_id, seller_id, live_at, matched_at) VALUES (?, ?, ?, ?, ?)`);
  for (let i = 0; i < 100_000; i++) {
    const ad = r.pick(ads);
    addMatch.run(r.pick(matcherIds), ad.id, ad.user_id, now, now);
  }

  const addOrder = insert(
    `INSERT INTO business_orders (id, user_id, provider, provider_order_id, items, subtotal_minor, gst_minor, total_minor, currency, status, provider_payment_id, invoice_number, created_at, paid_at) VALUES (?, ?, 'razorpay', ?, ?, ?, ?, ?, 'INR', 'PAID', ?, ?, ?, ?)`,
  );
  for (let i = 0; i < 5_000; i++) {
    const items = JSON.stringify([{ packageId: 'featured-7d-vehicles-cars', name: 'Featured ad, 7 days (Cars)', quantity: 1, unitPriceMinor: 39_900 }]);
    addOrder.run(id('bo'), r.pick(users), `order_${ulid().slice(0, 14)}`, items, 39_900, 7_182, 47_082, `pay_${ulid().slice(0, 14)}`, `SEL/2026-27/${String(i + 1).padStart(6, '0')}`, now, now);
  }
  const addPayment = insert(
    `INSERT INTO payment_orders (id, user_id, package_id, subscription_id, provider, provider_order_id, amount_minor, currency, status, provider_payment_id, created_at, paid_at) VALUES (?, ?, 'premium-monthly', ?, 'razorpay', ?, 29_900, 'INR', 'PAID', ?, ?, ?)`.replace('29_900', '29900'),
  );
  const addSubscription = insert(`INSERT INTO subscriptions (id, user_id, package_id, status, start_date, end_date, created_at, updated_at) VALUES (?, ?, 'premium-monthly', 'ACTIVE', ?, ?, ?, ?)`);
  for (let i = 0; i < 5_000; i++) {
    const user = r.pick(buyers);
    const sub = id('sub');
    addSubscription.run(sub, user, now, now + 30 * DAY, now, now);
    addPayment.run(id('pay'), user, sub, `order_${ulid().slice(0, 14)}`, `pay_${ulid().slice(0, 14)}`, now, now);
  }

  const addSession = insert(`INSERT INTO sessions (id, user_id, user_agent, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`);
  const agent = 'Mozilla/5.0 (Linux; Android 13; SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
  for (let i = 0; i < 50_000; i++) addSession.run(crypto.randomUUID(), r.pick(buyers), agent, now, now + 30 * DAY);

  const addEvent = insert(`INSERT INTO listing_events (id, listing_id, kind, old_price_minor, created_at, sent_at, done_at) VALUES (?, ?, 'LIVE', NULL, ?, ?, ?)`);
  for (const ad of ads) addEvent.run(id('evt'), ad.id, now, now, now);

  // with several listings databases (decision 033): where a moved ad went (ids of 27 characters, the
  // group's digit last), the archive's clean-up records, and the duplicate lookup keys a photo keeps
  // from upload to posting (decision 022: per band the hash's value and its 16 one-bit neighbours,
  // then per 8 turns of the print's 3 framings the bands' values — the shape of `lookupProbes`)
  const tagged = () => `${ulid().toLowerCase()}${r.int(0, 9)}`;
  const addMove = insert(`INSERT INTO listing_moves (old_id, new_id, status, moved_at) VALUES (?, ?, 'APPROVED', ?)`);
  for (let i = 0; i < 20_000; i++) {
    const ulidPart = ulid(now - r.int(0, 60) * DAY).toLowerCase();
    addMove.run(`${ulidPart}${r.int(0, 9)}`, `${ulidPart}${r.int(0, 9)}`, now - r.int(0, 30) * DAY);
  }
  const addCleanup = insert(`INSERT INTO archive_cleanups (listing_id, created_at) VALUES (?, ?)`);
  for (let i = 0; i < 20_000; i++) addCleanup.run(tagged(), now - r.int(0, 3600_000));
  const band = () => r.int(0, 65_535);
  const probes = () =>
    JSON.stringify({
      plain: Array.from({ length: 4 }, () => {
        const v = band();
        return [v, ...Array.from({ length: 16 }, (_, bit) => v ^ (1 << bit))];
      }),
      windows: Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => [...new Set(Array.from({ length: 8 }, band))])),
    });
  const mediaIds = db.prepare(`SELECT id FROM media LIMIT 20000`).all() as { id: string }[];
  const addLookup = insert(`INSERT OR IGNORE INTO media_lookups (media_id, probes, created_at) VALUES (?, ?, ?)`);
  for (const m of mediaIds) addLookup.run(m.id, probes(), now);
  db.exec('COMMIT');
};

/** Pages per table and index from dbstat, grouped under the table they belong to. */
export const sizes = (db: DatabaseSync): Record<string, TableSize> => {
  const pages = db
    .prepare(`SELECT s.name AS name, coalesce(m.tbl_name, s.name) AS tbl, coalesce(m.type, 'table') AS type, sum(s.pgsize) AS bytes FROM dbstat s LEFT JOIN sqlite_master m ON m.name = s.name GROUP BY s.name`)
    .all() as { name: string; tbl: string; type: string; bytes: number }[];
  const out: Record<string, TableSize> = {};
  for (const p of pages) {
    // the search index's shadow tables (listings_fts_data, _idx, _docsize, _config) are one thing
    const table = p.tbl.startsWith('listings_fts') ? 'listings_fts' : p.tbl;
    if (table.startsWith('sqlite_') || table.startsWith('_cf_') || table === 'd1_migrations') continue;
    const entry = (out[table] ??= { rows: 0, tableBytes: 0, indexBytes: 0, bytesPerRow: 0 });
    if (p.type === 'index' || table === 'listings_fts') entry.indexBytes += p.bytes;
    else entry.tableBytes += p.bytes;
  }
  for (const [table, entry] of Object.entries(out)) {
    const counted = table === 'listings_fts' ? 'listings_fts_docsize' : table;
    entry.rows = (db.prepare(`SELECT count(*) AS n FROM "${counted}"`).get() as { n: number }).n;
    entry.bytesPerRow = entry.rows ? Math.round((entry.tableBytes + entry.indexBytes) / entry.rows) : 0;
  }
  return Object.fromEntries(Object.entries(out).filter(([, e]) => e.rows > 0).sort(([a], [b]) => a.localeCompare(b)));
};

/** One D1 under search load: the API's own statements, one at a time, then eight in flight. */
const measureD1 = async (): Promise<Measured['d1']> => {
  const { localBindings } = await import('../lib/local-bindings');
  const { getDb } = await import('../../worker/db/client');
  const { buildListingQuery } = await import('../../worker/services/listings/listings');
  const { listingsQuery } = await import('../../worker/schemas/listings');
  const { env, dispose } = await localBindings<{ DB: D1Database }>(persist);
  try {
    const db = env.DB;
    const sample = (await db.prepare(`SELECT id, city_id, title FROM listings WHERE status = 'APPROVED' ORDER BY num DESC LIMIT 200`).all<{ id: string; city_id: number | null; title: string }>()).results;
    const words = sample.map((a) => a.title.split(' ')[0]!.toLowerCase()).filter((w) => w.length > 2);
    const queries = [
      ...words.slice(0, 8).map((q) => ({ q, limit: '20' })),
      { category: 'Vehicles', minPrice: '50000', maxPrice: '2000000', sortBy: 'price', sortOrder: 'asc', limit: '20' },
      { category: 'Electronics', minPrice: '10000', maxPrice: '50000', sortBy: 'createdAt', sortOrder: 'desc', limit: '20' },
      { category: 'Electronics', page: '50', limit: '20' },
      { location: 'Pune', limit: '20' },
    ];
    const texts: { sql: string; params: unknown[] }[] = [];
    for (const q of queries) {
      const built = await buildListingQuery(getDb(db), listingsQuery.parse(q));
      texts.push({ sql: built.sql, params: built.params }, { sql: built.countSql, params: built.countParams });
    }
    for (const a of sample.slice(0, 20)) texts.push({ sql: `SELECT * FROM listings WHERE id = ?`, params: [a.id] }, { sql: `SELECT * FROM media WHERE listing_id = ? ORDER BY position`, params: [a.id] });
    const statements = texts.map((t) => db.prepare(t.sql).bind(...t.params));
    for (const s of statements) await s.all(); // warm: pages in cache, as on a busy database
    // the same statements straight on the database file: SQLite's own time, what the D1 primary spends
    const file = new DatabaseSync(databaseFile(), { readOnly: true });
    const prepared = texts.map((t) => ({ st: file.prepare(t.sql), params: t.params as (string | number | null)[] }));
    for (const p of prepared) p.st.all(...p.params);
    // CPU time, not wall time: on a shared machine the wall clock also counts waiting for a core
    let direct = 0;
    const startedDirect = performance.now();
    const cpuBefore = process.cpuUsage();
    while (performance.now() - startedDirect < (seconds * 1000) / 2) {
      const p = prepared[direct++ % prepared.length]!;
      p.st.all(...p.params);
    }
    const cpu = process.cpuUsage(cpuBefore);
    const directMs = (cpu.user + cpu.system) / 1000;
    const directWallMs = performance.now() - startedDirect;
    file.close();
    let done = 0;
    const started = performance.now();
    while (performance.now() - started < seconds * 1000) await statements[done++ % statements.length]!.all();
    const serialMs = performance.now() - started;
    let concurrent = 0;
    const started2 = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() - started2 < (seconds * 1000) / 2) await statements[concurrent++ % statements.length]!.all();
      }),
    );
    const concurrentMs = performance.now() - started2;
    return {
      queriesPerSecond: Math.round((direct / directMs) * 1000),
      meanQueryMs: Number((directMs / direct).toFixed(3)),
      wallQueriesPerSecond: Math.round((direct / directWallMs) * 1000),
      bindingQueriesPerSecond: Math.round((done / serialMs) * 1000),
      concurrentQueriesPerSecond: Math.round((concurrent / concurrentMs) * 1000),
      queries: direct,
      method: `the API's search statements (buildListingQuery: text, category + price, page 50, place; each with its capped count) and ad/photo lookups, ${statements.length} in rotation, one at a time: on the database file with SQLite itself for ${seconds / 2} s (queriesPerSecond: statements per CPU second of the engine, what one D1 primary spends; wallQueriesPerSecond: the same by the wall clock of this shared machine), through the local D1 binding for ${seconds} s (bindingQueriesPerSecond: adds miniflare's local RPC), and 8 in flight through the binding for ${seconds / 2} s`,
    };
  } finally {
    await dispose();
  }
};

export const measure = async (): Promise<Measured> => {
  if (!reuse) {
    run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
    run('tsx', ['scripts/seed.ts', '--listings', String(listings), '--reset', '--fixed-time', '--persist-to', persist]);
  } else run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
  const db = new DatabaseSync(databaseFile());
  try {
    // a big seed on a busy machine can lose its workerd while rebuilding the search index: finish it here
    const indexed = db.prepare(`INSERT INTO listings_fts(${FTS_COLUMNS}) ${FTS_SELECT} AND l.num NOT IN (SELECT id FROM listings_fts_docsize)`).run().changes;
    if (indexed) console.log(`search index: ${indexed} live ads indexed that the seed left out`);
    const chats = (db.prepare('SELECT count(*) AS n FROM chats').get() as { n: number }).n;
    if (chats === 0) {
      console.log('adding activity rows (conversations, messages, favourites, views, notifications, saved searches, orders, sessions, events)…');
      addActivity(db);
    }
    // the free-ad allowance's record of each posting (one per ad), as posting an ad writes it
    if ((db.prepare('SELECT count(*) AS n FROM ad_postings').get() as { n: number }).n === 0) {
      const addPosting = db.prepare(`INSERT OR IGNORE INTO ad_postings (listing_id, user_id, limit_key, credit_id, created_at) SELECT id, user_id, 'vehicles-cars', NULL, created_at FROM listings`);
      addPosting.run();
    }
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  const tables = sizes(new DatabaseSync(databaseFile(), { readOnly: true }));
  console.log('measuring one D1 under search load…');
  const loadAverage = Number(loadavg()[0]!.toFixed(1));
  const d1 = await measureD1();
  const argv = process.argv.slice(2).join(' ');
  return { measuredAt: new Date().toISOString().slice(0, 10), command: `npm run capacity -- ${argv}`.trim(), listings, loadAverage, tables, d1 };
};

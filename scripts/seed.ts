/**
 * Deterministic demo data for local development: demo users, listings with real-looking Indian
 * content, and generated photos, written into the local wrangler state (the D1/R2/KV that
 * `wrangler dev` uses) through wrangler's getPlatformProxy.
 *
 *   node_modules/.bin/tsx scripts/seed.ts [--listings N] [--if-empty] [--reset] [--seed S] [--fixed-time]
 *
 * --listings N   how many listings (default 600)
 * --if-empty     do nothing when the listings table already has rows (used by `npm start`)
 * --reset        delete the demo rows (ids starting usr_demo) first, then seed
 * --seed S       PRNG seed (default "sel"); the same seed gives the same users, ads and photos
 * --fixed-time   date everything relative to 2026-11-20 instead of now, so every byte is reproducible
 * --persist-to D  use the local state in D instead of .wrangler/state (the benchmark's own database)
 * --listing-databases N  the listings over N databases (4 or 10; decision 033): each ad, its photos'
 *                copies, its search index and its seller's public card go into the database of its
 *                state's group (LISTINGS_0 … in scripts/lib/shards-config.ts), its id tagged with the
 *                group as posting tags it; accounts and the uploaded photo rows stay in DB
 * --accounts-databases N  the accounts' own rows over N databases (4, 15, 18 or 36; decision 034): each
 *                demo account's row, favourites, cart lines and blocks go into the database of the group
 *                its id names (ACCOUNTS_0 … in scripts/lib/shards-config.ts), and its e-mail and phone into
 *                the identifier directory there (by the identifier's hash). This is the design's layout,
 *                with `users` and the chat list in the accounts databases (the switches on): the core
 *                keeps only the seller cards the listing reads join when it is also the listings
 *                database (one listings database), and nothing of the accounts otherwise; a fresh state
 *                has no core copies to retire, which the seed records (`users.retired` then checks it)
 * --switches-off the migration's middle state instead (only with --accounts-databases): the `users`
 *                rows in DB, as a deployment has them before its copy and its switches
 *
 * Reference data (categories, locations, packages, popular searches, banners) comes from migrations.
 */
import { join } from 'node:path';
import { ROOT, runOnPinnedNode } from './lib/pinned-node';

runOnPinnedNode(import.meta.url);

process.env.WRANGLER_LOG ??= 'error';
const { localBindings } = await import('./lib/local-bindings');
const { ulid } = await import('ulid');
const { slugify } = await import('../worker/schemas/taxonomy');
const { listingBrand } = await import('../worker/schemas/brands');
const { adLifetimeDays } = await import('../worker/schemas/ad-lifecycle-data');
const { SUBCATEGORIES } = await import('./seed/catalog');
const { BatchWriter, DEMO_FROM, DEMO_TO, createInsertTrigger, deleteDemoAccountRows, deleteDemoData, dropInsertTrigger, indexListings, insertTriggerSql, repairFts, withBusyRetries } = await import('./seed/db');
const { ensureImagePool, poolPlan } = await import('./seed/images');
const { loadGeography, placeOf } = await import('./seed/places');
const { Random, weightedTable } = await import('./seed/random');
const { makeUsers } = await import('./seed/users');
const { accountsBindings, checkSwitches, parseAccountsDatabases, parseListingDatabases, listingsBindings, switchesOn } = await import('./lib/shards-config');
const { USERS_RETIRE_STATE_KEY } = await import('../worker/services/accounts/users-retire');
const { accountsDatabaseOfGroup, groupOfUserId } = await import('../worker/db/accounts');
const { groupOfIdentifierHash, identifierHash } = await import('../worker/db/identifiers');
const { perUserRows } = await import('./seed/per-user');
const { databaseOfGroup, groupOfState } = await import('../worker/db/shards');
type DemoUser = import('./seed/users').DemoUser;
type City = import('./seed/places').City;
type Area = import('./seed/places').Area;
type Geography = import('./seed/places').Geography;

interface SeedEnv {
  DB: D1Database;
  MEDIA: R2Bucket;
  CACHE: KVNamespace;
}

// ------------------------------------------------------------------ options

const usage = 'usage: tsx scripts/seed.ts [--listings N] [--if-empty] [--reset] [--seed S] [--fixed-time] [--persist-to DIR] [--listing-databases 1|4|10] [--accounts-databases 1|4|15|18|36 [--switches-off]]';
const argv = process.argv.slice(2);
const flags = new Set<string>();
const values = new Map<string, string>();
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i] as string;
  const [name, inline] = arg.split('=', 2) as [string, string | undefined];
  if (name === '--listings' || name === '--seed' || name === '--persist-to' || name === '--listing-databases' || name === '--accounts-databases') {
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${name} needs a value\n${usage}`);
    values.set(name, value);
  } else if (['--if-empty', '--reset', '--fixed-time', '--switches-off'].includes(name)) flags.add(name);
  else if (name === '--help' || name === '-h') {
    console.log(usage);
    process.exit(0);
  } else throw new Error(`unknown option ${arg}\n${usage}`);
}
const listingCount = Number(values.get('--listings') ?? 600);
if (!Number.isInteger(listingCount) || listingCount < 0) throw new Error(`--listings must be a whole number\n${usage}`);
const seed = values.get('--seed') ?? 'sel';
const databaseCount = parseListingDatabases(values.get('--listing-databases'));
const accountsCount = parseAccountsDatabases(values.get('--accounts-databases'));
checkSwitches(accountsCount, flags.has('--switches-off'));
/** `users` (and the chat list) with the accounts: the design's layout, unless the middle state is asked for */
const usersApart = switchesOn({ listings: databaseCount, accounts: accountsCount, switchesOff: flags.has('--switches-off') });

/** ULIDs are stamped from this fixed date so ids never depend on when the seed ran. */
const REFERENCE_TIME = Date.UTC(2026, 10, 20);
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Newest ad about an hour old, so the home page looks fresh on the day you seed. */
const anchor = flags.has('--fixed-time') ? REFERENCE_TIME : Date.now() - HOUR;
/** Above this many listings the FTS trigger is dropped and the index rebuilt in one pass. */
const BULK_THRESHOLD = 20_000;

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)}s`;
const log = (message: string) => console.log(`[seed ${elapsed()}] ${message}`);

async function run({ DB, MEDIA: media, CACHE: cache, ...bindings }: SeedEnv & Record<string, unknown>) {
  const db = withBusyRetries(DB);
  // where the listings go: DB itself with one database, else LISTINGS_0 … (decision 033)
  const sharded = databaseCount > 1;
  const listingDbs = sharded ? listingsBindings(databaseCount).map((b) => withBusyRetries(bindings[b] as D1Database)) : [db];
  // where the accounts' own rows go: DB with one accounts database, else ACCOUNTS_0 … (decision 034)
  const accountsApart = accountsCount > 1;
  const accountDbs = accountsApart ? accountsBindings(accountsCount).map((b) => withBusyRetries(bindings[b] as D1Database)) : [db];
  // one writer per accounts database (the core's own with one), for the accounts' rows below
  const accountWriters = accountsApart ? accountDbs.map((target) => new BatchWriter(target)) : [new BatchWriter(db)];
  const homeOf = (userId: string) => accountWriters[accountsDatabaseOfGroup(accountsCount, groupOfUserId(userId))]!;
  const migrationsDir = join(ROOT, 'migrations');
  for (const target of listingDbs) if (await repairFts(target, migrationsDir)) log('restored the listings_fts_insert trigger left out by an interrupted run');
  const sum = async (sql: string, ...params: unknown[]) =>
    (await Promise.all(listingDbs.map(async (target) => (await target.prepare(sql).bind(...params).first<{ n: number }>())?.n ?? 0))).reduce((a, b) => a + b, 0);

  const existing = await sum('SELECT count(*) AS n FROM listings');
  if (flags.has('--if-empty') && existing > 0) {
    console.log('database already has data, skipping seed');
    return;
  }
  if (flags.has('--reset')) {
    // the listings databases first (their ads and cards), then the core (accounts, photo rows)
    const inListings = sharded ? await Promise.all(listingDbs.map((target) => deleteDemoData(target))) : [];
    if (accountsApart) await Promise.all(accountDbs.map((target) => deleteDemoAccountRows(target)));
    const removed = await deleteDemoData(db);
    log(`reset: removed ${removed.listings + inListings.reduce((n, r) => n + r.listings, 0)} demo listings and ${removed.users} demo users`);
  } else {
    const demo = await sum(`SELECT count(*) AS n FROM listings WHERE user_id >= ? AND user_id < ?`, DEMO_FROM, DEMO_TO);
    if (demo > 0) {
      console.error(`the database already has ${demo} demo listings; run with --reset to replace them (or --if-empty to skip)`);
      process.exitCode = 1;
      return;
    }
  }
  await checkSchema(db);
  if (sharded) await checkSchema(listingDbs[0]!);

  const rng = new Random(seed);
  const geo = await loadGeography(db);
  if (!geo.fromDatabase) log('warning: the locations table is empty (migrations not applied?); using a built-in list of cities without ids');

  // Photos: how many each ad shows comes from a stream of its own, so the pictures every subcategory needs are
  // known before drawing them; each ad then takes the next unused pictures of its subcategory (photos of its own).
  const listingRng = rng.fork('listings');
  const photoRng = rng.fork('photos');
  const pickSub = weightedTable(SUBCATEGORIES.map((s) => [s, s.weight] as const));
  const photoCounts = Array.from({ length: listingCount }, (_, i) => photoRng.fork(i).weighted([1, 2, 3, 4], [25, 30, 25, 20]));
  const needs = new Map<string, number>();
  for (let i = 0; i < listingCount; i++) {
    const sub = pickSub(listingRng.fork(i)).id;
    needs.set(sub, (needs.get(sub) ?? 0) + (photoCounts[i] as number));
  }
  const pool = await ensureImagePool(media, poolPlan(needs), log);
  const nextPicture = new Map<string, number>();

  // Users: ~25 by default; big seeds get more sellers so ads spread over more cities.
  const userCount = Math.min(2_000, Math.max(25, Math.round(listingCount / 50)));
  const taken = await takenContacts(usersApart ? [db, ...accountDbs] : [db]);
  const users = makeUsers(rng.fork('users'), userCount, anchor, taken);
  const sellerCities = users.map((u) => sellerCitiesOf(rng.fork(`places:${u.key}`), u, geo));
  await geo.loadAreas(sellerCities.flat());
  const sellers = users.map((u, i) => sellerPlaces(rng.fork(`areas:${u.key}`), u, sellerCities[i] as City[], geo));

  const writer = new BatchWriter(db);
  if (usersApart) {
    // each account's row in its own accounts database; the core keeps a seller card of each when it is
    // also the listings database (the listing reads join it there), nothing when the listings are apart
    for (const u of users) await homeOf(u.id).insert('users', USER_COLUMNS, [userRow(u)]);
    if (!sharded) await writer.insert('users', CARD_COLUMNS, users.map(cardRow));
  } else await writer.insert('users', USER_COLUMNS, users.map(userRow));
  // one writer per listings database (with one database, the core's own writer)
  const writers = sharded ? listingDbs.map((target) => new BatchWriter(target)) : [writer];
  /** per listings database, the sellers whose public card it holds (written before their first ad there) */
  const cards = listingDbs.map(() => new Set<string>());

  const bulk = listingCount >= BULK_THRESHOLD;
  const maxNumsBefore = await Promise.all(listingDbs.map(async (target) => (await target.prepare('SELECT coalesce(max(num), 0) AS n FROM listings').first<{ n: number }>())?.n ?? 0));
  const triggerSql = bulk ? await insertTriggerSql(listingDbs[0]!, migrationsDir) : '';
  if (bulk) {
    await writer.flush();
    for (const target of listingDbs) await dropInsertTrigger(target);
    log('bulk mode: FTS insert trigger dropped, the index is rebuilt after the insert');
  }

  const stats = { statuses: new Map<string, number>(), featured: 0, media: 0 };
  /** live ads, for the accounts' favourites */
  const liveAds: { id: string; seller: number; createdAt: number }[] = [];
  try {
    const sellerTables = new Map<string, (r: InstanceType<typeof Random>) => number>();
    const sellerFor = (categoryId: string) => {
      let table = sellerTables.get(categoryId);
      if (!table) {
        // Dealers post only in their speciality (a lot: their activity is 3–5× a person's); everyone else a bit of everything.
        const entries = users.map((u, i) => [i, u.specialities.length ? (u.specialities.includes(categoryId) ? u.activity : 0) : u.activity] as const);
        table = weightedTable(entries.filter(([, w]) => w > 0));
        sellerTables.set(categoryId, table);
      }
      return table;
    };

    // expiries draw from a stream of their own, so every other value of the demo stays as it was
    const expiryRng = rng.fork('expiries');
    // Ids come from one sequential stream: per-listing forks of a 32-bit generator can overlap
    // (one fork's sequence shifted into another's), which made ids collide at 100k listings.
    const idRng = rng.fork('ids');
    const newId = (time: number) => ulid(time, idRng.next).toLowerCase();
    const step = Math.max(1, Math.ceil(listingCount / 10));
    for (let i = 0; i < listingCount; i++) {
      const r = listingRng.fork(i);
      const sub = pickSub(r);
      const userIndex = sellerFor(sub.categoryId)(r);
      const user = users[userIndex] as DemoUser;
      const place = pickPlace(r, sellers[userIndex] as SellerPlaces, Boolean(user.businessName));
      const draft = sub.generate({ rng: r, city: place.city, area: place.area, state: place.state, business: user.businessName });

      const offset = Math.round(90 * DAY * Math.pow(r.next(), 1.35));
      const createdAt = anchor - offset;
      // with several databases the id ends in the group's digit and the ad goes to that group's database
      const group = groupOfState(place.stateId);
      const home = sharded ? databaseOfGroup(databaseCount, group) : 0;
      const id = newId(REFERENCE_TIME - offset) + (sharded ? String(group) : '');
      const adWriter = writers[home]!;
      if (sharded && !cards[home]!.has(user.id)) {
        cards[home]!.add(user.id);
        await adWriter.insert('users', CARD_COLUMNS, [cardRow(user)]);
      }
      const picked = pickStatus(r, sub.categoryId);
      const isFeatured = picked.status === 'APPROVED' && r.chance(user.businessName ? 0.15 : 0.065);
      const expiry = demoExpiry(expiryRng.fork(i), createdAt, adLifetimeDays(sub.categoryId, sub.id) * DAY, picked.status === 'APPROVED', !isFeatured);
      const status = expiry.expired ? { status: 'EXPIRED', reason: null } : picked;
      const updatedAt = status.status !== 'APPROVED' || r.chance(0.25) ? createdAt + Math.round(r.next() * (anchor - createdAt)) : createdAt;
      const ageDays = offset / DAY;
      const views = Math.min(50_000, Math.round((ageDays * r.float(2, 12) + r.int(0, 25)) * Math.exp(r.normal(0, 1.6)) * (isFeatured ? 2.5 : 1)));
      const brand = listingBrand(draft.features, draft.title);
      const slug = [slugify(sub.name), 'c84', slugify(draft.title), 'in', slugify(place.city), 'iid', id].filter(Boolean).join('-').replace(/-{2,}/g, '-');

      await adWriter.insert('listings', LISTING_COLUMNS, [
        [
          id, slug, user.id, draft.title, draft.description, Math.round(draft.price * 100), 'INR', draft.condition,
          sub.categoryId, sub.id, place.label, place.stateId, place.cityId, place.areaId, place.latitude, place.longitude,
          JSON.stringify(draft.features), brand, status.status, status.reason, isFeatured ? 1 : 0, views, createdAt, updatedAt,
          expiry.expiresAt, expiry.renewals, expiry.renewedAt,
        ],
      ]);

      const images = pool.get(sub.id) ?? [];
      const first = nextPicture.get(sub.id) ?? 0;
      const count = Math.min(images.length, photoCounts[i] as number);
      const photos = Array.from({ length: count }, (_, k) => images[(first + k) % images.length] as (typeof images)[number]);
      nextPicture.set(sub.id, first + count);
      const photoRows = photos.map((p, position) => [newId(REFERENCE_TIME - offset), user.id, id, p.key, 'image/jpeg', p.bytes, p.width, p.height, position, createdAt] as const);
      // the ad's database keeps a copy of its photo rows, as posting writes them; the uploaded rows stay in the core
      await adWriter.insert('media', MEDIA_COLUMNS, photoRows);
      if (sharded) await writer.insert('media', MEDIA_COLUMNS, photoRows);

      stats.statuses.set(status.status, (stats.statuses.get(status.status) ?? 0) + 1);
      if (status.status === 'APPROVED') liveAds.push({ id, seller: userIndex, createdAt });
      if (isFeatured) stats.featured++;
      stats.media += photos.length;
      if ((i + 1) % step === 0 || i + 1 === listingCount) log(`listings ${i + 1}/${listingCount} (${Math.round(((i + 1) / listingCount) * 100)}%)`);
    }
    await Promise.all(sharded ? [writer, ...writers].map((w) => w.flush()) : [writer.flush()]);
  } finally {
    if (bulk) {
      await Promise.all([...new Set([writer, ...writers])].map((w) => w.flush().catch(() => undefined)));
      for (const [k, target] of listingDbs.entries()) {
        const maxNum = (await target.prepare('SELECT coalesce(max(num), 0) AS n FROM listings').first<{ n: number }>())?.n ?? 0;
        log(`bulk mode: indexing ${maxNum - maxNumsBefore[k]!} listings for search${sharded ? ` in LISTINGS_${k}` : ''}`);
        try {
          await indexListings(target, maxNumsBefore[k]!, maxNum);
        } finally {
          await createInsertTrigger(target, triggerSql);
        }
      }
      log('bulk mode: FTS insert trigger restored');
    }
  }

  for (const target of listingDbs) await checkSellerCounts(target);

  // the accounts' own rows, each in its account's accounts database (DB with one; decision 034)
  const packages = (await db.prepare('SELECT id FROM seller_packages ORDER BY id').all<{ id: string }>()).results.map((p) => p.id);
  const own = perUserRows(rng.fork('per-user'), users, liveAds, packages, anchor);
  for (const row of own.favourites) await homeOf(row[0]).insert('favorites', ['user_id', 'listing_id', 'created_at'], [row]);
  for (const row of own.cart) await homeOf(row[0]).insert('cart_items', ['user_id', 'package_id', 'quantity', 'added_at'], [row]);
  for (const row of own.blocks) await homeOf(row[0]).insert('user_blocks', ['blocker_id', 'blocked_id', 'created_at'], [row]);
  // the identifier directory (only used with several accounts databases): each e-mail and phone in the database of its hash
  let directory = 0;
  if (accountsApart) {
    for (const u of users) {
      for (const id of [{ kind: 'email' as const, value: u.email }, { kind: 'phone' as const, value: u.phone }]) {
        const hash = await identifierHash(id);
        await accountWriters[accountsDatabaseOfGroup(accountsCount, groupOfIdentifierHash(hash))]!.insert('identifiers', ['kind', 'value_hash', 'user_id', 'created_at'], [[id.kind, hash, u.id, u.createdAt]]);
        directory++;
      }
    }
  }
  await Promise.all(accountWriters.map((w) => w.flush()));
  log(`accounts' own rows: ${usersApart ? `${users.length} users rows, ` : ''}${own.favourites.length} favourites, ${own.cart.length} cart lines, ${own.blocks.length} blocks${accountsApart ? `, ${directory} directory rows over ${accountsCount} accounts databases` : ''}`);
  await invalidateCaches(cache);
  // a state seeded with the switches on never had accounts in the core: nothing to copy or retire, so
  // the retirement is recorded as done (the check users.retired then looks for core rows that came back)
  if (usersApart) await cache.put(USERS_RETIRE_STATE_KEY, JSON.stringify({ cursor: null, retired: 0, finishedAt: Date.now() }));
  const statuses = [...stats.statuses].map(([s, n]) => `${n} ${s}`).join(', ');
  log(`done: ${users.length} users, ${listingCount} listings (${statuses}; ${stats.featured} featured), ${stats.media} photos, seed "${seed}"`);
  if (sharded) log(`listings per database: ${(await Promise.all(listingDbs.map((target) => target.prepare('SELECT count(*) AS n FROM listings').first<{ n: number }>()))).map((r, k) => `LISTINGS_${k} ${r?.n ?? 0}`).join(', ')}`);
  log(`total time ${elapsed()}`);
}

// ------------------------------------------------------------------ rows

const USER_COLUMNS = [
  'id', 'email', 'username', 'first_name', 'last_name', 'business_name', 'password_hash', 'phone', 'is_verified',
  'email_verified', 'phone_verified', 'status', 'token_version', 'share_phone', 'created_at', 'updated_at',
] as const;

const userRow = (u: DemoUser) =>
  [u.id, u.email, u.username, u.firstName, u.lastName, u.businessName, null, u.phone, u.isVerified ? 1 : 0, u.emailVerified ? 1 : 0, 1, 'ACTIVE', 0, 1, u.createdAt, u.createdAt] as const;

/** A seller's public card in a listings database (worker/services/listings/shard-writes.ts): never e-mail, phone or password. */
const CARD_COLUMNS = ['id', 'username', 'first_name', 'last_name', 'business_name', 'is_verified', 'created_at', 'updated_at'] as const;

const cardRow = (u: DemoUser) => [u.id, u.username, u.firstName, u.lastName, u.businessName, u.isVerified ? 1 : 0, u.createdAt, u.createdAt] as const;

const LISTING_COLUMNS = [
  'id', 'slug', 'user_id', 'title', 'description', 'price_minor', 'currency', 'condition', 'category_id', 'subcategory_id',
  'location', 'state_id', 'city_id', 'area_id', 'latitude', 'longitude', 'features', 'brand', 'status', 'reject_reason',
  'is_featured', 'views', 'created_at', 'updated_at', 'expires_at', 'renewals', 'renewed_at',
] as const;

const MEDIA_COLUMNS = ['id', 'owner_id', 'listing_id', 'r2_key', 'content_type', 'bytes', 'width', 'height', 'position', 'created_at'] as const;

const REJECT_REASONS = [
  'Photos do not match the item described',
  'Duplicate ad: the same item is already listed',
  'Price looks unrealistic for this item',
  'Phone numbers and links are not allowed in the description',
  'This item is not allowed on SEL',
];

/**
 * A demo ad's expiry (decision 019), seen from the seed's "now" (`anchor`). An ad older than its
 * lifetime was renewed by its seller once per period (renewals, renewed_at), so live ads' expiries
 * spread evenly over the coming lifetime — about a tenth of a 30-day category within the 3-day
 * reminder window — and the demo never loses half its ads on the first run of the job. A few live
 * ads (2.5 %, never a featured one) were not renewed and are EXPIRED, some days ago, so the Expired
 * tab and an expired ad's page have something to show. Other statuses keep their first period's expiry.
 */
function demoExpiry(r: InstanceType<typeof Random>, createdAt: number, lifetimeMs: number, live: boolean, mayExpire: boolean) {
  if (live && mayExpire && r.chance(0.025) && createdAt < anchor - 2 * DAY) {
    const expiresAt = anchor - Math.round(r.float(0.5, 20) * DAY);
    return { expired: true, expiresAt: Math.max(expiresAt, createdAt + DAY), renewals: 0, renewedAt: null };
  }
  if (!live) return { expired: false, expiresAt: createdAt + lifetimeMs, renewals: 0, renewedAt: null };
  const periods = Math.max(1, Math.ceil((anchor - createdAt) / lifetimeMs + 1e-9));
  const expiresAt = createdAt + periods * lifetimeMs;
  return { expired: false, expiresAt, renewals: periods - 1, renewedAt: periods > 1 ? expiresAt - lifetimeMs : null };
}

function pickStatus(r: InstanceType<typeof Random>, categoryId: string): { status: string; reason: string | null } {
  const roll = r.next();
  if (roll < 0.92) return { status: 'APPROVED', reason: null };
  // Jobs and services are not "sold"; they are taken down.
  if (roll < 0.96) return { status: categoryId === 'jobs' || categoryId === 'services' ? 'INACTIVE' : 'SOLD', reason: null };
  if (roll < 0.985) return { status: 'INACTIVE', reason: null };
  return { status: 'REJECTED', reason: r.pick(REJECT_REASONS) };
}

// ------------------------------------------------------------------ where sellers are

interface SellerPlaces {
  cities: { city: City; areas: Area[]; home: Area | null }[];
}

/** A seller works from 1–3 cities (a dealer from the shop's city, sometimes a second one). */
function sellerCitiesOf(r: InstanceType<typeof Random>, user: DemoUser, geo: Geography): City[] {
  const chosen: City[] = [];
  const preferred = geo.findCity(user.homeCities);
  if (preferred) chosen.push(preferred);
  const wanted = user.businessName ? (r.chance(0.2) ? 2 : 1) : r.weighted([1, 2, 3], [5, 3, 2]);
  for (let tries = 0; chosen.length < Math.min(wanted, geo.cities.length) && tries < 50; tries++) {
    const city = geo.pickCity(r);
    if (!chosen.includes(city)) chosen.push(city);
  }
  return chosen;
}

/** Each of the seller's cities gets a home neighbourhood (a dealer's shop area when it exists). */
function sellerPlaces(r: InstanceType<typeof Random>, user: DemoUser, cities: City[], geo: Geography): SellerPlaces {
  return {
    cities: cities.map((city, i) => {
      const areas = geo.areasOf(city);
      const shop = i === 0 && user.homeArea ? areas.find((a) => user.homeArea?.test(a.name)) : undefined;
      return { city, areas, home: shop ?? (areas.length ? r.pick(areas) : null) };
    }),
  };
}

function pickPlace(r: InstanceType<typeof Random>, seller: SellerPlaces, dealer: boolean) {
  const spot = r.weighted(seller.cities, [0.7, 0.2, 0.1].slice(0, seller.cities.length));
  const area = spot.areas.length === 0 ? null : r.chance(dealer ? 0.8 : 0.55) ? spot.home : r.pick(spot.areas);
  return placeOf(r, spot.city, area);
}

// ------------------------------------------------------------------ checks and cleanup

/** Phones and e-mails of real accounts (wherever their rows live), so demo users never trip the unique indexes. */
async function takenContacts(dbs: D1Database[]) {
  const results = (
    await Promise.all(
      dbs.map((db) => db.prepare(`SELECT phone, email FROM users WHERE id < ? OR id >= ?`).bind(DEMO_FROM, DEMO_TO).all<{ phone: string | null; email: string | null }>()),
    )
  ).flatMap((r) => r.results);
  return {
    phones: new Set(results.flatMap((r) => (r.phone ? [r.phone] : []))),
    emails: new Set(results.flatMap((r) => (r.email ? [r.email.toLowerCase()] : []))),
  };
}

/** Fails early, with a useful message, if the schema gained a required column this seed does not fill. */
async function checkSchema(db: D1Database) {
  for (const [table, columns] of [['listings', LISTING_COLUMNS], ['media', MEDIA_COLUMNS], ['users', USER_COLUMNS]] as const) {
    const { results } = await db.prepare(`SELECT name, "notnull" AS required, dflt_value AS fallback, pk FROM pragma_table_info(?)`).bind(table).all<{ name: string; required: number; fallback: string | null; pk: number }>();
    if (results.length === 0) throw new Error(`table ${table} is missing: apply the migrations first (wrangler d1 migrations apply DB --local)`);
    const missing = results.filter((c) => c.required && c.fallback === null && !c.pk && !(columns as readonly string[]).includes(c.name));
    if (missing.length) throw new Error(`scripts/seed.ts does not fill required ${table} column(s): ${missing.map((c) => c.name).join(', ')}`);
  }
  const categories = (await db.prepare('SELECT count(*) AS n FROM categories').first<{ n: number }>())?.n ?? 0;
  if (categories === 0) log('warning: the categories table is empty (reference-data migration not applied?)');
}

/**
 * Every demo seller's kept live-ad count (users.live_ads, maintained by triggers so ad pages and
 * cards need no grouped count) must equal the ads they really have live. The seed fails loudly
 * when it does not, rather than leaving ad pages that say "3 items listed" for a seller with 64.
 */
async function checkSellerCounts(db: D1Database) {
  const wrong = await db
    .prepare(
      `SELECT u.id, u.live_ads AS kept, (SELECT count(*) FROM listings l WHERE l.user_id = u.id AND l.status = 'APPROVED') AS real
       FROM users u WHERE u.id >= ? AND u.id < ? AND u.live_ads <> (SELECT count(*) FROM listings l WHERE l.user_id = u.id AND l.status = 'APPROVED') LIMIT 5`,
    )
    .bind(DEMO_FROM, DEMO_TO)
    .all<{ id: string; kept: number; real: number }>();
  if (wrong.results.length) {
    throw new Error(`seed: users.live_ads disagrees with the live ads for ${wrong.results.map((r) => `${r.id} (${r.kept} kept, ${r.real} live)`).join(', ')}`);
  }
}

/** Best effort: cached category/location counts and lists are now stale. */
async function invalidateCaches(cache: KVNamespace) {
  try {
    let cursor: string | undefined;
    let deleted = 0;
    do {
      const page = await cache.list(cursor ? { cursor } : {});
      await Promise.all(page.keys.map((k) => cache.delete(k.name)));
      deleted += page.keys.length;
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
    log(`cache: cleared ${deleted} KV keys`);
  } catch (err) {
    log(`cache: could not clear KV (${err instanceof Error ? err.message : String(err)}); counts refresh when their TTL ends`);
  }
}

// ------------------------------------------------------------------ run (last, so every constant above is initialised)

process.chdir(ROOT);
const { env, dispose } = await localBindings<SeedEnv & Record<string, unknown>>(values.get('--persist-to'), databaseCount, accountsCount);
try {
  await run(env);
} finally {
  await dispose();
}

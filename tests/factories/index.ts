import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { slugify } from '../../worker/schemas/taxonomy';
import { isSharded, listingDatabases, listingDbForId, tagListingId } from '../../worker/db/shards';
import { accountsDatabases, accountsDbForUser, accountsSplit, newUserId } from '../../worker/db/accounts';
import { sellerCard, sellerCardStatement } from '../../worker/services/listings/shard-writes';
import { directoryDb, identifierHash, identifiersOf } from '../../worker/db/identifiers';
import { usersDatabases, usersDbFor, usersWithAccounts, type UsersEnv } from '../../worker/db/users';
import { CONVERSATION_COLUMNS, memberRowsOf, writeMemberRows, type ConversationState } from '../../worker/services/chat/chat-members';
import { chatDbFor, chatsWithAccounts, type ChatsEnv } from '../../worker/db/chats';

/**
 * Whether the suite runs with its listings over several databases (tests/vitest.config.ts: four;
 * tests/vitest.one-db.config.ts: one, as a deployment without LISTING_DATABASES). The same test
 * passes either way when it reaches ads through the helpers below rather than through `env.DB`.
 */
export const sharded = isSharded(env);

/** The database an ad lives in: `env.DB` with one listings database, its group's with several (decision 033). */
export const listingDb = (id: string): D1Database => listingDbForId(env, id);

/** Every listings database (just `env.DB` with one). */
export const listingDbs = (): D1Database[] => listingDatabases(env);

/** The path of the first listings sitemap that lists this ad: listings-0.xml, or listings-{database}-0.xml with several. */
export const sitemapOf = (id: string) => (sharded ? `/sitemaps/listings-${listingDbs().indexOf(listingDb(id))}-0.xml` : '/sitemaps/listings-0.xml');

/** A seller's live-ad count as the cards show it: the core's with one database, the cards' beside their ads summed with several. */
export const sellerLiveAds = async (userId: string) =>
  (await onListingDbs<{ live_ads: number }>('SELECT live_ads FROM users WHERE id = ?', userId)).reduce((n, r) => n + r.live_ads, 0);

/** Runs one statement on every listings database side by side; the rows of a read come back merged. */
export const onListingDbs = async <T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]> =>
  (await Promise.all(listingDbs().map((db) => db.prepare(sql).bind(...params).all<T>()))).flatMap((r) => r.results);

/**
 * Whether the suite runs with the accounts over several databases (tests/vitest.config.ts: four;
 * tests/vitest.one-db.config.ts: one). Per-user rows (favourites, cart lines …: ACCOUNT_TABLES in
 * worker/db/accounts.ts) live in their user's group's database (decision 034); a test writes and
 * reads them through the helpers below, which ask the worker's own `accountsDbForUser`.
 */
export const accountsApart = accountsSplit(env);

/** The database holding this user's per-user rows: `env.DB` with one accounts database, their group's with several. */
export const accountsDb = (userId: string): D1Database => accountsDbForUser(env, userId);

/** Every accounts database (just `env.DB` with one). */
export const accountsDbs = (): D1Database[] => accountsDatabases(env);

/** Runs one statement on every accounts database side by side; the rows of a read come back merged. */
export const onAccountsDbs = async <T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]> =>
  (await Promise.all(accountsDbs().map((db) => db.prepare(sql).bind(...params).all<T>()))).flatMap((r) => r.results);

/**
 * The ONE place the factories decide where a user's `users` row goes: the worker's own choice
 * (worker/db/users.ts): the core until `USERS_WITH_ACCOUNTS` is set, then the user's accounts database.
 */
export const userRowsDb = (userId: string): D1Database => usersDbFor(env as unknown as UsersEnv, userId);

/**
 * One statement on every database holding `users` rows (the core, or with the users switch on every
 * accounts database), side by side, the rows merged: for an account found by e-mail or phone.
 */
export const onUserDbs = async <T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]> =>
  (await Promise.all(usersDatabases(env as unknown as UsersEnv).map((db) => db.prepare(sql).bind(...params).all<T>()))).flatMap((r) => r.results);

/** Where a user's sessions live: their accounts database (decision 034; `DB` with one). */
export const sessionsDb = (userId: string): D1Database => accountsDb(userId);

/**
 * Where a phone's OTP challenges live: the database of the phone's directory row
 * (worker/db/identifiers.ts; `DB` with one accounts database). `phone` as the worker stores it (ten digits).
 */
export const otpDb = async (phone: string): Promise<D1Database> => directoryDb(env, await identifierHash({ kind: 'phone', value: phone }));

/** Whether the conversations' rows live in their buyers' accounts databases (the conversations' switch). */
export const chatsApart = chatsWithAccounts(env as unknown as ChatsEnv);

/**
 * Where the worker keeps a conversation's `chats` row (worker/db/chats.ts): the core, or with the
 * conversations' switch on its buyer's accounts database (an id from before the tag needs the buyer).
 * Fixtures that write or read the row straight in SQL go there.
 */
export const chatDb = (chatId: string, buyerId?: string): D1Database => {
  const db = chatDbFor(env as unknown as ChatsEnv, chatId, buyerId);
  if (!db) throw new Error(`chatDb: ${chatId} names no database; give its buyer`);
  return db;
};

/**
 * The members' chat list rows of conversations a test wrote straight into `chats` (these ids, or every
 * conversation there), as opening a conversation and the room's commits write them (decision 034: with
 * several accounts databases the chat list and its readers read these rows); nothing with one accounts
 * database, where the core's row is the list. Read from the core and, with the conversations' switch
 * on, from the buyers' databases too (a row in both: the buyer's, where the worker keeps it). Call it
 * after the test's last write to the conversations' rows: an existing member row keeps its creation time.
 */
export const addChatMemberRows = async (chatIds?: readonly string[]) => {
  if (!accountsApart || chatIds?.length === 0) return;
  const homes = chatsApart ? [env.DB, ...accountsDatabases(env)] : [env.DB];
  const found = await Promise.all(
    homes.map((db) =>
      (chatIds
        ? db.prepare(`SELECT ${CONVERSATION_COLUMNS} FROM chats WHERE id IN (SELECT value FROM json_each(?1))`).bind(JSON.stringify(chatIds))
        : db.prepare(`SELECT ${CONVERSATION_COLUMNS} FROM chats`)
      ).all<ConversationState>(),
    ),
  );
  const byId = new Map(found.flatMap((r) => r.results).map((c) => [c.id, c]));
  await writeMemberRows(env, [...byId.values()].flatMap(memberRowsOf));
};

/** A favourite written where the worker reads it: the buyer's accounts database. */
export const favouriteStatement = (userId: string, listingId: string, createdAt = Date.now()) =>
  accountsDb(userId).prepare('INSERT INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(userId, listingId, createdAt);
export const addFavourite = (userId: string, listingId: string, createdAt = Date.now()) => favouriteStatement(userId, listingId, createdAt).run();

/** A cart line written where the worker reads it: the user's accounts database. */
export const addCartLine = (userId: string, packageId: string, quantity: number, addedAt = Date.now()) =>
  accountsDb(userId).prepare('INSERT INTO cart_items (user_id, package_id, quantity, added_at) VALUES (?, ?, ?, ?)').bind(userId, packageId, quantity, addedAt).run();

let counter = 0;
const next = () => ++counter;

export interface UserOverrides {
  id?: string;
  firstName?: string;
  lastName?: string;
  email?: string | null;
  phone?: string | null;
  businessName?: string | null;
  isVerified?: boolean;
  /** a phone number confirmed by OTP (as sign-up or sign-in by OTP records it) */
  phoneVerified?: boolean;
  status?: string;
  createdAt?: number;
}

export const createUser = async (o: UserOverrides = {}) => {
  const n = next();
  const user = {
    // tagged with a random group, as sign-up makes them, so a suite's accounts spread over every accounts database
    id: o.id ?? newUserId(),
    firstName: o.firstName ?? 'Test',
    lastName: o.lastName ?? `User${n}`,
    email: o.email === undefined ? `test.user${n}.${Date.now()}@example.in` : o.email,
    phone: o.phone === undefined ? null : o.phone,
    businessName: o.businessName ?? null,
    isVerified: o.isVerified ?? false,
    phoneVerified: o.phoneVerified ?? false,
    status: o.status ?? 'ACTIVE',
    createdAt: o.createdAt ?? Date.UTC(2024, 0, 15),
  };
  await userRowsDb(user.id).prepare(
    `INSERT INTO users (id, email, username, first_name, last_name, business_name, phone, is_verified, phone_verified, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(user.id, user.email, `user${n}`, user.firstName, user.lastName, user.businessName, user.phone, user.isVerified ? 1 : 0, user.phoneVerified ? 1 : 0, user.status, user.createdAt, user.createdAt)
    .run();
  // with `users` in the accounts databases sign-in finds an account by its identifiers through the
  // directory alone (decision 034), as sign-up leaves it: the account's e-mail and phone claimed there
  if (usersWithAccounts(env as unknown as UsersEnv)) {
    for (const id of identifiersOf({ email: user.email, phone: user.phone })) {
      const hash = await identifierHash(id);
      await directoryDb(env, hash).prepare('INSERT INTO identifiers (kind, value_hash, user_id, created_at) VALUES (?, ?, ?, ?)').bind(id.kind, hash, user.id, user.createdAt).run();
    }
  }
  return user;
};

export interface ListingOverrides {
  id?: string;
  title?: string;
  description?: string;
  price?: number;
  condition?: 'NEW' | 'USED' | 'REFURBISHED';
  categoryId?: string;
  subcategoryId?: string | null;
  /** a city name that exists in the locations table, e.g. 'Bengaluru' */
  city?: string;
  area?: string;
  features?: Record<string, unknown>;
  status?: string;
  isFeatured?: boolean;
  views?: number;
  createdAt?: number;
  /** decision 019; unset leaves it null (an ad that never expires), as for rows written before expiries */
  expiresAt?: number;
  images?: string[];
}

const placeFor = async (cityName: string, areaName?: string) => {
  const city = await env.DB.prepare(`SELECT id, name, parent_id, state FROM locations WHERE kind = 'city' AND name = ?`)
    .bind(cityName)
    .first<{ id: number; name: string; parent_id: number; state: string }>();
  if (!city) throw new Error(`test factory: no city ${cityName}`);
  const area = areaName
    ? await env.DB.prepare(`SELECT id, name FROM locations WHERE kind = 'area' AND parent_id = ? AND name = ?`).bind(city.id, areaName).first<{ id: number; name: string }>()
    : null;
  if (areaName && !area) throw new Error(`test factory: no area ${areaName} in ${cityName}`);
  return { city, area };
};

/**
 * An ad written straight into its database. With several listings databases it goes where posting
 * puts it (decision 033): a tagged id (unless the test names one; an untagged id lives in database
 * 0), the seller's public card beside it, photo rows in the core and copied beside the ad.
 */
export const createListing = async (user: { id: string }, o: ListingOverrides = {}) => {
  const n = next();
  const title = o.title ?? `Test listing ${n}`;
  const { city, area } = await placeFor(o.city ?? 'Bengaluru', o.area);
  const id = (o.id ?? tagListingId(env, ulid(), city.parent_id)).toLowerCase();
  const db = listingDb(id);
  if (sharded) await sellerCardStatement(db, await sellerCard(env, user.id)).run();
  const location = [area?.name, city.name, city.state].filter(Boolean).join(', ');
  const categoryId = o.categoryId ?? 'vehicles';
  const subcategoryId = o.subcategoryId === undefined ? 'vehicles-cars' : o.subcategoryId;
  const features = o.features ?? {};
  const createdAt = o.createdAt ?? Date.now() - n * 60_000;
  const slug = `${slugify(subcategoryId ?? categoryId)}-c84-${slugify(title)}-in-${slugify(city.name)}-iid-${id}`;
  await db.prepare(
    `INSERT INTO listings (id, slug, user_id, title, description, price_minor, currency, condition, category_id, subcategory_id,
       location, state_id, city_id, area_id, latitude, longitude, features, brand, status, is_featured, views, created_at, updated_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, 'INR', ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id, slug, user.id, title, o.description ?? `A well kept item, ${title.toLowerCase()}, available for pickup.`,
      Math.round((o.price ?? 10_000) * 100), o.condition ?? 'USED', categoryId, subcategoryId, location, city.parent_id, city.id,
      area?.id ?? null, JSON.stringify(features), typeof features.brand === 'string' ? features.brand.toLowerCase() : null,
      o.status ?? 'APPROVED', o.isFeatured ? 1 : 0, o.views ?? 0, createdAt, createdAt, o.expiresAt ?? null,
    )
    .run();
  for (const [position, key] of (o.images ?? []).entries()) {
    const mediaId = `med_${ulid().toLowerCase()}`;
    // the core keeps every photo row; with several databases the ad's database holds a copy
    for (const target of sharded ? [env.DB, db] : [env.DB]) {
      await target.prepare(
        `INSERT INTO media (id, owner_id, listing_id, r2_key, content_type, bytes, position, created_at) VALUES (?, ?, ?, ?, 'image/jpeg', 100, ?, ?)`,
      )
        .bind(mediaId, user.id, id, key, position, createdAt)
        .run();
    }
  }
  return { id, slug, title, userId: user.id };
};

/** A user plus a valid bearer token, without going through the (deliberately slow) password hash. */
export const createUserWithToken = async (o: UserOverrides = {}) => {
  const { signToken } = await import('../../worker/lib/jwt');
  const user = await createUser(o);
  const sid = `ses_${ulid().toLowerCase()}`;
  await sessionsDb(user.id).prepare('INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').bind(sid, user.id, Date.now(), Date.now() + 86_400_000).run();
  const token = await signToken(env, { sub: user.id, sid, tv: 0 });
  return { ...user, token, auth: { authorization: `Bearer ${token}` } };
};

/** A fresh token for an existing user, e.g. after time travel beyond the 7-day token life. */
export const freshAuth = async (userId: string) => {
  const { signToken } = await import('../../worker/lib/jwt');
  const sid = `ses_${ulid().toLowerCase()}`;
  await sessionsDb(userId).prepare('INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').bind(sid, userId, Date.now(), Date.now() + 86_400_000).run();
  return { authorization: `Bearer ${await signToken(env, { sub: userId, sid, tv: 0 })}` };
};

let phoneSeq = 0;
/** A unique Indian mobile number for a test account (6–9 first digit, as the sign-up form requires). */
export const uniquePhone = () => `7${String((Date.now() % 1e5) * 1e4 + (++phoneSeq % 1e4)).padStart(9, '0')}`;

/**
 * A user who confirmed a phone number by OTP, with a token. The account is as old as the factory
 * default (January 2024) unless `createdAt` says otherwise: old enough for its reports to count.
 */
export const createPhoneUserWithToken = (o: UserOverrides = {}) => createUserWithToken({ phone: uniquePhone(), phoneVerified: true, isVerified: true, ...o });

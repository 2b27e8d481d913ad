/**
 * Accounts' own rows spread over several D1 databases (decision 034). With one accounts database
 * (the default) that database is `DB` itself and nothing here changes what a request does: every
 * read and write of the moved tables goes to `env.DB`, with the same SQL as before.
 *
 * With N > 1 (`ACCOUNTS_DATABASES = "N"` and bindings `ACCOUNTS_0` … `ACCOUNTS_{N-1}`) a user's rows
 * of the moved tables (`ACCOUNT_TABLES`) live in the database of the group their id names
 * (worker/schemas/accounts-shards-data.ts), so a signed-in request finds them from the JWT's user
 * id alone. `users` itself stays in the core for now.
 */

import { ulid } from '../lib/ulid';
import { ACCOUNT_GROUPS, ACCOUNTS_LAYOUTS, GROUP_OF_UNTAGGED_ACCOUNTS } from '../schemas/accounts-shards-data';

/** The accounts bindings a deployment may declare (as many as the largest layout, thirty-six). */
export const ACCOUNTS_BINDINGS = Array.from({ length: 36 }, (_, i) => `ACCOUNTS_${i}` as const);
export type AccountsBinding = `ACCOUNTS_${number}`;

export type AccountsEnv = { DB: D1Database; ACCOUNTS_DATABASES?: string } & { [binding: AccountsBinding]: D1Database | undefined };

/**
 * The tables that live with their user when there are several accounts databases. Everything else
 * (including `users`) stays in the core. Every database carries the same migrations, so these
 * tables exist, empty, in the core too.
 */
export const ACCOUNT_TABLES = [
  'favorites',
  'cart_items',
  // by subscriber: the Web Push sender reads them by recipient, that is by user
  'push_subscriptions',
  // kept by the user's inbox object; fan-outs and the chat room read it by recipient
  'inbox_presence',
  // the inbox object's D1 fallback (decision 032): written and read back by the user's inbox
  'notifications',
  // by blocker: "did B block A" reads B's database
  'user_blocks',
  // by viewer: the plan's phone-number limit is a count of the viewer's rows, one statement in one database
  'phone_access_log',
  // by user: sign-in writes the row, logout-all counts and removes them, the hourly sweep walks every database
  'sessions',
  // by buyer: the 50-search limit is a count of the buyer's rows, one conditional statement in one database
  'saved_searches',
  // the compiled queries the searches of ONE database share (each database numbers its own): beside
  // the searches that point at them, so a save stays one batch
  'saved_search_matchers',
  // by shared query, so beside it: newCount and the digest join them with the buyer's searches; the
  // alert consumer reads matchers by ad from every database side by side and writes each match there
  'saved_query_matches',
  // by payer: a plan's order and its subscription, so paying activates both in one batch in one database
  'subscriptions',
  'payment_orders',
  // by seller: a seller-package order; paying takes its invoice number in the core (`invoice_numbers`,
  // beside the gapless counter) and then marks it paid here (services/commerce/business-orders.ts)
  'business_orders',
  // by seller, together: the credits and the posting records and promotions that use them, so the
  // free-ad limit and the credit check stay one conditional statement in one database; paying grants
  // the credits beside the order marked paid (services/commerce/business.ts)
  'seller_credits',
  'ad_postings',
  'listing_promotions',
  // by member: each member's chat list row of a conversation (the core's `chats` row stays its directory)
  'chat_members',
] as const;

/**
 * Spread with the order they are about: a webhook event naming a plan's order is recorded in its
 * payer's database (so a repeat of the event meets its first copy there), any other in the core,
 * beside the invoice numbers of the seller-package orders it pays.
 */
export const BESIDE_ORDER_TABLES = ['payment_events'] as const;

/**
 * Tables spread over the accounts databases by something other than the user: the identifier
 * directory and a phone's OTP challenges live in the database of the identifier's hash
 * (worker/db/identifiers.ts).
 */
export const DIRECTORY_TABLES = ['identifiers', 'otp_challenges'] as const;


/**
 * How many accounts databases the deployment runs: 1 unless configured. A value with no layout,
 * or a missing binding, is a deployment mistake: it fails loudly rather than reading a user's rows
 * from the wrong place.
 */
export const accountsDatabaseCount = (env: AccountsEnv): number => {
  const raw = env.ACCOUNTS_DATABASES;
  if (raw === undefined || raw === '' || raw === '1') return 1;
  const n = Number(raw);
  if (!ACCOUNTS_LAYOUTS[n]) throw new Error(`ACCOUNTS_DATABASES=${raw} has no layout in accounts-shards-data.ts (have: ${Object.keys(ACCOUNTS_LAYOUTS).join(', ')})`);
  for (let i = 0; i < n; i++) if (!env[`ACCOUNTS_${i}`]) throw new Error(`ACCOUNTS_DATABASES=${n} needs the D1 binding ACCOUNTS_${i}`);
  return n;
};

export const accountsSplit = (env: AccountsEnv) => accountsDatabaseCount(env) > 1;

/** `usr_` + a lower-case ULID (26) + the group's character. */
const TAGGED_USER_ID = /^usr_[0-9a-hjkmnp-tv-z]{26}([0-9a-z])$/;

/**
 * The demo seed's accounts (scripts/seed/users.ts): `usr_demo_<number>_<group>`, so a seed over
 * several accounts databases spreads them as sign-up spreads real ones. Never made by sign-up.
 */
const DEMO_USER_ID = /^usr_demo_[0-9]+_([0-9a-z])$/;

/** The group a user id names; ids without one (accounts from before the split, the demo seed's older `usr_demo_NN`) are group 0. */
export const groupOfUserId = (userId: string): string => (TAGGED_USER_ID.exec(userId) ?? DEMO_USER_ID.exec(userId))?.[1] ?? GROUP_OF_UNTAGGED_ACCOUNTS;

/**
 * A new account's id: its ULID and a group drawn uniformly at random. Tagged with one database too,
 * so growing from one database later moves whole groups instead of leaving every account made until
 * then in group 0's database (an account's id cannot change: it is in its ads, chats and tokens).
 */
export const newUserId = (): string => `usr_${ulid().toLowerCase()}${randomGroup()}`;

/** One of the 36 groups, uniformly: bytes of 252 and above are drawn again (252 = 7 × 36), so no group is favoured. */
const randomGroup = (): string => {
  const bytes = new Uint8Array(8);
  for (;;) {
    crypto.getRandomValues(bytes);
    for (const b of bytes) if (b < 252) return ACCOUNT_GROUPS[b % 36]!;
  }
};

/** The database index that holds a group, for N databases. */
export const accountsDatabaseOfGroup = (n: number, group: string): number => {
  if (n === 1) return 0;
  const at = ACCOUNTS_LAYOUTS[n]?.findIndex((groups) => groups.includes(group)) ?? -1;
  if (at < 0) throw new Error(`accounts group ${group} has no database in the layout for ${n}`);
  return at;
};

/**
 * Every accounts database by index, read through the request's sessions when the request has them
 * (worker/db/session.ts puts them on the request's env in place of the bindings). With one, `DB`.
 */
export const accountsDatabases = (env: AccountsEnv): D1Database[] => {
  const n = accountsDatabaseCount(env);
  if (n === 1) return [env.DB];
  return ACCOUNTS_BINDINGS.slice(0, n).map((b) => env[b]!);
};

/** The database holding an accounts group (with one accounts database, `DB`). */
export const accountsDbOfGroup = (env: AccountsEnv, group: string): D1Database => {
  const n = accountsDatabaseCount(env);
  if (n === 1) return env.DB;
  return env[`ACCOUNTS_${accountsDatabaseOfGroup(n, group)}`]!;
};

/** The database holding this user's rows of the moved tables. */
export const accountsDbForUser = (env: AccountsEnv, userId: string): D1Database => accountsDbOfGroup(env, groupOfUserId(userId));

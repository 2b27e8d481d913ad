/**
 * Listings spread over several D1 databases (decision 033). With one listings database (the
 * default) that database is `DB` itself and nothing here changes what a request does: ids keep
 * their plain form and every listings read goes to `env.DB`.
 *
 * With N > 1 (`LISTING_DATABASES = "N"` and bindings `LISTINGS_0` … `LISTINGS_{N-1}`) an ad lives
 * in the database of its state's group (worker/schemas/listing-shards-data.ts) and its id ends in
 * that group's digit, so a read by id or slug goes straight to its database.
 */

import { GROUP_WITHOUT_STATE, SHARD_LAYOUTS, STATE_GROUPS } from '../schemas/listing-shards-data';

/** The listings bindings a deployment may declare (the largest layout has ten). */
export const LISTINGS_BINDINGS = ['LISTINGS_0', 'LISTINGS_1', 'LISTINGS_2', 'LISTINGS_3', 'LISTINGS_4', 'LISTINGS_5', 'LISTINGS_6', 'LISTINGS_7', 'LISTINGS_8', 'LISTINGS_9'] as const;
export type ListingsBinding = (typeof LISTINGS_BINDINGS)[number];

export type ShardEnv = { DB: D1Database; LISTING_DATABASES?: string } & Partial<Record<ListingsBinding, D1Database>>;

const groupOfStateId = new Map<number, number>(STATE_GROUPS.flatMap((g) => g.states.map((s) => [s.id, g.group] as const)));

/**
 * How many listings databases the deployment runs: 1 unless configured. A value with no layout,
 * or a missing binding, is a deployment mistake: it fails loudly rather than putting ads in the
 * wrong place.
 */
export const listingDatabaseCount = (env: ShardEnv): number => {
  const raw = env.LISTING_DATABASES;
  if (raw === undefined || raw === '' || raw === '1') return 1;
  const n = Number(raw);
  if (!SHARD_LAYOUTS[n]) throw new Error(`LISTING_DATABASES=${raw} has no layout in listing-shards-data.ts (have: ${Object.keys(SHARD_LAYOUTS).join(', ')})`);
  for (let i = 0; i < n; i++) if (!env[LISTINGS_BINDINGS[i]!]) throw new Error(`LISTING_DATABASES=${n} needs the D1 binding ${LISTINGS_BINDINGS[i]}`);
  return n;
};

export const isSharded = (env: ShardEnv) => listingDatabaseCount(env) > 1;

/** The group of a state (locations.id); ads without a state go to GROUP_WITHOUT_STATE. */
export const groupOfState = (stateId: number | null | undefined): number =>
  stateId === null || stateId === undefined ? GROUP_WITHOUT_STATE : (groupOfStateId.get(stateId) ?? GROUP_WITHOUT_STATE);

/** The database index that holds a group, for N databases. */
export const databaseOfGroup = (n: number, group: number): number => {
  if (n === 1) return 0;
  const at = SHARD_LAYOUTS[n]?.findIndex((groups) => groups.includes(group)) ?? -1;
  if (at < 0) throw new Error(`group ${group} has no database in the layout for ${n}`);
  return at;
};

/** A plain listing id is a lower-case ULID (26 characters); a sharded one adds its group's digit. */
const PLAIN_ID = /^[0-9a-hjkmnp-tv-z]{26}$/;
const TAGGED_ID = /^([0-9a-hjkmnp-tv-z]{26})([0-9])$/;

/** A new ad's id: the plain ULID with one database, the ULID and its group's digit with several. */
export const tagListingId = (env: ShardEnv, ulid: string, stateId: number | null | undefined): string =>
  isSharded(env) ? `${ulid.toLowerCase()}${groupOfState(stateId)}` : ulid.toLowerCase();

/**
 * The group an id names; null for an id without a tag (an ad from before sharding, or anything
 * that is not a listing id at all).
 */
export const groupOfListingId = (id: string): number | null => {
  const m = TAGGED_ID.exec(id.toLowerCase());
  return m ? Number(m[2]) : null;
};

export const isListingIdShape = (id: string) => PLAIN_ID.test(id.toLowerCase()) || TAGGED_ID.test(id.toLowerCase());

/**
 * The listings database of every index, read through the request's sessions when the request has
 * them (worker/db/session.ts puts them on the request's env in place of the bindings).
 */
export const listingDatabases = (env: ShardEnv): D1Database[] => {
  const n = listingDatabaseCount(env);
  if (n === 1) return [env.DB];
  return LISTINGS_BINDINGS.slice(0, n).map((b) => env[b]!);
}

/** The database an ad with this id lives in. An untagged id reads database 0 (decision 033). */
export const listingDbForId = (env: ShardEnv, id: string): D1Database => {
  const n = listingDatabaseCount(env);
  if (n === 1) return env.DB;
  const group = groupOfListingId(id);
  return env[LISTINGS_BINDINGS[group === null ? 0 : databaseOfGroup(n, group)]!]!;
};

/** The database of a state's ads (posting, a search narrowed to a state or a city in it). */
export const listingDbForState = (env: ShardEnv, stateId: number | null | undefined): D1Database => {
  const n = listingDatabaseCount(env);
  if (n === 1) return env.DB;
  return env[LISTINGS_BINDINGS[databaseOfGroup(n, groupOfState(stateId))]!]!;
};

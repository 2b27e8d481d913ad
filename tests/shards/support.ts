import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { databaseOfGroup, groupOfState } from '../../worker/db/shards';
import { sellerCardStatement } from '../../worker/services/listings/shard-writes';
import { slugify } from '../../worker/schemas/taxonomy';

/** The four listings databases of the shards suite (tests/vitest.shards.config.ts), by index. */
export const listingsDbs = [env.LISTINGS_0!, env.LISTINGS_1!, env.LISTINGS_2!, env.LISTINGS_3!];

/** The four databases' names, as the view counter and the checker name them. */
export const LISTINGS_NAMES = ['LISTINGS_0', 'LISTINGS_1', 'LISTINGS_2', 'LISTINGS_3'] as const;

let n = 0;

export interface ShardAdOptions {
  /** a city name in the locations table; its state decides the database */
  city?: string;
  title?: string;
  price?: number;
  status?: string;
  categoryId?: string;
  subcategoryId?: string | null;
  views?: number;
  createdAt?: number;
  updatedAt?: number;
  expiresAt?: number | null;
  features?: Record<string, unknown>;
}

/**
 * An ad written straight into its state's listings database with its seller's card, as posting
 * leaves it (decision 033): the id ends in the group's digit. Cheaper than posting through the API,
 * and it lets a test set the clock fields (expiry, times) the jobs read.
 */
export const shardAd = async (seller: { id: string }, o: ShardAdOptions = {}) => {
  const i = ++n;
  const city = await env.DB.prepare(`SELECT id, name, parent_id, state FROM locations WHERE kind = 'city' AND name = ?`)
    .bind(o.city ?? 'Bengaluru')
    .first<{ id: number; name: string; parent_id: number; state: string }>();
  if (!city) throw new Error(`no city ${o.city}`);
  const group = groupOfState(city.parent_id);
  const index = databaseOfGroup(4, group);
  const db = listingsDbs[index]!;
  const id = `${ulid().toLowerCase()}${group}`;
  const title = o.title ?? `Shard test ad ${i}`;
  const categoryId = o.categoryId ?? 'vehicles';
  const subcategoryId = o.subcategoryId === undefined ? 'vehicles-cars' : o.subcategoryId;
  const createdAt = o.createdAt ?? Date.now() - i * 60_000;
  const card = await env.DB.prepare('SELECT id, username, first_name, last_name, business_name, avatar, is_verified, created_at, updated_at FROM users WHERE id = ?')
    .bind(seller.id)
    .first<Parameters<typeof sellerCardStatement>[1]>();
  if (!card) throw new Error(`no user ${seller.id}`);
  await db.batch([
    sellerCardStatement(db, card),
    db
      .prepare(
        `INSERT INTO listings (id, slug, user_id, title, description, price_minor, currency, condition, category_id, subcategory_id,
           location, state_id, city_id, features, brand, status, views, created_at, updated_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, 'INR', 'USED', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        `${slugify(subcategoryId ?? categoryId)}-c84-${slugify(title)}-in-${slugify(city.name)}-iid-${id}`,
        seller.id,
        title,
        `A well kept item, ${title.toLowerCase()}, available for pickup.`,
        Math.round((o.price ?? 10_000) * 100),
        categoryId,
        subcategoryId,
        `${city.name}, ${city.state}`,
        city.parent_id,
        city.id,
        JSON.stringify(o.features ?? {}),
        typeof o.features?.brand === 'string' ? o.features.brand.toLowerCase() : null,
        o.status ?? 'APPROVED',
        o.views ?? 0,
        createdAt,
        o.updatedAt ?? createdAt,
        o.expiresAt ?? null,
      ),
  ]);
  return { id, db, index, cityId: city.id, stateId: city.parent_id, userId: seller.id, title };
};

import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { databaseOfGroup, groupOfState } from '../../worker/db/shards';
import { sellerCardStatement } from '../../worker/services/listings/shard-writes';
import { slugify } from '../../worker/schemas/taxonomy';
import type { ListingOverrides } from '../factories';

/**
 * Ads written straight into their listings database of four (decision 033), as posting leaves
 * them: a tagged id, the seller's public card beside the ad, the photo rows copied. Cheaper than
 * posting through the API when a test only needs ads to exist in a given group of states.
 */
export const listingsDbs = [env.LISTINGS_0!, env.LISTINGS_1!, env.LISTINGS_2!, env.LISTINGS_3!];

let counter = 0;

const cityRow = (cityName: string) =>
  env.DB.prepare(`SELECT id, name, parent_id, state FROM locations WHERE kind = 'city' AND name = ?`).bind(cityName).first<{ id: number; name: string; parent_id: number; state: string }>();

/** What a shard ad may set beyond the one-database factory's: its last change, and an expiry left unset (null). */
export type ShardListingOverrides = Omit<ListingOverrides, 'expiresAt'> & { expiresAt?: number | null; updatedAt?: number };

export const createShardListing = async (user: { id: string }, o: ShardListingOverrides = {}) => {
  const n = ++counter;
  const city = await cityRow(o.city ?? 'Bengaluru');
  if (!city) throw new Error(`shard factory: no city ${o.city}`);
  const group = groupOfState(city.parent_id);
  const database = databaseOfGroup(4, group);
  const db = listingsDbs[database]!;
  const id = o.id ?? `${ulid().toLowerCase()}${group}`;
  const title = o.title ?? `Shard listing ${n}`;
  const categoryId = o.categoryId ?? 'vehicles';
  const subcategoryId = o.subcategoryId === undefined ? 'vehicles-cars' : o.subcategoryId;
  const features = o.features ?? {};
  const createdAt = o.createdAt ?? Date.now() - n * 60_000;
  const slug = `${slugify(subcategoryId ?? categoryId)}-c84-${slugify(title)}-in-${slugify(city.name)}-iid-${id}`;
  const card = await env.DB.prepare('SELECT id, username, first_name, last_name, business_name, avatar, is_verified, created_at, updated_at FROM users WHERE id = ?')
    .bind(user.id)
    .first<Parameters<typeof sellerCardStatement>[1]>();
  if (!card) throw new Error(`shard factory: no user ${user.id}`);
  await db.batch([
    // the seller's public card beside the ad, written by the statement posting uses
    sellerCardStatement(db, card),
    db
      .prepare(
        `INSERT INTO listings (id, slug, user_id, title, description, price_minor, currency, condition, category_id, subcategory_id,
           location, state_id, city_id, features, brand, status, is_featured, views, created_at, updated_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, 'INR', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        id, slug, user.id, title, o.description ?? `A well kept item, ${title.toLowerCase()}, available for pickup.`,
        Math.round((o.price ?? 10_000) * 100), o.condition ?? 'USED', categoryId, subcategoryId, `${city.name}, ${city.state}`, city.parent_id, city.id,
        JSON.stringify(features), typeof features.brand === 'string' ? features.brand.toLowerCase() : null,
        o.status ?? 'APPROVED', o.isFeatured ? 1 : 0, o.views ?? 0, createdAt, o.updatedAt ?? createdAt, o.expiresAt ?? null,
      ),
    ...(o.images ?? []).map((key, position) =>
      db.prepare(`INSERT INTO media (id, owner_id, listing_id, r2_key, content_type, bytes, position, state, created_at) VALUES (?, ?, ?, ?, 'image/jpeg', 100, ?, 'READY', ?)`)
        .bind(`med_${ulid().toLowerCase()}`, user.id, id, key, position, createdAt),
    ),
  ]);
  return { id, slug, title, userId: user.id, database, group, db, index: database, cityId: city.id, stateId: city.parent_id };
};

import { ulid } from '../../lib/ulid';
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { invalidateListingCaches } from '../../lib/cache';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { Listing } from '../../schemas/listings';
import {
  ENUM_FEATURES,
  STATUS_TRANSITIONS,
  missingDetails,
  sellerPhone,
  type CreateListingInput,
  type UpdateListingInput,
} from '../../schemas/selling';
import { slugify } from '../../schemas/taxonomy';
import { resolveCategory } from './catalog';
import { loadLocations, normaliseName, resolveLocation } from './locations';
import { LISTING_COLUMNS, LISTING_JOINS, getListing, hydrate, type ListingRow } from './listings';
import { MEDIA_PREFIX } from '../photos/media';
import { moderationVerdict, verdictText } from '../trust/moderation';
import { render, textLanguage, type TextLanguage } from '../../schemas/notification-texts';
import { notify, notifyOnce } from '../notifications/notifications';
import { deleteObjectsIfUnused } from '../photos/uploads';
import { archiveDeleted } from './archive';
import { checkedPhotos, duplicateCheck, matchesFromStoredLookups, storedLookupStatements, MAX_WINDOW_STATEMENTS, type CheckedPhoto, type PhotoMatch } from '../photos/duplicate-photos';
import { listingBrand } from '../../schemas/brands';
import { POSTING_RECORDED, POSTING_RECORDED_AT, holdsPosting, limitGroupFor, reserveNewPosting, reservePosting, sellerDb, type LimitGroup } from '../commerce/business';
import { dispatchEvents, eventStatement } from '../alerts/events';
import { expiryFor, renewableFrom } from './lifecycle';
import { accountsDbForUser, accountsSplit } from '../../db/accounts';
import { usersDbFor } from '../../db/users';
import { groupOfListingId, groupOfState, isSharded, listingDatabases, listingDbForId, tagListingId } from '../../db/shards';
import { MOVING, finishMove, followMoves, moveInto, moveListing, type MoveRecord } from './shard-move';
import { dropLookupKeys, keepsSellerCards, listShardedFavorites, MEDIA_COPY_READ, photoCopyStatements, recordPostingAlone, sellerCard, sellerCardStatement, withdrawPosting, writeToShard, type MediaCopy } from './shard-writes';

/** A `listings` row as `SELECT *` reads it (the columns the services use). */
export interface StoredListing {
  num: number;
  id: string;
  user_id: string;
  title: string;
  description: string;
  price_minor: number;
  currency: string;
  condition: string;
  category_id: string;
  subcategory_id: string | null;
  location: string;
  state_id: number | null;
  city_id: number | null;
  area_id: number | null;
  latitude: number | null;
  longitude: number | null;
  features: string;
  status: string;
  /** decision 019 */
  expires_at: number | null;
  /** set while a moderator holds the ad, and kept after a moderator's rejection (decision 008) */
  held_reason: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  updated_at: number;
}

const NO_PERMISSION = 'You do not have permission to edit this listing';

/** The listing, if it exists and belongs to `userId`: 404 if missing, 403 if someone else's. */
const ownedListing = async (env: Env, userId: string, id: string) => {
  // the ad's own database (decision 033): with one database that is DB itself
  const read = (at: string) => listingDbForId(env, at).prepare('SELECT * FROM listings WHERE id = ?').bind(at.toLowerCase()).first<StoredListing>();
  // an ad moved to another group of states answers at its old id too (decision 033); a move
  // interrupted before its last step is finished here, before the seller's write applies
  // (the ad going live in its new place is news for saved searches there: its event is sent first)
  const finished = async (at: string, move: MoveRecord | null, sellerId: string) => {
    if (!move) return undefined;
    await dispatchEvents(env, [await finishMove(env, move, sellerId)]);
    return (await read(at)) ?? undefined;
  };
  const direct = await read(id);
  // by its new id while hidden: the move finished if it happened, else the copy is not the ad
  const row = direct
    ? direct.status === MOVING
      ? await finished(direct.id, await moveInto(env, direct.id), direct.user_id)
      : direct
    : await followMoves(env, id, async (at, move) => {
        const moved = await read(at);
        // reached by the old id: the seller's write finishes the move first (repeating it is harmless)
        return moved && moved.user_id === userId ? finished(at, move, moved.user_id) : (moved ?? undefined);
      });
  if (!row) throw notFound("The listing you're looking for doesn't exist or has been removed.", 'LISTING_NOT_FOUND');
  if (row.user_id !== userId) throw forbidden(NO_PERMISSION, 'NOT_OWNER');
  return row;
};

/** Category and subcategory by id or name, as the post form sends names. */
const resolveCategories = async (db: Db, categoryText: string, subcategoryText?: string) => {
  const resolved = await resolveCategory(db, categoryText, subcategoryText);
  if (!resolved?.category) throw badRequest(`Unknown category "${subcategoryText ? `${categoryText} / ${subcategoryText}` : categoryText}"`, 'UNKNOWN_CATEGORY');
  if (subcategoryText && !resolved.subcategory) throw badRequest(`Unknown subcategory "${subcategoryText}"`, 'UNKNOWN_CATEGORY');
  return { category: resolved.category, subcategory: resolved.subcategory };
};

interface Place {
  stateId: number;
  cityId: number | null;
  areaId: number | null;
  text: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Where the ad is: the post form sends state, city and neighbourhood (from our lists); the create
 * form sends one free-text location. Either must name a known place.
 */
const resolvePlace = async (db: Db, input: { location?: string; state?: string; city?: string; neighbourhood?: string }): Promise<Place> => {
  const index = await loadLocations(db);
  if (input.state || input.city) {
    const missing = [!input.state && 'State', !input.city && 'City'].filter(Boolean);
    if (missing.length) throw badRequest(`Please fill the following mandatory fields: ${missing.join(', ')}`, 'MISSING_FIELDS');
    const state = index.rows.find((r) => r.kind === 'state' && r.searchName === normaliseName(input.state!));
    if (!state) throw badRequest(`Unknown state "${input.state}"`, 'UNKNOWN_LOCATION');
    const cityKey = normaliseName(input.city!);
    const city = index.rows.find((r) => r.kind === 'city' && r.parentId === state.id && (r.searchName === cityKey || r.aliases.split(' ').includes(cityKey)));
    if (!city) throw badRequest(`Unknown city "${input.city}" in ${state.name}`, 'UNKNOWN_LOCATION');
    const areas = index.rows.filter((r) => r.kind === 'area' && r.parentId === city.id);
    let area: (typeof areas)[number] | undefined;
    if (input.neighbourhood) {
      area = areas.find((r) => r.searchName === normaliseName(input.neighbourhood!));
      if (!area && areas.length) throw badRequest(`Unknown neighbourhood "${input.neighbourhood}" in ${city.name}`, 'UNKNOWN_LOCATION');
    } else if (areas.length) {
      throw badRequest('Please fill the following mandatory fields: Neighbourhood', 'MISSING_FIELDS');
    }
    const extra = !area && input.neighbourhood ? input.neighbourhood.trim() : undefined;
    return {
      stateId: state.id,
      cityId: city.id,
      areaId: area?.id ?? null,
      text: [area?.name ?? extra, city.name, state.name].filter(Boolean).join(', '),
      latitude: area?.latitude ?? city.latitude,
      longitude: area?.longitude ?? city.longitude,
    };
  }
  if (!input.location || input.location.length < 2) throw badRequest('Location must be at least 2 characters', 'MISSING_FIELDS');
  const place = await resolveLocation(db, input.location);
  if (!place) throw badRequest(`We could not find "${input.location}". Choose a state, city or area from the list.`, 'UNKNOWN_LOCATION');
  const parent = (id: number | null) => (id === null ? undefined : index.byId.get(id));
  const area = place.kind === 'area' ? place : undefined;
  const city = place.kind === 'city' ? place : area ? parent(area.parentId) : undefined;
  const state = place.kind === 'state' ? place : parent(city?.parentId ?? null);
  if (!state) throw badRequest(`We could not find "${input.location}".`, 'UNKNOWN_LOCATION');
  return {
    stateId: state.id,
    cityId: city?.id ?? null,
    areaId: area?.id ?? null,
    text: [area?.name, city?.name, state.name].filter(Boolean).join(', '),
    latitude: place.latitude,
    longitude: place.longitude,
  };
};

type PhotoRow = { id: string; r2_key: string; phash: string | null; print: ArrayBuffer | null; looked?: number } & Partial<Omit<MediaCopy, 'id' | 'r2_key' | 'position'>>;

/** Statements per photo of the duplicate lookup run from its kept keys (the plain hash, one per frame). */
const LOOKUP_STATEMENTS = 1 + MAX_WINDOW_STATEMENTS;

/**
 * Photo URLs → this user's uploaded media rows, in order. Someone else's photo is refused.
 * `lookup`: the duplicate-photo lookup runs in the same read, from the keys kept with each photo at
 * upload (decision 022); `matches` is then what it found, or undefined when a hashed photo has no
 * kept keys (uploaded before they were kept: the caller looks it up from its row, as before).
 */
const resolvePhotos = async (env: Env, userId: string, urls: string[], listingId?: string, forCopy = false, lookup = false) => {
  const keys = urls.map((u) => {
    const at = u.indexOf(MEDIA_PREFIX);
    try {
      return decodeURIComponent(at >= 0 ? u.slice(at + MEDIA_PREFIX.length) : u);
    } catch {
      // malformed percent-encoding: not a URL we ever handed out
      throw badRequest('One of the photos was not uploaded by you or no longer exists. Please upload it again.', 'UNKNOWN_PHOTO');
    }
  });
  if (new Set(keys).size !== keys.length) throw badRequest('The same photo was added twice', 'DUPLICATE_PHOTO');
  // with each photo its stored hash and print, for the duplicate-photo check: one round trip, not two (decision 022)
  // `forCopy`: with the columns the ad's own listings database keeps a copy of (decision 033), so posting
  // there needs no read of them after the photos are attached
  const found = new Map<string, PhotoRow>();
  const lookups = new Map<string, D1Result<unknown>[]>();
  const now = Date.now();
  for (let i = 0; i < keys.length; i += 90) {
    const chunk = keys.slice(i, i + 90);
    const read = env.DB.prepare(
      `SELECT m.id, m.r2_key, m.phash, p.print${forCopy ? `, ${MEDIA_COPY_READ}` : ''}${lookup ? ', EXISTS (SELECT 1 FROM media_lookups lk WHERE lk.media_id = m.id) AS looked' : ''}
       FROM media m LEFT JOIN media_prints p ON p.media_id = m.id
       WHERE m.owner_id = ? AND m.r2_key IN (${chunk.map(() => '?').join(',')}) AND m.state = 'READY' AND (m.listing_id IS NULL OR m.listing_id = ?)`,
    ).bind(userId, ...chunk, listingId ?? '');
    if (!lookup) {
      for (const r of (await read.all<PhotoRow>()).results) found.set(r.r2_key, r);
      continue;
    }
    // the photos and, beside them in one batch, each one's duplicate lookup from its kept keys
    const [rows, ...answers] = await env.DB.batch<unknown>([read, ...chunk.flatMap((k) => storedLookupStatements(env, userId, k, listingId ?? '', now))]);
    for (const r of rows!.results as PhotoRow[]) found.set(r.r2_key, r);
    chunk.forEach((k, j) => lookups.set(k, answers.slice(j * LOOKUP_STATEMENTS, (j + 1) * LOOKUP_STATEMENTS)));
  }
  const missing = keys.filter((k) => !found.has(k));
  if (missing.length) throw badRequest('One of the photos was not uploaded by you or no longer exists. Please upload it again.', 'UNKNOWN_PHOTO');
  const rows = keys.map((k) => found.get(k)!);
  const hashes = checkedPhotos(rows);
  // complete only if every hashed photo had its keys: otherwise the caller runs the lookup from the rows
  const complete = lookup && rows.every((r) => r.phash === null || r.looked === 1);
  const matches = complete
    ? await matchesFromStoredLookups(
        env,
        rows.flatMap((r) => (r.phash === null ? [] : [{ photo: checkedPhotos([r])[0]!, results: lookups.get(r.r2_key) ?? [] }])),
        userId,
        now,
      )
    : undefined;
  return { ids: rows.map((r) => r.id), hashes, rows, matches };
};

/** Features as stored: trimmed, known enums checked, contact details kept out of public features. */
const cleanFeatures = (features: Record<string, unknown>) => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(features)) {
    if (/phone|sellername|^name$|^images$|^category$|^subcategory$/i.test(key)) continue;
    const v = typeof value === 'string' ? value.trim() : value;
    if (v === '' || v === null || v === undefined) continue;
    const allowed = ENUM_FEATURES[key];
    if (allowed && typeof v === 'string' && !allowed.includes(v)) throw badRequest(`${key} must be one of ${allowed.join(', ')}`, 'VALIDATION_ERROR');
    out[key] = v;
  }
  if (out.year !== undefined) {
    const year = Number(out.year);
    const max = new Date().getUTCFullYear() + 1;
    if (!Number.isInteger(year) || year < 1990 || year > max) throw badRequest(`Year must be between 1990 and ${max}`, 'VALIDATION_ERROR');
    out.year = year;
  }
  if (out.kmDriven !== undefined) {
    const km = Number(String(out.kmDriven).replace(/[^\d.]/g, ''));
    if (!Number.isFinite(km) || km < 0 || km > 2_000_000) throw badRequest('KM driven must be a number between 0 and 20,00,000', 'VALIDATION_ERROR');
    out.kmDriven = Math.round(km);
  }
  return out;
};

const buildSlug = (categorySlug: string, title: string, cityOrState: string, id: string) =>
  `${categorySlug}-c84-${slugify(title).slice(0, 80) || 'ad'}-in-${slugify(cityOrState) || 'india'}-iid-${id}`.replace(/-+/g, '-');

const placeSlugName = async (db: Db, place: Place) => {
  const index = await loadLocations(db);
  return index.byId.get(place.cityId ?? place.stateId)?.name ?? 'india';
};

interface Prepared {
  title: string;
  description: string;
  priceMinor: number;
  currency: string;
  condition: string;
  categoryId: string;
  subcategoryId: string | null;
  place: Place;
  features: Record<string, unknown>;
  contactName: string | null;
  contactPhone: string | null;
  photoIds: string[];
  /** the photos' stored hashes and prints, read with them */
  photoHashes: CheckedPhoto[];
  /** the photo rows as read (with the columns a listings database copies when `forCopy`) */
  photoRows: PhotoRow[];
  /** the duplicate lookup's findings when it ran in the photos' read (`lookup`) */
  photoMatches?: PhotoMatch[];
  categorySlug: string;
}

/** Everything create and update share: resolve names, check the family's required details, photos. */
const prepare = async (env: Env, db: Db, userId: string, input: CreateListingInput, listingId?: string, forCopy = false, lookup = false): Promise<Prepared> => {
  const { category, subcategory } = await resolveCategories(db, input.categoryId, input.subcategoryId);
  const place = await resolvePlace(db, input);
  const features = cleanFeatures(input.features);
  const missing = missingDetails(subcategory?.family ?? category.family, subcategory?.id, features);
  if (input.images.length === 0) missing.push('At least one photo');
  if (missing.length) throw badRequest(`Please fill the following mandatory fields: ${missing.join(', ')}`, 'MISSING_FIELDS');
  const phone = input.sellerPhone ? sellerPhone(input.sellerPhone) : undefined;
  if (input.sellerPhone && !phone) throw badRequest('Please fill the following mandatory fields: Phone (10 digits)', 'MISSING_FIELDS');
  const photos = await resolvePhotos(env, userId, input.images, listingId, forCopy, lookup);
  return {
    title: input.title,
    description: input.description,
    priceMinor: Math.round(input.price * 100),
    currency: input.currency,
    condition: input.condition,
    categoryId: category.id,
    subcategoryId: subcategory?.id ?? null,
    place: {
      ...place,
      latitude: input.latitude ?? place.latitude,
      longitude: input.longitude ?? place.longitude,
    },
    features,
    contactName: input.sellerName || null,
    contactPhone: phone ?? null,
    photoIds: photos.ids,
    photoHashes: photos.hashes,
    photoRows: photos.rows,
    photoMatches: photos.matches,
    categorySlug: subcategory?.slug ?? category.slug,
  };
};

/**
 * Posts an ad. What it waits on, in round trips to the database (decision 022): the photos (their
 * ownership, hashes and prints, and the duplicate-photo lookup from the keys kept with each photo at
 * upload, in one batch) side by side with the free-ad limit (limits, usage and paid slots in one
 * batch); then one write batch that also reads the ad back. A hashed photo without kept keys is looked
 * up from its row after the read (one round trip more, as before the keys were kept). The outbox dispatch runs after the answer (`after`; the relay backs
 * it up), as the price ranges' refresh does.
 */
export const createListing = async (
  env: Env,
  db: Db,
  userId: string,
  input: CreateListingInput,
  origin: string,
  after: (task: Promise<unknown>) => void = (task) => void task,
): Promise<Listing> => {
  const now = Date.now();
  // the limit's reads start at once, beside the photos'; their 402 only counts once the ad itself is
  // valid (a wrong field or someone else's photo is told first, as before)
  const { category, subcategory } = await resolveCategories(db, input.categoryId, input.subcategoryId);
  const sharded = isSharded(env);
  // with several listings databases the id names its state's group (decision 033)
  const id = sharded ? tagListingId(env, ulid(), (await resolvePlace(db, input)).stateId) : ulid().toLowerCase();
  const firstReservation = reserveNewPosting(env, db, userId, category.id, subcategory?.id ?? null, id, now);
  firstReservation.catch(() => undefined);
  // with several listings databases the seller's public card is copied into the ad's one: read
  // beside the limit and the photos, so the two write batches can run side by side (decision 033);
  // with one, into the core once `users` lives with the accounts (the account may have no core row)
  const card = keepsSellerCards(env) ? sellerCard(env, userId) : undefined;
  card?.catch(() => undefined);
  // the photos' duplicate lookup runs in their read, from the keys kept at upload (decision 022)
  const p = await prepare(env, db, userId, input, undefined, sharded, true);
  const verdict = moderationVerdict({ title: p.title, description: p.description, price: p.priceMinor / 100, categoryId: p.categoryId, features: p.features });
  const reason = verdict ? verdictText(verdict) : null;
  // the same photo in another seller's live ad: held for a moderator (a re-post of one's own ad is a 409, nothing stored)
  const { holdForDuplicates } = await duplicateCheck(
    env,
    { ownerId: userId, mediaIds: p.photoIds, photos: p.photoHashes, matches: p.photoMatches, categoryId: p.categoryId, subcategoryId: p.subcategoryId },
    origin,
  );
  const held = !reason && holdForDuplicates ? 'DUPLICATE_PHOTOS' : null;
  const brand = listingBrand(p.features, p.title);
  const slug = buildSlug(p.categorySlug, p.title, await placeSlugName(db, p.place), id);
  // The free-ad limit (or a paid slot) is settled before anything is stored: the posting row is
  // written first and every other write of the batch depends on it, so a lost race writes nothing
  // and is decided again (a slot may remain when a parallel post took the free ad).
  const { group, posting: firstPosting } = await firstReservation;
  // a live ad is news for saved searches: the event is written with the ad, in one batch (outbox)
  // (with several databases, in the ad's own database's batch: services/alerts/events.ts)
  const posted = reason || held ? undefined : eventStatement(env, id, 'posted', { sql: `SELECT 1 FROM listings WHERE id = ? AND status = 'APPROVED'`, params: [id] });
  let row: ListingRow | undefined;
  for (let attempt = 1; ; attempt++) {
    const posting = attempt === 1 ? firstPosting : await reservePosting(env, userId, group, id, now);
    const insert = (target: D1Database, guard: string) =>
      target.prepare(
        `INSERT INTO listings (id, slug, user_id, title, description, price_minor, currency, condition, category_id, subcategory_id, location,
           state_id, city_id, area_id, latitude, longitude, features, brand, status, reject_reason, held_reason, held_at, contact_name, contact_phone, is_featured, views, expires_at, created_at, updated_at)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?${guard ? ` WHERE ${guard}` : ''}`,
      ).bind(
        id,
        slug,
        userId,
        p.title,
        p.description,
        p.priceMinor,
        p.currency,
        p.condition,
        p.categoryId,
        p.subcategoryId,
        p.place.text,
        p.place.stateId,
        p.place.cityId,
        p.place.areaId,
        p.place.latitude,
        p.place.longitude,
        JSON.stringify(p.features),
        brand,
        reason ? 'REJECTED' : held ? 'PENDING' : 'APPROVED',
        reason,
        held,
        held ? now : null,
        p.contactName,
        p.contactPhone,
        // its category's lifetime from posting (decision 019); a held ad's restarts when a moderator lets it live
        expiryFor(p.categoryId, p.subcategoryId, now),
        now,
        now,
        ...(guard ? [id] : []),
      );
    if (sharded) {
      // the posting record and the photos in the core database, then the ad in its own (decision 033)
      const shard = listingDbForId(env, id);
      const shardRow = await writeToShard(env, { id, posting: posting.statement, card: (await card)!, photos: p.photoRows as MediaCopy[], shard, insert: insert(shard, ''), event: posted?.statement });
      if (shardRow === 'race-lost') {
        if (attempt === 3) throw await posting.onRaceLost();
        continue;
      }
      row = shardRow;
      break;
    }
    if (accountsSplit(env)) {
      // the posting record in the seller's accounts database (decision 034), beside the ad's batch
      // here, which cannot depend on it: one round trip, as with one accounts database
      const written = await writeBesidePosting(env, userId, id, posting.statement, [
        ...(card ? [sellerCardStatement(env.DB, await card)] : []),
        insert(env.DB, ''),
        ...p.photoIds.map((mediaId, position) => env.DB.prepare('UPDATE media SET listing_id = ?, position = ? WHERE id = ?').bind(id, position, mediaId)),
        dropLookupKeys(env.DB, p.photoIds, id, 'attached'),
        ...(posted ? [posted.statement] : []),
        env.DB.prepare(`SELECT ${LISTING_COLUMNS} FROM listings l ${LISTING_JOINS} WHERE l.id = ? LIMIT 1`).bind(id),
      ]);
      if (written === 'race-lost') {
        if (attempt === 3) throw await posting.onRaceLost();
        continue;
      }
      row = written;
      break;
    }
    const written = await env.DB.batch<unknown>([
      posting.statement,
      // the card before the ad, so the live-ads triggers find it (only with `users` apart from the core)
      ...(card ? [sellerCardStatement(env.DB, await card)] : []),
      insert(env.DB, POSTING_RECORDED),
      ...p.photoIds.map((mediaId, position) =>
        env.DB.prepare(`UPDATE media SET listing_id = ?, position = ? WHERE id = ? AND ${POSTING_RECORDED}`).bind(id, position, mediaId, id),
      ),
      // a posted photo's lookup keys have served (edits look photos up from their rows): not kept
      dropLookupKeys(env.DB, p.photoIds, id),
      ...(posted ? [posted.statement] : []),
      // the ad as the answer shows it, read in the same batch (after its writes)
      env.DB.prepare(`SELECT ${LISTING_COLUMNS} FROM listings l ${LISTING_JOINS} WHERE l.id = ? LIMIT 1`).bind(id),
    ]);
    if (((written[0] as D1Result | undefined)?.meta.changes ?? 0) > 0) {
      row = (written.at(-1) as D1Result<ListingRow> | undefined)?.results[0];
      break;
    }
    if (attempt === 3) throw await posting.onRaceLost();
  }
  if (posted) after(new Promise((resolve) => setTimeout(resolve, 0)).then(() => dispatchEvents(env, [posted.id])));
  // with the seller card read (several listings databases, or `users` with the accounts) the seller's
  // language came with it, beside the limit: the notices then wait on no read of their own (otherwise
  // they read it, as before)
  const language = card ? textLanguage((await card).language) : undefined;
  const inLanguage = <T>(write: (lang: TextLanguage) => T) => (language ? write(language) : write);
  // the owner's notices and the cache bump run side by side; the answer waits for them, as before
  await Promise.all([
    // the owner's notifications in their language (decision 010); the stored reject_reason stays English
    verdict ? notify(env, userId, inLanguage((lang) => ({ type: 'LISTING_STATUS', title: render(lang, 'adNotPublishedTitle'), body: verdictText(verdict, lang), data: { listingId: id, status: 'REJECTED' } }))) : undefined,
    held ? notify(env, userId, inLanguage((lang) => ({ type: 'LISTING_STATUS', title: render(lang, 'adHeldTitle'), body: render(lang, 'adHeldDuplicatePhotos'), data: { listingId: id, status: 'PENDING' } }))) : undefined,
    invalidateListingCaches(env),
  ]);
  if (!row) return getListing(env, db, origin, id, userId);
  return (await hydrate(db, env, origin, [row], { owner: true }))[0]!;
};

/**
 * A new ad in the core (one listings database) while its seller's posting record lives in their
 * accounts database (decision 034): the record alone there and the ad's batch here, side by side.
 * When the record was not written (a parallel post took the last free ad or unit) or either batch
 * failed, the other is undone — the ad, its event and its photos' attachment; the record — and
 * 'race-lost' (or the error) tells the caller.
 */
const writeBesidePosting = async (env: Env, userId: string, id: string, posting: D1PreparedStatement, statements: D1PreparedStatement[]) => {
  const seller = sellerDb(env, userId);
  const [postingOutcome, adOutcome] = await Promise.allSettled([seller.batch([posting]), env.DB.batch<unknown>(statements)]);
  const recorded = postingOutcome.status === 'fulfilled' && (postingOutcome.value[0]?.meta.changes ?? 0) > 0;
  const failed = [postingOutcome, adOutcome].find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failed || !recorded) {
    await Promise.all([
      adOutcome.status === 'fulfilled'
        ? env.DB.batch([
            env.DB.prepare('DELETE FROM listing_events WHERE listing_id = ?').bind(id),
            env.DB.prepare('UPDATE media SET listing_id = NULL, position = 0 WHERE listing_id = ?').bind(id),
            env.DB.prepare('DELETE FROM listings WHERE id = ?').bind(id),
          ])
        : undefined,
      recorded ? seller.prepare('DELETE FROM ad_postings WHERE listing_id = ?').bind(id).run() : undefined,
    ]);
    if (failed) throw failed.reason;
    return 'race-lost' as const;
  }
  return ((adOutcome as PromiseFulfilledResult<D1Result<unknown>[]>).value.at(-1) as D1Result<ListingRow> | undefined)?.results[0];
};

/**
 * A refusal by the free-ad limit (402) answers a change of an ad only if the ad is still as the
 * request read it. When another change of the same ad got there first, the request is stale and
 * answers 409 STALE like any change that loses a race: that change may itself have taken the
 * group's last free ad for this very ad, and judging the stale request against the limit would
 * tell the seller to pay for an ad that is already in the group. With several databases the posting
 * record is written in the core before the ad changes in its own database, so a racing change
 * usually meets that record first: a posting of this ad in the group that the request found none
 * of counts as a change too. One more round trip (both reads side by side), on a refusal only.
 */
const refusedUnlessStale = async (
  env: Env,
  refusal: unknown,
  at: { row: StoredListing; group: LimitGroup | undefined; now: number; column: 'updated_at' | 'status' },
): Promise<never> => {
  if (!(refusal instanceof AppError) || refusal.code !== 'AD_LIMIT_REACHED' || !at.group) throw refusal;
  const { row, group, column } = at;
  const [current, postedMeanwhile] = await Promise.all([
    listingDbForId(env, row.id).prepare(`SELECT ${column} AS version FROM listings WHERE id = ?`).bind(row.id).first<{ version: unknown }>(),
    holdsPosting(env, row.user_id, row.id, group, at.now),
  ]);
  if (current?.version !== row[column] || postedMeanwhile) throw conflict('The ad changed meanwhile. Please reload and try again.', 'STALE');
  throw refusal;
};

/**
 * An edit of an ad that lives in a listings database of its own (decision 033). The ad's row and its
 * photo copies change in one batch there, compare-and-set on the version read; the posting record
 * (an edit into another limit group, a rejected ad going live) is written before it in the core and
 * withdrawn if the ad changed meanwhile or its batch failed; the core's photo rows follow the ad's,
 * unconditionally, as the ad already shows them. A crash (or a failed core batch) after the ad's
 * batch leaves core photo rows pointing at the old set: the edit shows in full, the photo upload
 * screen may list a dropped photo as still attached, and repeating the edit puts the rows right (it
 * reads the core's rows beside the copies and writes them whenever they differ from the edit).
 */
const updateInShard = async (
  env: Env,
  edit: {
    row: StoredListing;
    userId: string;
    now: number;
    postIn: Awaited<ReturnType<typeof limitGroupFor>> | undefined;
    update: (target: D1Database, recorded: string, recordedParams: unknown[]) => D1PreparedStatement;
    photoIds: string[];
    oldPhotos: { id: string }[];
    /** the core's photo rows of the ad, in order: behind the copies when an earlier edit stopped before its last step */
    corePhotos: { id: string }[];
    /** the outbox event for buyers (approved, price lowered), guarded on the ad's new version */
    event?: D1PreparedStatement;
  },
) => {
  const { row, userId, now, postIn } = edit;
  const shard = listingDbForId(env, row.id);
  const photosChanged = edit.photoIds.join() !== edit.oldPhotos.map((m) => m.id).join();
  // the photo copies change only if the ad's row did (the version it was just given)
  const copies = photosChanged ? await photoCopyStatements(env, shard, row.id, edit.photoIds, { sql: 'EXISTS (SELECT 1 FROM listings WHERE id = ? AND updated_at = ?)', params: [row.id, now] }) : [];
  for (let attempt = 1; ; attempt++) {
    const posting = postIn ? await reservePosting(env, userId, postIn, row.id, now) : undefined;
    if (posting && !(await recordPostingAlone(env, userId, posting.statement))) {
      if (attempt === 3) throw await posting.onRaceLost();
      continue;
    }
    // a failed batch (not a lost compare-and-set) changed nothing in the ad's database either: the
    // posting record written for it must not stay and spend a free ad on an edit that did not happen
    const [updated] = await shard.batch([edit.update(shard, '', []), ...copies, ...(edit.event ? [edit.event] : [])]).catch(async (error: unknown) => {
      if (posting && postIn) await withdrawPosting(env, userId, row.id, postIn.limitKey, now);
      throw error;
    });
    if ((updated?.meta.changes ?? 0) > 0) break;
    if (posting && postIn) await withdrawPosting(env, userId, row.id, postIn.limitKey, now);
    throw conflict('The ad changed meanwhile. Please reload and try again.', 'STALE');
  }
  // the core's rows follow whenever they differ from the edit, also when only an earlier edit's last
  // step is missing (the copies already show it): repeating that edit is what puts them right
  if (photosChanged || edit.photoIds.join() !== edit.corePhotos.map((m) => m.id).join()) {
    await env.DB.batch([
      ...edit.corePhotos.filter((m) => !edit.photoIds.includes(m.id)).map((m) => env.DB.prepare('DELETE FROM media WHERE id = ? AND listing_id = ?').bind(m.id, row.id)),
      ...edit.photoIds.map((mediaId, position) => env.DB.prepare('UPDATE media SET listing_id = ?, position = ? WHERE id = ? AND owner_id = ?').bind(row.id, position, mediaId, userId)),
    ]);
  }
};

/**
 * An edit that moves the ad into another group of states (decision 033; services/listings/shard-move.ts
 * gives the order of the steps). A posting record the edit needs is written first in the core, under
 * the old id (the move re-points it with the ad's other core rows), and withdrawn if the move then
 * finds the ad changed. The core's photo rows of the edit follow with the re-pointing.
 */
const moveInShards = async (
  env: Env,
  m: {
    row: StoredListing;
    userId: string;
    now: number;
    postIn: Awaited<ReturnType<typeof limitGroupFor>> | undefined;
    newId: string;
    status: string;
    photoIds: string[];
    dropped: { id: string }[];
    edit: (target: D1Database) => D1PreparedStatement;
  },
) => {
  const { row, userId, now, postIn, newId } = m;
  for (let attempt = 1; ; attempt++) {
    const posting = postIn ? await reservePosting(env, userId, postIn, row.id, now) : undefined;
    if (posting && !(await recordPostingAlone(env, userId, posting.statement))) {
      if (attempt === 3) throw await posting.onRaceLost();
      continue;
    }
    const moved = await moveListing(env, {
      row: row as unknown as StoredListing & Record<string, unknown>,
      newId,
      status: m.status,
      now,
      edit: m.edit,
      photoIds: m.photoIds,
      corePhotos: [
        ...m.dropped.map((photo) => env.DB.prepare('DELETE FROM media WHERE id = ? AND listing_id IN (?, ?)').bind(photo.id, row.id, newId)),
        ...m.photoIds.map((mediaId, position) => env.DB.prepare('UPDATE media SET listing_id = ?, position = ? WHERE id = ? AND owner_id = ?').bind(newId, position, mediaId, userId)),
      ],
    });
    if (moved !== false) return moved;
    if (posting && postIn) await withdrawPosting(env, userId, row.id, postIn.limitKey, now);
    throw conflict('The ad changed meanwhile. Please reload and try again.', 'STALE');
  }
};

export const updateListing = async (
  env: Env,
  db: Db,
  userId: string,
  id: string,
  input: UpdateListingInput,
  origin: string,
  // work that may run after the answer (a move's outbox dispatch: the relay backs it up)
  after: (task: Promise<unknown>) => void = (task) => void task,
): Promise<Listing> => {
  const row = await ownedListing(env, userId, id);
  const sharded = isSharded(env);
  // the ad's photos as stored: the default when the edit leaves them alone, and what it may drop
  // (with several databases, the copies beside the ad that its reads show, decision 033)
  // with several, the core's own rows of the ad beside them (same round trip): an edit stopped before
  // its last step left them behind the copies, and this edit brings them level
  const photosOf = (target: D1Database) => target.prepare('SELECT id, r2_key FROM media WHERE listing_id = ? ORDER BY position').bind(row.id).all<{ id: string; r2_key: string }>();
  const [{ results: oldPhotos }, corePhotos] = await Promise.all([photosOf(listingDbForId(env, row.id)), sharded ? photosOf(env.DB).then((r) => r.results) : []]);
  const changingPlace = input.location !== undefined || input.state !== undefined || input.city !== undefined || input.neighbourhood !== undefined;
  const merged: CreateListingInput = {
    title: input.title ?? row.title,
    description: input.description ?? row.description,
    price: input.price ?? row.price_minor / 100,
    currency: (input.currency ?? row.currency) as CreateListingInput['currency'],
    condition: (input.condition ?? row.condition) as CreateListingInput['condition'],
    categoryId: input.categoryId ?? row.category_id,
    subcategoryId: input.categoryId !== undefined ? input.subcategoryId : (input.subcategoryId ?? row.subcategory_id ?? undefined),
    ...(changingPlace
      ? { location: input.location, state: input.state, city: input.city, neighbourhood: input.neighbourhood }
      : { location: row.location }),
    // a new place brings its own coordinates unless the client sent exact ones
    latitude: input.latitude ?? (changingPlace ? undefined : (row.latitude ?? undefined)),
    longitude: input.longitude ?? (changingPlace ? undefined : (row.longitude ?? undefined)),
    images: input.images ?? oldPhotos.map((m) => m.r2_key),
    features: input.features ?? (JSON.parse(row.features) as Record<string, never>),
    sellerName: input.sellerName ?? row.contact_name ?? undefined,
    sellerPhone: input.sellerPhone ?? row.contact_phone ?? undefined,
  };
  const p = await prepare(env, db, userId, merged, row.id);
  // unchanged place: keep the stored ids rather than re-resolving the display text
  const place = changingPlace ? p.place : { ...p.place, stateId: row.state_id ?? p.place.stateId, cityId: row.city_id, areaId: row.area_id, text: row.location };
  // With several listings databases an ad's id names its group of states (decision 033): an ad
  // moved into another group is written anew in that group's database under a new id (the same
  // ULID, the new group's digit), and its old id keeps answering (services/listings/shard-move.ts)
  const moving = sharded && changingPlace && groupOfState(place.stateId) !== groupOfListingId(row.id);
  const targetId = moving ? tagListingId(env, row.id.slice(0, 26), place.stateId) : row.id;
  const verdict = moderationVerdict({ title: p.title, description: p.description, price: p.priceMinor / 100, categoryId: p.categoryId, features: p.features });
  const reason = verdict ? verdictText(verdict) : null;
  // an edit re-submits a rejected ad; a live ad that now fails the check is held back
  // an ad a moderator held or rejected goes back to the moderators, not live
  let status = reason ? 'REJECTED' : row.status === 'REJECTED' ? (row.held_reason ? 'PENDING' : 'APPROVED') : row.status;
  // new photos are checked like a new ad's: a re-post of one's own ad is a 409, another seller's photo holds it
  const added = p.photoIds.filter((mediaId) => !oldPhotos.some((m) => m.id === mediaId));
  let held: string | null = null;
  if (added.length) {
    const { holdForDuplicates } = await duplicateCheck(
      env,
      { ownerId: userId, mediaIds: added, categoryId: p.categoryId, subcategoryId: p.subcategoryId, exceptListingId: row.id },
      origin,
    );
    if (holdForDuplicates && status === 'APPROVED') {
      status = 'PENDING';
      held = 'DUPLICATE_PHOTOS';
    }
  }
  // updated_at is the ad's version: it always moves, and the write below only applies if it has not
  const now = Math.max(Date.now(), row.updated_at + 1);
  const brand = listingBrand(p.features, p.title);
  // (with several databases also a photo the core still names after an edit stopped before its last step)
  const dropped = [...oldPhotos, ...corePhotos.filter((c) => !oldPhotos.some((m) => m.id === c.id))].filter((m) => !p.photoIds.includes(m.id));
  // news for buyers, written only if the edit itself is: a re-submitted ad going live, a lower price
  const guard = { sql: `SELECT 1 FROM listings WHERE id = ? AND updated_at = ? AND status = 'APPROVED'`, params: [row.id, now] };
  // prepared on the ad's own database (the outbox stays with the ad, decision 033): it joins the ad's batch either way
  const event = moving
    ? undefined
    : status === 'APPROVED' && row.status === 'REJECTED'
      ? eventStatement(env, row.id, 'approved', guard)
      : status === 'APPROVED' && row.status === 'APPROVED' && p.priceMinor < row.price_minor
        ? eventStatement(env, row.id, 'price_lowered', guard, row.price_minor)
        : undefined;
  // The free-ad limit holds for edits as for new ads (decision 007): an ad moved into another
  // limit group, or re-submitted live, is posted anew there unless it already counts there within
  // the period — a free ad, else a paid slot, else 402 with nothing changed.
  const [oldGroup, newGroup] = await Promise.all([limitGroupFor(env, db, row.category_id, row.subcategory_id), limitGroupFor(env, db, p.categoryId, p.subcategoryId)]);
  const goingLive = row.status === 'REJECTED' && status !== 'REJECTED';
  const needsPosting = (newGroup.limitKey !== oldGroup.limitKey || goingLive) && !(await holdsPosting(env, userId, row.id, newGroup, now));
  const slug = buildSlug(p.categorySlug, p.title, await placeSlugName(db, place), targetId);
  // Compare-and-set over the whole edit: every statement of the batch (one transaction) is
  // conditional on the version read above (and on the new posting, when one is needed), and the
  // ad's own row is written last, so two edits racing cannot mix (one's text with the other's
  // photos) nor both spend a free ad; the loser changes nothing and gets a 409.
  // (a move writes the edit onto the ad's copy at its new id, hidden until the move is done)
  const updateOf = (target: D1Database, recorded: string, recordedParams: unknown[], at: { id: string; status: string } = { id: row.id, status }) =>
    target.prepare(
      `UPDATE listings SET slug = ?, title = ?, description = ?, price_minor = ?, currency = ?, condition = ?, category_id = ?, subcategory_id = ?,
         location = ?, state_id = ?, city_id = ?, area_id = ?, latitude = ?, longitude = ?, features = ?, brand = ?, status = ?, reject_reason = ?,
         held_reason = coalesce(?, held_reason), held_at = coalesce(?, held_at), contact_name = ?, contact_phone = ?,
         reports_count_from = min(reports_count_from, ?), updated_at = ? WHERE id = ? AND user_id = ? AND updated_at = ?${recorded}`,
    ).bind(
      slug,
      p.title,
      p.description,
      p.priceMinor,
      p.currency,
      p.condition,
      p.categoryId,
      p.subcategoryId,
      place.text,
      place.stateId,
      place.cityId,
      place.areaId,
      place.latitude,
      place.longitude,
      JSON.stringify(p.features),
      brand,
      at.status,
      reason,
      held,
      held ? now : null,
      p.contactName,
      p.contactPhone,
      // an edit ends a pause after a moderator kept the ad: they did not see the new text (decision 008)
      now,
      now,
      at.id,
      userId,
      row.updated_at,
      ...recordedParams,
    );
  const unchanged = 'EXISTS (SELECT 1 FROM listings WHERE id = ? AND updated_at = ?)';
  const version = [row.id, row.updated_at];
  let movedEvent: string | undefined;
  try {
    if (moving) {
      // (the move writes its own outbox event, `moved`, when the ad takes its status in its new place)
      movedEvent = await moveInShards(env, { row, userId, now, postIn: needsPosting ? newGroup : undefined, newId: targetId, status, photoIds: p.photoIds, dropped, edit: (target) => updateOf(target, '', [], { id: targetId, status: MOVING }) });
    } else if (sharded) {
      await updateInShard(env, { row, userId, now, postIn: needsPosting ? newGroup : undefined, update: updateOf, photoIds: p.photoIds, oldPhotos, corePhotos, event: event?.statement });
    }
    // with the seller's postings in their accounts database (decision 034) the record goes first, alone,
    // and is withdrawn when the ad's batch then does not apply (as with several listings databases)
    const apart = accountsSplit(env);
    for (let attempt = 1; !sharded; attempt++) {
      const posting = needsPosting ? await reservePosting(env, userId, newGroup, row.id, now, apart ? undefined : { sql: unchanged, params: version }) : undefined;
      if (apart && posting && !(await recordPostingAlone(env, userId, posting.statement))) {
        if (attempt === 3) throw await posting.onRaceLost();
        continue;
      }
      const withdraw = () => (apart && posting ? withdrawPosting(env, userId, row.id, newGroup.limitKey, now) : undefined);
      const recorded = posting && !apart ? ` AND ${POSTING_RECORDED_AT}` : '';
      const recordedParams = posting && !apart ? [row.id, newGroup.limitKey, now] : [];
      const listingUpdate = updateOf(env.DB, recorded, recordedParams);
      const statements = [
        ...(posting && !apart ? [posting.statement] : []),
        ...dropped.map((m) => env.DB.prepare(`DELETE FROM media WHERE id = ? AND ${unchanged}${recorded}`).bind(m.id, ...version, ...recordedParams)),
        ...p.photoIds.map((mediaId, position) =>
          env.DB.prepare(`UPDATE media SET listing_id = ?, position = ? WHERE id = ? AND ${unchanged}${recorded}`).bind(row.id, position, mediaId, ...version, ...recordedParams),
        ),
        listingUpdate,
        ...(event ? [event.statement] : []),
      ];
      const written = await env.DB.batch(statements).catch(async (error: unknown) => {
        await withdraw();
        throw error;
      });
      if ((written[statements.indexOf(listingUpdate)]?.meta.changes ?? 0) > 0) break;
      await withdraw();
      // not written: another edit got there first, or (the ad unchanged) a parallel post took the free ad or slot
      const current = await env.DB.prepare('SELECT updated_at FROM listings WHERE id = ?').bind(row.id).first<{ updated_at: number }>();
      if (!posting || apart || current?.updated_at !== row.updated_at) throw conflict('The ad changed meanwhile. Please reload and try again.', 'STALE');
      if (attempt === 3) throw await posting.onRaceLost();
    }
  } catch (refusal) {
    await refusedUnlessStale(env, refusal, { row, group: needsPosting ? newGroup : undefined, now, column: 'updated_at' });
  }
  if (event) await dispatchEvents(env, [event.id]);
  // (a move already costs 4 round trips more than the edit: its event is handed to the queue after the answer, as posting's)
  if (movedEvent) after(new Promise((resolve) => setTimeout(resolve, 0)).then(() => dispatchEvents(env, [movedEvent])));
  await deleteObjectsIfUnused(env, dropped.map((m) => m.r2_key));
  if (held) {
    await notify(env, userId, (lang) => ({ type: 'LISTING_STATUS', title: render(lang, 'adHeldTitle'), body: render(lang, 'adHeldDuplicatePhotos'), data: { listingId: targetId, status: 'PENDING' } }));
  }
  if (verdict && row.status !== 'REJECTED') {
    await notify(env, userId, (lang) => ({ type: 'LISTING_STATUS', title: render(lang, 'adTakenDownTitle'), body: verdictText(verdict, lang), data: { listingId: targetId, status: 'REJECTED' } }));
  }
  await invalidateListingCaches(env);
  return getListing(env, db, origin, targetId, userId);
};

/**
 * Deleting an ad archives it at once (decision 021): its copy goes to R2 first, then it leaves D1
 * with its photos (all but the cover), favourites and stats; the seller can still open and repost it.
 */
export const deleteListing = async (env: Env, userId: string, id: string) => {
  const row = await ownedListing(env, userId, id);
  if (!(await archiveDeleted(env, row.id, userId))) throw conflict('The ad changed meanwhile. Please reload and try again.', 'STALE');
  return { deleted: true, id: row.id };
};

/**
 * The status change when the ad lives in a listings database of its own (decision 033): the posting
 * record (when going live needs one) cannot share a transaction with the ad, so it is written first
 * in the core and withdrawn again if the ad's compare-and-set then finds the ad changed. A crash
 * between the two leaves a posting record for an ad still in its old state: the ad holds that
 * posting for its period, so retrying the change spends nothing more.
 */
const changeStatusInShard = async (
  env: Env,
  row: StoredListing,
  userId: string,
  status: string,
  expiresAt: number | null,
  postIn: Awaited<ReturnType<typeof limitGroupFor>> | undefined,
  now: number,
  /** the outbox event (back on sale), written only if the change applied */
  event?: D1PreparedStatement,
) => {
  const shard = listingDbForId(env, row.id);
  for (let attempt = 1; ; attempt++) {
    const posting = postIn ? await reservePosting(env, userId, postIn, row.id, now) : undefined;
    if (posting && !(await recordPostingAlone(env, userId, posting.statement))) {
      if (attempt === 3) throw await posting.onRaceLost();
      continue;
    }
    const change = shard
      .prepare('UPDATE listings SET status = ?, expires_at = ?, updated_at = max(?, updated_at + 1) WHERE id = ? AND user_id = ? AND status = ?')
      .bind(status, expiresAt, now, row.id, userId, row.status);
    // the event right after the change in one batch: its guard reads the change's own changes()
    // a failed batch changed nothing: the posting record written for it is taken back (as when the ad changed)
    const [written] = await shard.batch([change, ...(event ? [event] : [])]).catch(async (error: unknown) => {
      if (posting && postIn) await withdrawPosting(env, userId, row.id, postIn.limitKey, now);
      throw error;
    });
    if ((written?.meta.changes ?? 0) > 0) return;
    if (posting && postIn) await withdrawPosting(env, userId, row.id, postIn.limitKey, now);
    throw conflict('The ad changed meanwhile. Please reload and try again.', 'STALE');
  }
};

export const changeStatus = async (env: Env, db: Db, userId: string, id: string, status: 'APPROVED' | 'SOLD' | 'INACTIVE', origin: string) => {
  const row = await ownedListing(env, userId, id);
  if (row.status === status) return getListing(env, db, origin, row.id, userId);
  const allowed = STATUS_TRANSITIONS[row.status] ?? [];
  if (!allowed.includes(status)) {
    const hint = row.status === 'REJECTED' ? ' Edit the ad to send it for review again.' : row.status === 'EXPIRED' ? ' Renew it instead: renewing is free.' : '';
    throw conflict(`An ad that is ${row.status} cannot be changed to ${status}.${hint}`, 'INVALID_TRANSITION');
  }
  // compare-and-set on the old status, so two racing changes cannot both apply
  const now = Date.now();
  // back on sale is news for saved searches: the event joins the change's batch and exists only if it applied
  const sharded = isSharded(env);
  // prepared on the ad's own database: with several it joins the status change's batch there (decision 033)
  const reactivated =
    status === 'APPROVED' ? eventStatement(env, row.id, 'reactivated', { sql: `SELECT 1 FROM listings WHERE id = ? AND status = 'APPROVED' AND changes() = 1`, params: [row.id] }) : undefined;
  // Live again (reactivated, or back on sale) after its posting's period is a new posting: the
  // free-ad limit or a paid slot decides it as for a new ad (decision 007); within the period it is free.
  const group = status === 'APPROVED' ? await limitGroupFor(env, db, row.category_id, row.subcategory_id) : undefined;
  const postIn = group && !(await holdsPosting(env, userId, row.id, group, now)) ? group : undefined;
  const unchanged = { sql: 'EXISTS (SELECT 1 FROM listings WHERE id = ? AND user_id = ? AND status = ?)', params: [row.id, userId, row.status] };
  // back live with its expiry passed or near (it ran out while inactive or sold): a full lifetime from
  // now, else the expiry it had (decision 019)
  const window = renewableFrom(row.expires_at);
  const expiresAt = status === 'APPROVED' && (window === null || window <= now) ? expiryFor(row.category_id, row.subcategory_id, now) : row.expires_at;
  try {
    // the posting record apart from the ad (several listings or accounts databases): record, then change
    const apart = sharded || accountsSplit(env);
    if (apart) await changeStatusInShard(env, row, userId, status, expiresAt, postIn, now, reactivated?.statement);
    for (let attempt = 1; !apart; attempt++) {
      const posting = postIn ? await reservePosting(env, userId, postIn, row.id, now, unchanged) : undefined;
      const recorded = posting ? ` AND ${POSTING_RECORDED_AT}` : '';
      const statements = [
        ...(posting ? [posting.statement] : []),
        env.DB.prepare(`UPDATE listings SET status = ?, expires_at = ?, updated_at = max(?, updated_at + 1) WHERE id = ? AND user_id = ? AND status = ?${recorded}`).bind(
          status,
          expiresAt,
          now,
          row.id,
          userId,
          row.status,
          ...(postIn ? [row.id, postIn.limitKey, now] : []),
        ),
        ...(reactivated ? [reactivated.statement] : []),
      ];
      const written = await env.DB.batch(statements);
      if ((written[posting ? 1 : 0]?.meta.changes ?? 0) > 0) break;
      const current = await env.DB.prepare('SELECT status FROM listings WHERE id = ?').bind(row.id).first<{ status: string }>();
      if (!posting || current?.status !== row.status) throw conflict('The ad changed meanwhile. Please reload and try again.', 'STALE');
      if (attempt === 3) throw await posting.onRaceLost();
    }
  } catch (refusal) {
    await refusedUnlessStale(env, refusal, { row, group: postIn, now, column: 'status' });
  }
  if (reactivated) await dispatchEvents(env, [reactivated.id]);
  await invalidateListingCaches(env);
  return getListing(env, db, origin, row.id, userId);
};

// ---------------------------------------------------------------- My Ads

export const myListings = async (
  env: Env,
  db: Db,
  origin: string,
  userId: string,
  q: { page: number; limit: number; status?: string; q?: string },
) => {
  const where = ['l.user_id = ?'];
  const params: unknown[] = [userId];
  if (q.status) {
    where.push('l.status = ?');
    params.push(q.status);
  }
  if (q.q) {
    // a seller's own ads are few: a bounded LIKE over them is fine (the index narrows to the user)
    where.push(`l.title LIKE ? ESCAPE '\\'`);
    params.push(`%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`).slice(0, 40)}%`);
  }
  // an ad's hidden copy while it moves to another group of states is not listed (its old row is, decision 033)
  if (isSharded(env)) where.push(`l.status != '${MOVING}'`);
  const whereSql = where.join(' AND ');
  // a seller's ads may lie in several listings databases (one per group of states they sell in,
  // decision 033): each is asked side by side for the first page × limit rows, and the pages merged
  const databases = listingDatabases(env);
  const merged = databases.length > 1;
  const offset = (q.page - 1) * q.limit;
  const answers = await Promise.all(
    databases.map((target) =>
      target.batch<unknown>([
        target.prepare(`SELECT ${LISTING_COLUMNS} FROM listings l ${LISTING_JOINS} WHERE ${whereSql} ORDER BY l.created_at DESC, l.num DESC LIMIT ? OFFSET ?`).bind(
          ...params,
          merged ? offset + q.limit : q.limit,
          merged ? 0 : offset,
        ),
        target.prepare(`SELECT count(*) AS total FROM listings l WHERE ${whereSql}`).bind(...params),
        target.prepare(`SELECT status, count(*) AS n FROM listings WHERE user_id = ? GROUP BY status`).bind(userId),
      ]),
    ),
  );
  const found = answers.flatMap(([page]) => (page?.results ?? []) as ListingRow[]);
  // newest first, ties by id (time-ordered in every database) where one database's row number cannot decide
  const listed = merged ? found.sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).slice(offset, offset + q.limit) : found;
  const byStatus: Record<string, number> = {};
  for (const [, , counts] of answers) for (const r of (counts?.results ?? []) as { status: string; n: number }[]) if (r.status !== MOVING) byStatus[r.status] = (byStatus[r.status] ?? 0) + r.n;
  const t = answers.reduce((n, [, total]) => n + ((total?.results[0] as { total: number } | undefined)?.total ?? 0), 0);
  return {
    listings: await hydrate(db, env, origin, listed, { owner: true }),
    pagination: { page: q.page, limit: q.limit, total: t, pages: Math.ceil(t / q.limit) },
    counts: {
      all: Object.values(byStatus).reduce((a, b) => a + b, 0),
      approved: byStatus.APPROVED ?? 0,
      rejected: byStatus.REJECTED ?? 0,
      sold: byStatus.SOLD ?? 0,
      inactive: byStatus.INACTIVE ?? 0,
      expired: byStatus.EXPIRED ?? 0,
    },
  };
};

// ---------------------------------------------------------------- favourites

/**
 * The ad from its own listings database and the buyer's favourite of it from the buyer's accounts
 * database (the core with one), side by side.
 */
const readFavoriteTarget = async (env: Env, userId: string, id: string) => {
  const [ad, favourite] = await Promise.all([
    listingDbForId(env, id).prepare('SELECT id, user_id, title, status FROM listings WHERE id = ?').bind(id).first<{ id: string; user_id: string; title: string; status: string }>(),
    accountsDbForUser(env, userId).prepare('SELECT 1 FROM favorites WHERE user_id = ? AND listing_id = ?').bind(userId, id).first(),
  ]);
  return ad ? { ...ad, language: null as string | null, favourited: favourite ? 1 : 0, blocked: 0 } : null;
};

/**
 * Sets or toggles a favourite. With `want` given it is idempotent (a double click sends the same
 * wish twice); without it, it toggles. Owners cannot favourite their own ad.
 */
export const setFavorite = async (env: Env, userId: string, listingId: string, want?: boolean) => {
  const id = listingId.toLowerCase();
  // everything the decision needs in one read: the ad, whether it is already a favourite, and what
  // the seller's notification depends on (a block, an earlier "liked", their language)
  type FavoriteRead = { id: string; user_id: string; title: string; status: string; language: string | null; favourited: number; blocked: number };
  const sharded = isSharded(env);
  // with several accounts databases the buyer's favourites live in their own (decision 034)
  const apart = accountsSplit(env);
  const favourites = accountsDbForUser(env, userId);
  // with several listings (or accounts) databases the ad comes from its own, beside the buyer's
  // favourite; the seller's block and language are read in the insert's batch (decision 033)
  const listing = sharded || apart ? await readFavoriteTarget(env, userId, id) : await env.DB.prepare(
    `SELECT l.id, l.user_id, l.title, l.status, u.language,
       EXISTS (SELECT 1 FROM favorites WHERE user_id = ?2 AND listing_id = l.id) AS favourited,
       EXISTS (SELECT 1 FROM user_blocks WHERE blocker_id = l.user_id AND blocked_id = ?2) AS blocked
     FROM listings l JOIN users u ON u.id = l.user_id WHERE l.id = ?1`,
  )
    .bind(id, userId)
    .first<FavoriteRead>();
  if (!listing || !['APPROVED', 'SOLD'].includes(listing.status)) throw notFound("The listing you're looking for doesn't exist or has been removed.", 'LISTING_NOT_FOUND');
  if (listing.user_id === userId) throw forbidden('You cannot favourite your own listing', 'OWN_LISTING');
  const target = want ?? !listing.favourited;
  if (!target) {
    await favourites.prepare('DELETE FROM favorites WHERE user_id = ? AND listing_id = ?').bind(userId, listing.id).run();
  } else if (!listing.favourited) {
    const insert = favourites.prepare('INSERT OR IGNORE INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(userId, listing.id, Date.now());
    const sellerRead = env.DB.prepare('SELECT language, EXISTS (SELECT 1 FROM user_blocks WHERE blocker_id = ?1 AND blocked_id = ?2) AS blocked FROM users WHERE id = ?1').bind(listing.user_id, userId);
    const [added, seller] = apart
      ? // the insert in the buyer's accounts database, the seller's language from their row and their
        // block from their own accounts database (decision 034), side by side
        await Promise.all([
          insert.run(),
          usersDbFor(env, listing.user_id).prepare('SELECT language FROM users WHERE id = ?').bind(listing.user_id).all<{ language: string | null }>(),
          accountsDbForUser(env, listing.user_id).prepare('SELECT 1 FROM user_blocks WHERE blocker_id = ? AND blocked_id = ?').bind(listing.user_id, userId).first(),
        ]).then(([added, seller, block]) => [added, { ...seller, results: seller.results.map((r) => ({ ...r, blocked: block ? 1 : 0 })) }] as const)
      : sharded
        ? await env.DB.batch<unknown>([insert, sellerRead])
        : [await insert.run()];
    if (seller) Object.assign(listing, seller.results[0] ?? {});
    // one "someone liked your ad" per liker per ad, however often they toggle (keyed: the seller's
    // inbox stores a key once while it keeps it); someone the seller blocked makes no noise there
    if (added?.meta.changes && !listing.blocked) {
      const lang = textLanguage(listing.language);
      await notifyOnce(env, `favourite:${listing.id}:${userId}`, listing.user_id, {
        type: 'FAVORITE',
        title: render(lang, 'favouriteTitle'),
        body: render(lang, 'favouriteBody', { title: listing.title }),
        data: { listingId: listing.id, byUserId: userId },
      });
    }
  }
  return { isFavorite: target, listingId: listing.id };
};

export const listFavorites = async (env: Env, db: Db, origin: string, userId: string, q: { page: number; limit: number }) => {
  // a sold or expired ad stays, marked, so the buyer learns what became of it (an expired one may be
  // renewed); ads hidden by their seller or a moderator leave the list (decision 019)
  if (isSharded(env) || accountsSplit(env)) return listShardedFavorites(env, db, origin, userId, q);
  const visible = `f.user_id = ? AND l.status IN ('APPROVED', 'SOLD', 'EXPIRED')`;
  const [rows, total] = await env.DB.batch<unknown>([
    env.DB.prepare(
      `SELECT ${LISTING_COLUMNS} FROM favorites f JOIN listings l ON l.id = f.listing_id ${LISTING_JOINS} WHERE ${visible} ORDER BY f.created_at DESC LIMIT ? OFFSET ?`,
    ).bind(userId, q.limit, (q.page - 1) * q.limit),
    env.DB.prepare(`SELECT count(*) AS total FROM favorites f JOIN listings l ON l.id = f.listing_id WHERE ${visible}`).bind(userId),
  ]);
  const t = (total?.results[0] as { total: number } | undefined)?.total ?? 0;
  const listings = await hydrate(db, env, origin, (rows?.results ?? []) as ListingRow[]);
  return {
    listings: listings.map((l) => ({ ...l, isFavorite: true })),
    pagination: { page: q.page, limit: q.limit, total: t, pages: Math.ceil(t / q.limit) },
  };
};

export const isFavorite = async (env: Env, userId: string, listingId: string) =>
  Boolean(await accountsDbForUser(env, userId).prepare('SELECT 1 FROM favorites WHERE user_id = ? AND listing_id = ?').bind(userId, listingId).first());


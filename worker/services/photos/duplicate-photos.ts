import type { Env } from '../../env';
import { isSharded } from '../../db/shards';
import { listingRowsByIds } from '../listings/shard-reads';
import { AppError } from '../../lib/errors';
import { MATCH_DISTANCE, bandProbes, hammingDistance, hashBands, hashPhoto } from '../../lib/phash';
import { FRAMINGS, PRINT_RULES, V1_PRINT_BYTES, decodePrint, encodePrint, printMatch, turnHashes, windowHashes, type PhotoPrint } from '../../lib/photo-print';
import { sniffImage } from '../../lib/images';
import webpWasm from '../../lib/webp-wasm';

/**
 * Duplicate-photo rules (docs/decisions/012). A photo within Hamming distance 6 of a photo
 * in another account's live ad from the last 90 days — or a mirrored, turned, cropped or bordered
 * copy of one, verified on the two photos' prints — holds the new ad for a moderator; the same
 * seller posting the same photo again in the same subcategory while that ad is up gets a 409.
 */

/** Only ads this recent count as the "original" of a copied photo. */
export const DUPLICATE_WINDOW_MS = 90 * 24 * 3600_000;

/** At most this many stored photos per uploaded photo are verified on their prints (CPU per post). */
export const MAX_VERIFIED_PER_PHOTO = 12;

export interface PhotoMatch {
  mediaId: string;
  listingId: string;
  userId: string;
  slug: string;
  title: string;
  status: string;
  categoryId: string;
  subcategoryId: string | null;
  /** bits between the hashes that found it (the plain hash, or a crop window's and a turn's) */
  distance: number;
  /** with `withPhotos`: the matching photo's key and every photo key of its ad, in the ad's order */
  photoKey?: string;
  adPhotoKeys?: string[];
}

/** A photo being checked: its plain hash and, for photos hashed since prints exist, its print. */
export interface CheckedPhoto {
  hash: string;
  print: PhotoPrint | null;
}

interface Row {
  media_id: string;
  phash: string;
  win: number | null;
  win_hash: string | null;
  print: ArrayBuffer | null;
  listing_id: string;
  user_id: string;
  slug: string;
  title: string;
  status: string;
  category_id: string;
  subcategory_id: string | null;
  photo_key?: string;
  ad_photo_keys?: string;
}

/**
 * What a moderator's match shows beside the lookup's columns: the matching photo's key and its ad's
 * photo keys in order, read in the lookup's own statement (the queue's read budget, decision 022).
 */
const PHOTO_COLUMNS = `, m.r2_key AS photo_key, (SELECT json_group_array(x.r2_key) FROM (SELECT r2_key FROM media WHERE listing_id = m.listing_id ORDER BY position) x) AS ad_photo_keys`;

const LISTING_COLUMNS = 'l.id AS listing_id, l.user_id, l.slug, l.title, l.status, l.category_id, l.subcategory_id';
const WHOSE = `((l.user_id = ? AND l.status IN ('APPROVED', 'PENDING')) OR (l.user_id <> ? AND l.status = 'APPROVED' AND l.created_at >= ?))`;
const WHO = `l.id <> ? AND ${WHOSE}`;
const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');

/**
 * The D1 statements that store a photo's print and its crop windows' hashes (none for a photo
 * without a print). Each INSERT stays under D1's 100 bound parameters.
 */
export const printStatements = (env: Env, mediaId: string, print: PhotoPrint | null, now = Date.now()): D1PreparedStatement[] => {
  if (!print) return [];
  const windows = windowHashes(print);
  const statements = [
    // a re-printed photo (version 1 → 2) may have had windows the new print leaves out
    env.DB.prepare('DELETE FROM media_print_windows WHERE media_id = ?').bind(mediaId),
    env.DB.prepare('INSERT OR REPLACE INTO media_prints (media_id, print, created_at) VALUES (?, ?, ?)').bind(mediaId, encodePrint(print), now),
  ];
  for (let i = 0; i < windows.length; i += 8) {
    const chunk = windows.slice(i, i + 8); // 8 rows × 7 values = 56 parameters
    statements.push(
      env.DB.prepare(`INSERT OR REPLACE INTO media_print_windows (media_id, win, hash, b0, b1, b2, b3) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`).bind(
        ...chunk.flatMap((w) => [mediaId, w.win, w.hash, ...hashBands(w.hash)]),
      ),
    );
  }
  return statements;
};

/** Turns per window statement: a frame's 8 orientations (one statement per frame of the print). */
const TURNS_PER_STATEMENT = 8;
/** Window statements a photo can need at most: one per framing its print keeps. */
export const MAX_WINDOW_STATEMENTS = FRAMINGS.length;

/**
 * What the lookup asks the indexes for, for one photo: per band, its hash's value and the 16 values
 * one bit away (`plain`, against media.phash_bN), and per frame of its print the band values of its 8
 * orientations (`windows`, against the stored prints' crop windows). Computed from the print as it
 * is stored and read back (`decodePrint`), so a lookup from these keys asks exactly what a lookup
 * from the stored row would.
 */
export interface LookupProbes {
  plain: number[][];
  windows: number[][][];
}

export const lookupProbes = (hash: string, print: PhotoPrint | null): LookupProbes => {
  const turns = print ? turnHashes(print) : [];
  const windows: number[][][] = [];
  for (let f = 0; f < turns.length; f += TURNS_PER_STATEMENT) {
    const present = turns.slice(f, f + TURNS_PER_STATEMENT).filter((t): t is string => !!t);
    if (!present.length) continue;
    windows.push([0, 1, 2, 3].map((b) => [...new Set(present.map((t) => hashBands(t)[b]!))]));
  }
  return { plain: bandProbes(hash), windows };
};

/**
 * The statement that keeps a hashed photo's lookup keys with it (none for a photo without a hash),
 * written with the photo's row at upload: posting then runs the lookup in the read it already makes
 * (decision 022). The keys come from the print as stored (encoded and decoded again).
 */
export const lookupKeyStatements = (env: Env, mediaId: string, hash: string | null, print: PhotoPrint | null, now = Date.now()): D1PreparedStatement[] =>
  hash
    ? [
        env.DB.prepare('INSERT OR REPLACE INTO media_lookups (media_id, probes, created_at) VALUES (?, ?, ?)').bind(
          mediaId,
          JSON.stringify(lookupProbes(hash, print ? decodePrint(encodePrint(print)) : null)),
          now,
        ),
      ]
    : [];

/** Who may hold the original: SQL and its parameters, with the ads in the core or elsewhere (decision 033). */
const whoFilter = (env: Env, ownerId: string, exceptListingId: string, since: number) => {
  // With the ads over several databases (decision 033) the photos and their prints are the core's
  // and the ads are not: the core finds the photos in any ad, then the ads' own databases (side by
  // side, only when a photo was found: rarely) say which of those ads count.
  const sharded = isSharded(env);
  return {
    sharded,
    joinAd: sharded ? '' : ' JOIN listings l ON l.id = m.listing_id',
    columns: sharded ? 'm.listing_id' : LISTING_COLUMNS,
    who: sharded ? 'm.listing_id IS NOT NULL AND m.listing_id <> ?' : WHO,
    whoParams: sharded ? [exceptListingId] : [exceptListingId, ownerId, ownerId, since],
  };
};

const PLAIN_SELECT = (columns: string) => `SELECT m.id AS media_id, m.phash, NULL AS win, NULL AS win_hash, p.print, ${columns}`;
const WINDOW_SELECT = (columns: string) => `SELECT m.id AS media_id, m.phash, w.win, w.hash AS win_hash, p.print, ${columns}`;
const PLAIN_FROM = (joinAd: string) => `FROM media m${joinAd} LEFT JOIN media_prints p ON p.media_id = m.id`;
const WINDOW_FROM = (joinAd: string) => `FROM media_print_windows w JOIN media m ON m.id = w.media_id${joinAd} JOIN media_prints p ON p.media_id = w.media_id`;

/**
 * The lookup for one photo of `ownerId`'s, named by its key, from the keys kept with it: the same
 * statements `findPhotoMatches` runs (the plain hash, then one per frame of the print), reading the
 * band values from media_lookups instead of binding them, so they can run in posting's first read,
 * beside the read of the photo itself (decision 022). Always 1 + MAX_WINDOW_STATEMENTS statements;
 * a frame the print does not have reads nothing.
 */
export const storedLookupStatements = (env: Env, ownerId: string, r2Key: string, listingId: string, now = Date.now()): D1PreparedStatement[] => {
  const { joinAd, columns, who, whoParams } = whoFilter(env, ownerId, '', now - DUPLICATE_WINDOW_MS);
  const keys = `WITH k AS (SELECT lk.probes FROM media me JOIN media_lookups lk ON lk.media_id = me.id
    WHERE me.owner_id = ? AND me.r2_key = ? AND me.state = 'READY' AND (me.listing_id IS NULL OR me.listing_id = ?))`;
  const inKeys = (column: string, path: string) => `${column} IN (SELECT j.value FROM k, json_each(k.probes, '${path}') j)`;
  return [
    env.DB.prepare(
      `${keys} ${PLAIN_SELECT(columns)} ${PLAIN_FROM(joinAd)}
       WHERE (${[0, 1, 2, 3].map((b) => inKeys(`m.phash_b${b}`, `$.plain[${b}]`)).join(' OR ')}) AND ${who}
       LIMIT 200`,
    ).bind(ownerId, r2Key, listingId, ...whoParams),
    ...Array.from({ length: MAX_WINDOW_STATEMENTS }, (_, g) =>
      env.DB.prepare(
        `${keys} ${WINDOW_SELECT(columns)} ${WINDOW_FROM(joinAd)}
         WHERE (${[0, 1, 2, 3].map((b) => inKeys(`w.b${b}`, `$.windows[${g}][${b}]`)).join(' OR ')}) AND ${who}
         LIMIT 200`,
      ).bind(ownerId, r2Key, listingId, ...whoParams),
    ),
  ];
};

/**
 * Ads (other than `exceptListingId`) holding a copy of one of `photos`: live or held ads of `ownerId`
 * whatever their age, and other accounts' live ads from the last 90 days. Two indexed lookups per
 * photo: its plain hash against media.phash (every hashed photo, including ones stored before prints
 * existed), and its 8 orientations against the crop windows of stored prints. Stored photos with a
 * print are verified on the two prints; older ones use the plain rule (distance ≤ 6).
 */
export const findPhotoMatches = async (
  env: Env,
  photos: CheckedPhoto[],
  ownerId: string,
  exceptListingId: string,
  now = Date.now(),
  o: { withPhotos?: boolean } = {},
): Promise<PhotoMatch[]> => {
  const wanted = [...new Map(photos.map((p) => [p.hash, p])).values()];
  if (!wanted.length) return [];
  const filter = whoFilter(env, ownerId, exceptListingId, now - DUPLICATE_WINDOW_MS);
  const { joinAd, who, whoParams } = filter;
  const columns = o.withPhotos ? `${filter.columns}${PHOTO_COLUMNS}` : filter.columns;
  const statements: D1PreparedStatement[] = [];
  const counts: number[] = [];
  for (const photo of wanted) {
    const probes = lookupProbes(photo.hash, photo.print);
    statements.push(
      env.DB.prepare(
        `${PLAIN_SELECT(columns)} ${PLAIN_FROM(joinAd)}
         WHERE (${[0, 1, 2, 3].map((b) => `m.phash_b${b} IN (${marks(17)})`).join(' OR ')}) AND ${who}
         LIMIT 200`,
      ).bind(...probes.plain.flat(), ...whoParams),
    );
    // one statement per frame of the new photo: per band, its 8 orientations' values (≤ 32
    // parameters): a crop within a few per cent of a stored window shares a band with it exactly;
    // verification does the rest
    for (const perBand of probes.windows) {
      statements.push(
        env.DB.prepare(
          `${WINDOW_SELECT(columns)} ${WINDOW_FROM(joinAd)}
           WHERE (${perBand.map((values, b) => `w.b${b} IN (${marks(values.length)})`).join(' OR ')}) AND ${who}
           LIMIT 200`,
        ).bind(...perBand.flat(), ...whoParams),
      );
    }
    counts.push(1 + probes.windows.length);
  }
  const results = await env.DB.batch<Row>(statements);
  let k = 0;
  return matchesAmong(
    env,
    wanted.map((photo, i) => ({ photo, rows: results.slice(k, (k += counts[i]!)).flatMap((r) => r.results) })),
    ownerId,
    now,
  );
};

/**
 * The matches among rows a lookup from the kept keys read (storedLookupStatements, one group of
 * results per photo): the same verification as findPhotoMatches. A photo appearing twice (the same
 * hash) is checked once, as there.
 */
export const matchesFromStoredLookups = (env: Env, lookups: { photo: CheckedPhoto; results: D1Result<unknown>[] }[], ownerId: string, now = Date.now()) => {
  const byHash = new Map(lookups.map((l) => [l.photo.hash, l]));
  return matchesAmong(env, [...byHash.values()].map((l) => ({ photo: l.photo, rows: l.results.flatMap((r) => r.results as Row[]) })), ownerId, now);
};

/**
 * Which stored photos among `rows` are copies of `photo`, verified on the prints (the plain rule for
 * a photo stored, or checked, without a print), nearest first. At most MAX_VERIFIED_PER_PHOTO of them
 * are verified on their prints (CPU per post); `complete` says whether that cap left any candidate
 * near enough to be verified unverified.
 */
const copiesAmong = (photo: CheckedPhoto, rows: Row[]): { copies: { row: Row; distance: number }[]; complete: boolean } => {
  const turns = photo.print ? turnHashes(photo.print) : [];
  // per stored photo: the plain distance, and the crop-window hints (window, orientation, bits)
  const stored = new Map<string, { row: Row; plain: number; hints: { win: number; turn: number; d: number }[] }>();
  for (const r of rows) {
    const entry = stored.get(r.media_id) ?? { row: r, plain: hammingDistance(photo.hash, r.phash), hints: [] };
    stored.set(r.media_id, entry);
    if (r.win === null || !r.win_hash) continue;
    turns.forEach((t, turn) => {
      if (!t) return;
      const d = hammingDistance(t, r.win_hash!);
      if (d <= PRINT_RULES.candidateDistance) entry.hints.push({ win: r.win!, turn, d });
    });
  }
  const ranked = [...stored.values()]
    .map((e) => ({ ...e, best: Math.min(e.plain, ...e.hints.map((h) => h.d)) }))
    .sort((a, b) => a.best - b.best);
  const copies: { row: Row; distance: number }[] = [];
  let verified = 0;
  let complete = true;
  for (const e of ranked) {
    const theirs = decodePrint(e.row.print);
    if (!photo.print || !theirs) {
      // a photo stored before prints (or checked without one): the plain rule
      if (e.plain <= MATCH_DISTANCE) copies.push({ row: e.row, distance: e.plain });
      continue;
    }
    if (e.best > PRINT_RULES.candidateDistance) continue;
    if (verified >= MAX_VERIFIED_PER_PHOTO) {
      complete = false;
      continue;
    }
    verified++;
    const hints = [...e.hints.sort((a, b) => a.d - b.d), { win: 0, turn: 0, d: e.plain }];
    if (printMatch(theirs, photo.print, hints) !== null) copies.push({ row: e.row, distance: e.best });
  }
  return { copies, complete };
};

/** Which of the candidate rows each photo's lookup found are copies of it, verified on the prints. */
const matchesAmong = async (env: Env, found: { photo: CheckedPhoto; rows: Row[] }[], ownerId: string, now: number): Promise<PhotoMatch[]> => {
  const since = now - DUPLICATE_WINDOW_MS;
  if (isSharded(env)) {
    // The core found photos in any ad; the ads' own databases say which of those ads count. The
    // prints are verified first, on the core's rows: when every candidate near enough was verified
    // (the cap not reached), only the ads of photos that are copies can matter — one database
    // verifies the same rows after its filter, and finds copies only among these — so the ads'
    // databases are asked about those alone, and not at all when no photo is a copy (a photo merely
    // sharing a hash band with another costs no round trip). Otherwise every candidate's ad is asked.
    const first = found.map((f) => copiesAmong(f.photo, f.rows));
    const candidates = first.every((c) => c.complete) ? first.flatMap((c) => c.copies.map((copy) => copy.row)) : found.flatMap((f) => f.rows);
    const ids = [...new Set(candidates.map((row) => row.listing_id))];
    const ads = new Map((ids.length ? await listingRowsByIds<Row>(env, ids, LISTING_COLUMNS, WHOSE, [ownerId, ownerId, since]) : []).map((ad) => [ad.listing_id, ad]));
    for (const f of found) f.rows = f.rows.flatMap((row) => (ads.has(row.listing_id) ? [{ ...row, ...ads.get(row.listing_id)! }] : []));
  }
  const matches = new Map<string, PhotoMatch>();
  const keep = (r: Row, distance: number) => {
    const seen = matches.get(r.listing_id);
    if (seen && seen.distance <= distance) return;
    matches.set(r.listing_id, {
      mediaId: r.media_id,
      listingId: r.listing_id,
      userId: r.user_id,
      slug: r.slug,
      title: r.title,
      status: r.status,
      categoryId: r.category_id,
      subcategoryId: r.subcategory_id,
      distance,
      ...(r.photo_key === undefined ? {} : { photoKey: r.photo_key, adPhotoKeys: JSON.parse(r.ad_photo_keys ?? '[]') as string[] }),
    });
  };
  for (const { photo, rows } of found) for (const { row, distance } of copiesAmong(photo, rows).copies) keep(row, distance);
  return [...matches.values()].sort((a, b) => a.distance - b.distance);
};

/** The stored hashes and prints of these media rows (photos that could not be hashed have none). */
/** Media rows' stored hash and print as the check reads them; photos without a hash are not checked. */
export const checkedPhotos = (rows: { phash: string | null; print: ArrayBuffer | null }[]): CheckedPhoto[] =>
  rows.filter((r): r is { phash: string; print: ArrayBuffer | null } => r.phash !== null).map((r) => ({ hash: r.phash, print: decodePrint(r.print) }));

export const hashesOf = async (env: Env, mediaIds: string[]): Promise<CheckedPhoto[]> => {
  const photos: CheckedPhoto[] = [];
  for (let i = 0; i < mediaIds.length; i += 90) {
    const chunk = mediaIds.slice(i, i + 90);
    const { results } = await env.DB.prepare(
      `SELECT m.phash, p.print FROM media m LEFT JOIN media_prints p ON p.media_id = m.id WHERE m.phash IS NOT NULL AND m.id IN (${marks(chunk.length)})`,
    )
      .bind(...chunk)
      .all<{ phash: string; print: ArrayBuffer | null }>();
    photos.push(...checkedPhotos(results));
  }
  return photos;
};

/**
 * Where the print backfill has got to, in CACHE (photo ids are time-ordered ULIDs). A new key per
 * print version, so the job runs once more over every photo when prints change.
 */
export const PRINT_BACKFILL_CURSOR = 'phash:print-backfill:v2:cursor';
const BACKFILL_DONE = '~done';

/**
 * Gives photos stored before prints existed — or with a version-1 print (one frame) — their current
 * print and crop windows, `limit` photos per run (the hourly cron): each is read from R2 and hashed
 * again. A version-1 print keeps working meanwhile (read as its one trimmed frame). Until then such photos are still found
 * by their plain hash (re-encodes, resizes, light crops); afterwards mirrors, turns, crops and
 * borders of them too. A photo that cannot be read gets an empty print, so it is not retried.
 * Photos uploaded since have prints from the start, so once the cursor passes the last old photo
 * the job stops for good. Returns how many photos it handled.
 */
export const backfillPhotoPrints = async (env: Env, limit = 20) => {
  const cursor = (await env.CACHE.get(PRINT_BACKFILL_CURSOR)) ?? '';
  if (cursor === BACKFILL_DONE) return 0;
  const { results } = await env.DB.prepare(
    `SELECT m.id, m.r2_key, m.phash FROM media m
     WHERE m.id > ? AND m.phash IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM media_prints p WHERE p.media_id = m.id AND length(p.print) <> ?)
     ORDER BY m.id LIMIT ?`,
  )
    .bind(cursor, V1_PRINT_BYTES, limit)
    .all<{ id: string; r2_key: string; phash: string }>();
  for (const row of results) {
    let print: PhotoPrint | null = null;
    const object = await env.MEDIA.get(row.r2_key);
    if (object) {
      const bytes = new Uint8Array(await object.arrayBuffer());
      const kind = sniffImage(bytes)?.kind;
      const outcome = kind ? await hashPhoto(bytes, kind, { webpWasm, images: env.IMAGES }) : null;
      print = outcome?.checked ? outcome.print : null;
    }
    await env.DB.batch(
      // one that cannot be read now keeps a version-1 print it has (OR IGNORE); the lookup keys
      // kept with the photo follow its print (none: posting then looks it up from the row, as before)
      print
        ? [...printStatements(env, row.id, print), ...lookupKeyStatements(env, row.id, row.phash, print)]
        : [
            env.DB.prepare('INSERT OR IGNORE INTO media_prints (media_id, print, created_at) VALUES (?, ?, ?)').bind(row.id, new Uint8Array(0), Date.now()),
            env.DB.prepare('DELETE FROM media_lookups WHERE media_id = ?').bind(row.id),
          ],
    );
  }
  await env.CACHE.put(PRINT_BACKFILL_CURSOR, results.length < limit ? BACKFILL_DONE : results[results.length - 1]!.id);
  return results.length;
};

/**
 * What the photos mean for an ad being posted or edited: a 409 DUPLICATE_AD when the seller already
 * has this photo up in the same subcategory, otherwise whether another seller's live ad holds it.
 */
export const duplicateCheck = async (
  env: Env,
  // `photos`: the photos' hashes when the caller read them already (posting reads them with the
  // photos' ownership, one round trip fewer: decision 022)
  // `matches`: what the lookup found when posting ran it in its first read already (storedLookupStatements)
  input: { ownerId: string; mediaIds: string[]; photos?: CheckedPhoto[]; matches?: PhotoMatch[]; categoryId: string; subcategoryId: string | null; exceptListingId?: string },
  origin: string,
) => {
  const matches = input.matches ?? (await findPhotoMatches(env, input.photos ?? (await hashesOf(env, input.mediaIds)), input.ownerId, input.exceptListingId ?? ''));
  const own = matches.find((m) => m.userId === input.ownerId && m.categoryId === input.categoryId && m.subcategoryId === input.subcategoryId);
  if (own) {
    throw new AppError(
      409,
      'DUPLICATE_AD',
      `You already have an ad with this photo in the same category: "${own.title}". Edit that ad instead of posting it again.`,
      undefined,
      undefined,
      { existingListingId: own.listingId, existingListingUrl: `${origin}/item/${own.slug}` },
    );
  }
  return { holdForDuplicates: matches.some((m) => m.userId !== input.ownerId) };
};

/**
 * Property-based fuzzing driven by the API's own OpenAPI document (read through the worker).
 *
 * For every operation it generates requests from the documented parameter and body schemas
 * (types, enums, min/max, lengths, required) with realistic hints for ids and names, mixed with
 * hostile values: huge and odd unicode strings, NUL, lone surrogates, wrong types, null, negative,
 * 1e308 and 1e999 (Infinity after JSON.parse), SQL and FTS5 syntax, path traversal, markup,
 * prototype-pollution keys, malformed and deeply nested JSON, wrong content types, bad tokens.
 *
 * Properties checked on every response:
 *   - never a 5xx; the status is one the contract allows (2xx, redirects, 400/401/403/404/409/413/415/429)
 *   - JSON with the envelope: `{ success: false, error: string, code: STABLE_CODE }` on failure,
 *     no internals in the message; 429 carries Retry-After
 *   - on 2xx, the whole body validates against the documented response schema (a small
 *     JSON-schema checker for the subset the document uses)
 *   - redirects stay on this site (no open redirect)
 *   - nothing pollutes Object.prototype, nothing is logged with console.error
 *
 * Deterministic: a mulberry32 PRNG seeded per operation. Fast tier: 100 requests per operation;
 * deep tier (tests/hardening/vitest.deep.config.ts, FUZZ_SEED=n for another seed): 1,000. Skipped: the /api/dev routes (not in the document,
 * 404 outside local dev) and the webhook's signed path: without the provider's secret every request
 * stops at the signature check (fuzzed here, always 404/400); behind it is input only Razorpay can
 * sign, covered by tests/api/premium.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { paymentSignature } from '../../worker/services/commerce/premium';
import { parseIsoDateTime } from '../../worker/schemas/dates';
import { call } from '../api/helpers';
import { accountsDb, createListing, createUserWithToken, userRowsDb } from '../factories';
import { jpegBytes, pngBytes } from '../factories/images';
import { BASE_SEED, DEEP, VERBOSE, grantPlan, hashSeed, json, rng, seedNotification, tier, type Rng } from './support';

type Schema = Record<string, any>;
type User = Awaited<ReturnType<typeof createUserWithToken>>;

const PER_OPERATION = tier(100, 1000);

// ---------------------------------------------------------------- the document

const doc = (await call('/api/openapi.json')).body as { paths: Record<string, Record<string, Schema>> };

interface Operation {
  key: string;
  method: string;
  path: string;
  op: Schema;
  params: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema }[];
  body?: Schema;
  bodyRequired: boolean;
  secured: boolean;
}

const OPERATIONS: Operation[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({
    key: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    op,
    params: (op.parameters ?? []) as Operation['params'],
    body: op.requestBody?.content?.['application/json']?.schema,
    bodyRequired: Boolean(op.requestBody?.required),
    secured: Array.isArray(op.security) && op.security.length > 0,
  })),
);

// ---------------------------------------------------------------- a JSON-schema checker (the subset the document uses)

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const isType = (t: string, v: unknown) =>
  t === 'integer' ? Number.isInteger(v) : t === 'number' ? typeof v === 'number' && Number.isFinite(v) : t === 'object' ? typeOf(v) === 'object' : typeOf(v) === t;
const deepEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const checkSchema = (schema: Schema | undefined, value: unknown, at = '$'): string[] => {
  if (!schema || typeof schema !== 'object') return [];
  const errors: string[] = [];
  if ('const' in schema && !deepEqual(schema.const, value)) errors.push(`${at}: expected ${JSON.stringify(schema.const)}, got ${JSON.stringify(value)?.slice(0, 60)}`);
  if (Array.isArray(schema.enum) && !schema.enum.some((e: unknown) => deepEqual(e, value))) errors.push(`${at}: ${JSON.stringify(value)?.slice(0, 60)} is not one of ${JSON.stringify(schema.enum)}`);
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((s: Schema) => checkSchema(s, value, at).length === 0)) errors.push(`${at}: matches no anyOf branch`);
  if (Array.isArray(schema.oneOf) && schema.oneOf.filter((s: Schema) => checkSchema(s, value, at).length === 0).length !== 1) errors.push(`${at}: must match exactly one oneOf branch`);
  for (const s of (schema.allOf ?? []) as Schema[]) errors.push(...checkSchema(s, value, at));
  if (schema.nullable === true && value === null) return errors;
  if (schema.type !== undefined) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => isType(t, value))) return [...errors, `${at}: expected ${types.join('|')}, got ${typeOf(value)}`];
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) errors.push(`${at}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && length > schema.maxLength) errors.push(`${at}: longer than ${schema.maxLength}`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) errors.push(`${at}: does not match ${schema.pattern}`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${at}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${at}: above ${schema.maximum}`);
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) errors.push(`${at}: not above ${schema.exclusiveMinimum}`);
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) errors.push(`${at}: not below ${schema.exclusiveMaximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(`${at}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) errors.push(`${at}: more than ${schema.maxItems} items`);
    if (schema.items) value.forEach((item, i) => errors.push(...checkSchema(schema.items, item, `${at}[${i}]`)));
  }
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    for (const key of (schema.required ?? []) as string[]) if (!Object.hasOwn(obj, key)) errors.push(`${at}: missing ${key}`);
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [key, v] of Object.entries(obj)) {
      if (Object.hasOwn(props, key)) errors.push(...checkSchema(props[key], v, `${at}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${at}: unexpected property ${key}`);
      else if (typeof schema.additionalProperties === 'object') errors.push(...checkSchema(schema.additionalProperties, v, `${at}.${key}`));
      if (schema.propertyNames) errors.push(...checkSchema(schema.propertyNames, key, `${at}{${key}}`));
    }
  }
  return errors;
};

// ---------------------------------------------------------------- hostile values

/** A JSON token that JSON.stringify cannot produce (e.g. 1e999, which parses to Infinity). */
class Raw {
  constructor(readonly text: string) {}
}

const HOSTILE_STRINGS = [
  '', ' ', '\t\n\r', 'x'.repeat(10_000), 'ä'.repeat(3_000), '😀'.repeat(700), '\u0000', 'a\u0000b', '\ud800', '\udfff\ud800', '\u202eevil', '\ufeffbom',
  'Ｂｅｎｇａｌｕｒｕ', 'İıŞş', 'ß'.repeat(60), "' OR '1'='1", "'; DROP TABLE users; --", '" OR ""="', '1) UNION SELECT sql FROM sqlite_master --',
  "x' AND (SELECT 1 FROM users)='1", '%', '_', '\\', '%_%\\', 'NEAR(creta honda, 2)', 'creta OR honda AND NOT bmw', 'title:creta', '"unbalanced',
  'creta*', '^start', '-minus +plus', '{title description}: car', '(((', ')))', 'a"b\'c`d', '../../../etc/passwd', '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f', '..\\..\\boot.ini', '/etc/passwd', 'file:///etc/passwd', 'http://169.254.169.254/latest/meta-data/', '//evil.example/x',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '<script>alert(1)</script>', '"><svg onload=alert(1)>',
  'javascript:alert(1)', '${7*7}', '{{7*7}}', '%s%n%x%d', '1e308', '-1', '0', 'NaN', 'Infinity', '-0', '0x1F', '1_000', '١٢٣', '  42  ',
  'null', 'undefined', 'true', '[]', '{}', 'DELETE', 'usr_', 'cht_', '0'.repeat(70), 'A'.repeat(65), '%E0%A4%A', '%ED%A0%80', '%zz', '%',
  'http://sel.test/api/media/%E0%A4%A', 'http://sel.test/api/media/..%2F..%2Fx.jpg',
];
/** Pre-encoded path segments: malformed percent-encoding and encoded traversal, sent as they are. */
const RAW_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%ED%A0%80', '%00', '%2F', '..%2F..%2F', '%252e%252e', '%C0%AE%C0%AE', '%u002e', '.', '..', '%2e%2e'];
/** Header values must be printable ASCII, or the Request itself refuses them before the worker sees anything. */
const HEADER_SAFE = HOSTILE_STRINGS.filter((v) => /^[\x20-\x7e]*$/.test(v) && v.length < 8000);

/** encodeURIComponent, except that lone surrogates become their (invalid) WTF-8 bytes instead of throwing. */
const encodeSegment = (v: string) =>
  [...v]
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        const c = ch.charCodeAt(0);
        return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      }
    })
    .join('');
const HOSTILE_VALUES: unknown[] = [
  null, true, false, 0, -1, -0.5, 1.5, 1e308, -1e308, 2 ** 53 + 2, Number.MIN_VALUE, new Raw('1e999'), new Raw('-1e999'), new Raw('1E400'),
  [], [null], [[[]]], ['a', 1, null], {}, { $gt: '' }, { length: 1e9 }, { toString: 'x' },
];

/** A hostile value; objects and arrays are fresh copies, so later mutations never touch the shared list. */
const hostile = (r: Rng): unknown => {
  if (r.chance(0.6)) return r.pick(HOSTILE_STRINGS);
  const v = r.pick(HOSTILE_VALUES);
  return v !== null && typeof v === 'object' && !(v instanceof Raw) ? structuredClone(v) : v;
};

/** An object with keys that are dangerous to merge: own enumerable __proto__ and constructor.prototype. */
const pollution = (r: Rng) => {
  const o: Record<string, unknown> = {};
  Object.defineProperty(o, '__proto__', { value: { polluted: 'yes', isAdmin: true }, enumerable: true, writable: true, configurable: true });
  if (r.chance(0.5)) Object.defineProperty(o, 'constructor', { value: { prototype: { polluted: 'yes' } }, enumerable: true, writable: true, configurable: true });
  if (r.chance(0.3)) o.prototype = { polluted: 'yes' };
  return o;
};

// ---------------------------------------------------------------- fixtures and hints

interface World {
  users: User[];
  pro: User;
  seller: User;
  listingIds: string[];
  hiddenIds: string[];
  slugs: string[];
  chatIds: string[];
  notificationIds: string[];
  photoUrls: Map<string, string[]>;
  locationIds: number[];
  orderIds: string[];
  login: { email: string; password: string };
  /** what each user owns, so valid-ish requests reach the happy path, not only the 403s */
  own: Map<string, { listings: string[]; chats: string[]; notifications: string[]; orders: string[] }>;
  /** uploaded photos not yet given to a generated ad */
  freePhotos: Map<string, string[]>;
  /** accounts and ads that blocks, bans, reports and moderation decisions may hit without breaking the rest of the world */
  victims: string[];
  victimListings: string[];
  /** saved searches by owner */
  savedSearches: Map<string, string[]>;
  /** each user's ads in the archive (deleted ads are archived at once, decision 021) */
  archived: Map<string, string[]>;
  /** conversations that left D1 with their archived ad, which has an open report: moderators read them */
  heldChatIds: string[];
}
let world: World;

const CAR = { brand: 'Hyundai', year: 2020, fuel: 'Diesel', transmission: 'Manual', kmDriven: 1000, noOfOwners: '1st' };
const WORDS = ['honda', 'creta', 'iphone 13', 'flat koramangala', 'royal enfield', 'sofa', 'job', 'bangalore', 'used car diesel', 'pg'];

const hintsFor = (w: World, op: Operation, actor: User | null): Record<string, (r: Rng) => unknown> => {
  const me = actor ?? w.users[0]!;
  const mine = w.own.get(me.id) ?? { listings: [], chats: [], notifications: [], orders: [] };
  const [anyIds, myIds] = op.path.startsWith('/admin/users') || op.path.startsWith('/users')
    ? [w.victims, []]
    : op.path.startsWith('/sellers')
      ? [[...w.users.map((u) => u.id), w.seller.id, ...w.victims], [me.id]]
    : op.path.startsWith('/admin/listings') || op.path.endsWith('/report')
      ? [w.victimListings, []]
      : op.path.startsWith('/admin/chats')
        ? [[...w.heldChatIds, ...w.chatIds], []]
      : op.path.startsWith('/messages')
    ? [w.chatIds, mine.chats]
    : op.path.startsWith('/notifications')
      ? [w.notificationIds, mine.notifications]
      : op.path.startsWith('/saved-searches')
        ? [[...w.savedSearches.values()].flat(), w.savedSearches.get(me.id) ?? []]
      : op.path.startsWith('/locations')
        ? [w.locationIds.map(String), []]
      : op.path.startsWith('/listings/user/archived')
        ? [[...w.archived.values()].flat(), w.archived.get(me.id) ?? []]
        : [[...w.listingIds, ...w.hiddenIds], mine.listings];
  const photos = w.photoUrls.get(me.id) ?? [];
  return {
    id: (r) => (myIds.length && r.chance(0.6) ? r.pick(myIds) : r.pick(anyIds)),
    userId: (r) => (r.chance(0.7) ? me.id : r.pick(w.users).id),
    slug: (r) => r.pick(w.slugs),
    listingId: (r) => r.pick([...w.listingIds, ...w.hiddenIds]),
    chatId: (r) => r.pick(w.chatIds),
    provider: (r) => r.pick(['google', 'facebook', 'github', 'twitter']),
    state: (r) => r.pick(['Karnataka', 'Maharashtra', 'Tamil Nadu', 'Delhi']),
    city: (r) => r.pick(['Bengaluru', 'Pune', 'Mumbai', 'Chennai']),
    neighbourhood: (r) => r.pick(['Indiranagar', 'Koramangala', 'Whitefield']),
    location: (r) => r.pick(['Bengaluru', 'India', 'Pune', 'Koramangala', 'Mumbai, Maharashtra', 'Karnataka']),
    q: (r) => r.pick(WORDS),
    category: (r) => r.pick(['Vehicles', 'vehicles-cars', 'Electronics', 'Cars', 'Properties', 'Jobs']),
    categoryId: (r) => r.pick(['Vehicles', 'vehicles', 'Electronics', 'Properties', 'Jobs']),
    subcategory: (r) => r.pick(['Cars', 'vehicles-cars', 'Smartphones', 'Rentals']),
    subcategoryId: (r) => r.pick(['Cars', 'vehicles-cars', 'Smartphones', 'Rentals']),
    email: (r) => (r.chance(0.3) ? w.login.email : `fuzz.${r.int(1, 1e9)}@example.in`),
    password: (r) => (r.chance(0.3) ? w.login.password : `mango${r.int(1000, 9999)}`),
    phone: (r) => `9${r.int(100_000_000, 999_999_999)}`,
    sellerPhone: (r) => `+91 9${r.int(100_000_000, 999_999_999)}`,
    otp: (r) => String(r.int(0, 999_999)).padStart(6, '0'),
    images: (r) => (photos.length ? photos.slice(0, r.int(1, photos.length)) : []),
    features: () => CAR,
    price: (r) => r.pick([r.int(0, 5_000_000), `₹ ${r.int(1, 99)},${r.int(100, 999)}`]),
    // premium plans, or seller packages for the business routes (the cart's path and bodies)
    packageId: (r) => (op.path.startsWith('/business') ? r.pick(BUSINESS_PACKAGES) : r.pick(['basic', 'pro', 'platinum'])),
    orderId: (r) => r.pick(w.orderIds),
    razorpay_order_id: (r) => r.pick(w.orderIds),
    razorpay_payment_id: (r) => `pay_${r.int(1, 1e6)}`,
    content: (r) => r.pick(['Is it available?', 'Final price?', 'Please share your UPI PIN', 'ok']),
    clientId: (r) => `fz-${r.int(1, 1e9)}`,
    confirm: () => 'DELETE',
    avatar: (r) => r.pick(['https://example.in/a.jpg', '/api/media/u/x/y.jpg', null]),
    username: (r) => `fz_${r.int(1000, 999_999)}`,
    // moderators' reasons and report details: plain, and forged audit lines (CR/LF, bidi overrides, invisible marks)
    reason: (r) =>
      op.path.endsWith('/report')
        ? r.pick(['FRAUD', 'SPAM', 'DUPLICATE', 'WRONG_CATEGORY', 'PROHIBITED', 'OFFENSIVE', 'SOLD', 'OTHER'])
        : r.pick(['Fake photos', 'Checked, genuine seller', 'Scam', 'Scam\r\n2026-11-25 ADMIN UNBAN usr_x', '\u202Etxt.exe\u202C ok', '\u200B\u200B\u2066 ']),
    action: (r) => r.pick(['APPROVE', 'REJECT']),
    details: (r) => r.pick(['Asked for advance payment', '', 'Same ad posted twice', 'Line one\r\n\u202Eline two\u2069\u0000']),
    // "only the new ads" (since): real moments, offsets, dates, and near misses
    since: (r) =>
      r.pick([
        new Date(Date.now() - r.int(0, 90 * 86_400_000)).toISOString(),
        '2026-11-25',
        '2026-11-25T09:30:00+05:30',
        '2026-02-30T00:00:00Z',
        '2026-02-30',
        '2025-02-29',
        '2026-04-31T10:00:00+05:30',
        '2026-01-01T24:00:00Z',
        '2026-11-25T25:61:00Z',
        `${r.int(1, 1e12)}`,
        'yesterday',
      ]),
  };
};

/** Real seller-package ids, so mutants reach pricing and the cart rather than stopping at "no such package". */
const BUSINESS_PACKAGES = ['ad-slots-1-vehicles-cars', 'featured-7d-home-and-garden', 'boost-3-pets', 'ad-slots-10-jobs'];

/** Known-good bodies for the routes whose fields only make sense together; mutants start from them. */
const VALID_BODY: Record<string, (r: Rng, w: World, me: User) => Promise<Record<string, unknown>> | Record<string, unknown>> = {
  'POST /listings': (r, w, me) => ({
    title: `Fuzzed car number ${r.int(1, 1e6)}`,
    description: 'A well kept car, single owner, all papers clear.',
    price: r.int(1, 5_000_000),
    categoryId: 'Vehicles',
    subcategoryId: 'Cars',
    ...(r.chance(0.5) ? { location: r.pick(['Bengaluru', 'Pune', 'Koramangala']) } : { state: 'Karnataka', city: 'Bengaluru', neighbourhood: 'Indiranagar' }),
    // a photo joins one ad only: hand out unused ones while they last
    images: (w.freePhotos.get(me.id) ?? []).splice(0, r.int(1, 2)),
    features: { ...CAR, kmDriven: r.int(0, 200_000) },
  }),
  'POST /saved-searches': (r) => ({
    query: r.pick([{ q: 'activa pune' }, { category: 'Vehicles', subcategory: 'Cars', maxPrice: r.int(1, 5_000_000) }, { q: 'sofa', location: 'Bengaluru' }, { lat: 12.97, lng: 77.59, radiusKm: 10, q: 'iphone' }]),
    alert: r.pick(['instant', 'daily', 'off']),
    ...(r.chance(0.5) ? { name: `Fuzz search ${r.int(1, 1e6)}` } : {}),
  }),
  'PUT /saved-searches/{id}': (r) => r.pick([{ alert: r.pick(['instant', 'daily', 'off']) }, { name: `Renamed ${r.int(1, 1e6)}` }]),
  'PUT /listings/{id}': (r) => r.pick([{ price: r.int(1, 5_000_000) }, { title: `Edited title ${r.int(1, 1e6)}` }, { description: 'Edited description of the car.' }, { features: { ...CAR, year: r.int(1990, 2025) } }]),
  'POST /premium/verify-payment': async (r, w, me) => {
    const orderId = r.pick(w.own.get(me.id)?.orders.length ? w.own.get(me.id)!.orders : w.orderIds);
    const paymentId = `pay_fuzz_${r.int(1, 1e6)}`;
    return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: await paymentSignature(env, orderId, paymentId) };
  },
  'POST /premium/access-phone/{userId}': (r, w) => ({ listingId: r.pick(w.own.get(w.seller.id)!.listings) }),
  // real package ids, so mutants reach pricing rather than stopping at "no such package"
  'POST /business/orders': (r) => ({
    items: [{ packageId: r.pick(['ad-slots-1-vehicles-cars', 'featured-7d-home-and-garden', 'boost-3-pets', 'ad-slots-10-jobs']), quantity: r.int(1, 20) }],
  }),
  'POST /business/quote': (r) => ({
    items: [{ packageId: r.pick(['ad-slots-1-vehicles-cars', 'featured-7d-home-and-garden', 'boost-3-pets', 'ad-slots-10-jobs']), quantity: r.int(1, 20) }],
  }),
  'POST /business/cart/items': (r) => ({ packageId: r.pick(BUSINESS_PACKAGES), quantity: r.int(1, 20) }),
  'PUT /business/cart/items/{packageId}': (r) => ({ quantity: r.int(1, 20) }),
  'POST /business/cart/merge': (r) => ({ items: BUSINESS_PACKAGES.slice(0, r.int(0, 4)).map((packageId) => ({ packageId, quantity: r.int(1, 20) })) }),
};

/** Operations that end the caller's session: each request gets a throwaway user. */
const DESTRUCTIVE = new Set(['POST /auth/logout-all-devices', 'DELETE /auth/account']);
/** Bodies the document does not describe (read leniently by the route). */
const IMPLICIT_BODY: Record<string, Schema> = {
  'POST /listings/{id}/favorite': { type: 'object', properties: { isFavorite: { type: 'boolean' } } },
  'POST /premium/webhook': { type: 'object', properties: { event: { type: 'string', enum: ['payment.captured', 'order.paid'] }, payload: { type: 'object' } } },
};

// ---------------------------------------------------------------- generators

interface Gen {
  r: Rng;
  hints: Record<string, (r: Rng) => unknown>;
  /** chance that a field is replaced by a hostile value */
  hostility: number;
}

const genString = (s: Schema, r: Rng) => {
  if (typeof s.pattern === 'string' && s.pattern.includes('[0-9a-f]{64}')) return Array.from({ length: 64 }, () => '0123456789abcdef'[r.int(0, 15)]).join('');
  if (typeof s.pattern === 'string' && s.pattern.includes('A-Za-z0-9._')) return `u_${r.int(100, 99_999)}`;
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? min + 24, min + 24);
  const length = r.int(min, Math.max(min, max));
  const alphabet = 'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ0123456789-.,';
  return Array.from({ length }, () => alphabet[r.int(0, alphabet.length - 1)]).join('') || (min > 0 ? 'x'.repeat(min) : '');
};

const gen = (s: Schema | undefined, g: Gen, name?: string, depth = 0): unknown => {
  const { r } = g;
  if (g.hostility > 0 && r.chance(g.hostility)) return hostile(r);
  if (name && g.hints[name] && r.chance(0.85)) return g.hints[name]!(r);
  if (!s || typeof s !== 'object' || depth > 6) return r.pick(['x', 1, true]);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return r.pick(s.enum);
  const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (branches) return gen(r.pick(branches), g, name, depth + 1);
  const type: string = Array.isArray(s.type) ? r.pick(s.type) : (s.type ?? (s.properties ? 'object' : s.items ? 'array' : 'string'));
  switch (type) {
    case 'string':
      return genString(s, r);
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
      const max = Math.min(s.maximum ?? min + 1000, min + 100_000);
      const n = r.int(Math.ceil(min), Math.floor(max));
      return type === 'number' && r.chance(0.2) ? n + 0.5 : n;
    }
    case 'boolean':
      return r.chance(0.5);
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: r.int(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)) }, () => gen(s.items, g, undefined, depth + 1));
    default: {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(s.required ?? []);
      for (const [key, prop] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
        if (required.has(key) || r.chance(0.5)) out[key] = gen(prop, g, key, depth + 1);
      }
      if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        for (let i = r.int(0, 2); i > 0; i--) out[`k${r.int(0, 99)}`] = gen(s.additionalProperties, g, undefined, depth + 1);
      }
      return out;
    }
  }
};

/** JSON text, with Raw tokens spliced in where JSON.stringify cannot write them. */
const toJson = (value: unknown) => {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v) => (v instanceof Raw ? `\u0001RAW${raws.push(v.text) - 1}\u0001` : v));
  return (text ?? 'null').replace(/"\\u0001RAW(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
};

const asParam = (v: unknown): string[] => {
  if (Array.isArray(v)) return v.length ? v.flatMap(asParam) : [''];
  if (v instanceof Raw) return [v.text];
  if (v !== null && typeof v === 'object') return [JSON.stringify(v)];
  return [String(v)];
};

const CHAOS_BODIES = [
  '', '{', '{"a":', 'null', '[]', '"a string"', '42', 'true', '\u0000', '{"a":1,"a":2}', '\ufeff{}', '{/* c */}', '{"x": NaN}', '{"x": 1e999}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`, `{"features":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`, `"${'x'.repeat(300 * 1024)}"`, 'x=1&y=2',
];
const CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/json; charset=utf-16', 'application/xml', ''];

interface Built {
  method: string;
  url: string;
  init: RequestInit;
  /** false when a raw path segment may have been normalised into another route */
  schemaApplies: boolean;
  mode: string;
}

const uploadBody = (r: Rng) => {
  const form = new FormData();
  const kind = r.int(0, 6);
  const bytes = [jpegBytes(16, 16), pngBytes(), new Uint8Array(0), new TextEncoder().encode('<svg onload=alert(1)>'), jpegBytes(16, 16).slice(0, 50)][Math.min(kind, 4)]!;
  const field = r.chance(0.85) ? 'image' : r.pick(['photo', '__proto__', 'image[]', '']);
  if (kind === 5) form.append(field, 'just a string');
  else if (kind !== 6) form.append(field, new File([bytes as Uint8Array<ArrayBuffer>], r.pick(['a.jpg', '../../x.jpg', 'x.svg', '']), { type: r.pick(['image/jpeg', 'text/html', '']) }));
  return form;
};

const build = async (o: Operation, r: Rng, actor: User | null): Promise<Built> => {
  const roll = r();
  const mode = roll < 0.45 ? 'valid' : roll < 0.85 ? 'mutant' : 'chaos';
  const g: Gen = { r, hints: hintsFor(world, o, actor), hostility: mode === 'valid' ? 0 : mode === 'mutant' ? 0.3 : 0.5 };
  let schemaApplies = true;
  // path
  let path = o.path;
  for (const p of o.params.filter((x) => x.in === 'path')) {
    const value = asParam(gen(p.schema, g, p.name))[0] ?? '';
    const raw = mode !== 'valid' && r.chance(0.15);
    if (raw) schemaApplies = false;
    path = path.replace(`{${p.name}}`, raw ? (r.chance(0.5) ? r.pick(RAW_SEGMENTS) : value) : encodeSegment(value));
  }
  // query
  const query = new URLSearchParams();
  for (const p of o.params.filter((x) => x.in === 'query')) {
    if (!p.required && r.chance(mode === 'valid' ? 0.5 : 0.35)) continue;
    for (const v of asParam(gen(p.schema, g, p.name))) query.append(p.name, v);
  }
  if (mode !== 'valid' && r.chance(0.2)) {
    query.append(r.pick(['__proto__[polluted]', 'constructor[prototype][polluted]', '__proto__.polluted', 'page[]', 'limit[$gt]']), 'yes');
  }
  // headers
  const headers: Record<string, string> = { 'CF-Connecting-IP': `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}` };
  if (o.secured || r.chance(0.2)) {
    const auth = mode === 'chaos' ? r.int(0, 5) : r.chance(0.92) ? 0 : r.int(1, 5);
    const token = actor?.token ?? '';
    headers.authorization = [`Bearer ${token}`, '', 'Bearer', `Bearer ${token}x`, `Basic ${token}`, `Bearer ${r.pick(HEADER_SAFE)}`][auth]!;
    if (!headers.authorization) delete headers.authorization;
  }
  // body
  let body: BodyInit | undefined;
  const schema = o.body ?? IMPLICIT_BODY[o.key];
  if (o.key === 'POST /upload/image') {
    body = mode === 'chaos' && r.chance(0.4) ? r.pick(CHAOS_BODIES) : uploadBody(r);
    if (typeof body === 'string') headers['content-type'] = r.pick(CONTENT_TYPES) || 'multipart/form-data';
  } else if (schema || (o.method !== 'GET' && r.chance(0.3))) {
    if (mode === 'chaos' && r.chance(0.6)) body = r.pick(CHAOS_BODIES);
    else {
      const template = VALID_BODY[o.key];
      let value: unknown = template && mode !== 'chaos' && r.chance(0.6) ? await template(r, world, actor ?? world.users[0]!) : gen(schema, g);
      if (template && mode === 'mutant' && value && typeof value === 'object') {
        // one or two fields of an otherwise valid body turned hostile: reaches the deep code paths
        const obj = value as Record<string, unknown>;
        for (let k = r.int(1, 2); k > 0; k--) {
          const field = r.pick(Object.keys(obj));
          const current = obj[field];
          obj[field] = Array.isArray(current) && current.length && r.chance(0.5) ? current.map((x, j) => (j === 0 ? hostile(r) : x)) : hostile(r);
        }
      }
      if (mode !== 'valid' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
        const obj = value as Record<string, unknown>;
        if (r.chance(0.25)) Object.assign(obj, { userId: r.pick(world.users).id, status: 'APPROVED', isFeatured: true, views: 1e9, tokenVersion: 9 });
        if (r.chance(0.25)) value = Object.assign(pollution(r), obj);
        if (r.chance(0.15) && schema?.required?.length) delete obj[r.pick(schema.required as string[])];
      }
      body = toJson(value);
    }
    headers['content-type'] = mode !== 'valid' && r.chance(0.15) ? r.pick(CONTENT_TYPES) : 'application/json';
    if (!headers['content-type']) delete headers['content-type'];
  }
  const qs = query.toString();
  // redirects are the answer under test, not something to follow
  return { method: o.method, url: `/api${path}${qs ? `?${qs}` : ''}`, init: { method: o.method, headers, redirect: 'manual', ...(body === undefined ? {} : { body }) }, schemaApplies, mode };
};

// ---------------------------------------------------------------- properties

// 402: over the free-ad limit (posting, an edit into another group, going live again) or no promotion package (decision 007)
// 410: a banned or deleted seller's page is gone (decision 026)
// 410: an ad moved to the archive (decision 021), which a fuzzed DELETE can do to any fixture ad
const ALLOWED = new Set([200, 201, 204, 301, 302, 303, 307, 308, 400, 401, 402, 403, 404, 409, 410, 413, 415, 429]);
/** Date query parameters: a value that is not a real calendar date and time is never accepted (decision 008). */
const DATE_PARAMS = ['since'];
const INTERNALS = /\[object |native code|SQLITE|D1_|no such (table|column)|TypeError|ReferenceError|RangeError|SyntaxError: (?!Unexpected)|at \S+\.(ts|js):\d+|undefined is not|Cannot read prop/;

const templateRegex = (template: string) => new RegExp(`^/api${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);

interface Stats {
  requests: number;
  byStatus: Record<number, number>;
  modes: Record<string, number>;
  schemaChecked: number;
  undocumented: Set<number>;
  /** error codes seen, printed with FUZZ_VERBOSE=1 (deep config) */
  codes: Record<string, number>;
}

const stats = new Map<string, Stats>();
const failures: string[] = [];

const check = (o: Operation, b: Built, res: { status: number; body: any; headers: Headers }) => {
  const where = `${b.method} ${b.url.slice(0, 160)} [${b.mode}] → ${res.status}`;
  expect(res.status, `${where} ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
  expect(ALLOWED.has(res.status), `${where}: status outside the contract`).toBe(true);
  for (const name of DATE_PARAMS) {
    const value = new URL(b.url, 'http://sel.test').searchParams.get(name);
    if (value && parseIsoDateTime(value) === undefined) expect(res.status, `${where}: ${name}=${value} is not a real date`).toBeGreaterThanOrEqual(400);
  }
  const s = stats.get(o.key)!;
  if (!o.op.responses?.[String(res.status)] && !(res.status === 201 && o.op.responses?.['200'])) s.undocumented.add(res.status);
  if (res.status >= 300 && res.status < 400) {
    const location = res.headers.get('location') ?? '';
    expect(location, `${where}: redirect must stay on this site`).toMatch(/^\/(?![/\\])/);
    const error = new URL(location, 'http://sel.test').searchParams.get('error') ?? '';
    expect(error, `${where}: redirect message leaks internals`).not.toMatch(INTERNALS);
    return;
  }
  // a document (tax invoice, leads CSV) answers 2xx in the media type it documents, never JSON
  const fileType = res.status < 300 ? Object.keys(o.op.responses?.['200']?.content ?? {}).find((t) => t !== 'application/json') : undefined;
  if (fileType) {
    expect(res.headers.get('content-type') ?? '', where).toContain(fileType);
    expect(typeof res.body, where).toBe('string');
    s.schemaChecked++;
    return;
  }
  expect(res.headers.get('content-type') ?? '', where).toContain('application/json');
  expect(typeof res.body, `${where}: body is not JSON`).toBe('object');
  expect(typeof res.body?.success, where).toBe('boolean');
  if (res.status >= 400) {
    expect(res.body.success, where).toBe(false);
    expect(typeof res.body.error === 'string' && res.body.error.length > 0, `${where}: error message`).toBe(true);
    expect(res.body.code, `${where}: code`).toMatch(/^[A-Z][A-Z0-9_]*$/);
    expect(res.body.error, `${where}: message leaks internals`).not.toMatch(INTERNALS);
    if (res.status === 429) expect(Number(res.headers.get('retry-after')), `${where}: Retry-After`).toBeGreaterThan(0);
    return;
  }
  expect(res.body.success, where).toBe(true);
  if (!b.schemaApplies && !templateRegex(o.path).test(new URL(b.url, 'http://sel.test').pathname)) return;
  const documented = o.op.responses?.[String(res.status)] ?? o.op.responses?.['200'];
  const schema = documented?.content?.['application/json']?.schema;
  expect(schema, `${where}: 2xx without a documented JSON schema`).toBeDefined();
  const errors = checkSchema(schema, res.body);
  expect(errors, `${where}: response does not match the document`).toEqual([]);
  s.schemaChecked++;
};

// ---------------------------------------------------------------- fixtures

const photoFor = async (userId: string) => {
  const key = `u/${userId}/${ulid().toLowerCase()}.jpg`;
  await env.MEDIA.put(key, jpegBytes(16, 16), { httpMetadata: { contentType: 'image/jpeg' } });
  await env.DB.prepare(`INSERT INTO media (id, owner_id, listing_id, r2_key, content_type, bytes, position, created_at) VALUES (?, ?, NULL, ?, 'image/jpeg', 100, 0, ?)`)
    .bind(`med_${ulid().toLowerCase()}`, userId, key, Date.now())
    .run();
  return `http://sel.test/api/media/${key}`;
};

/** The per-user limit each operation counts against (see worker/lib/rate-limit.ts). */
const USER_LIMIT: Record<string, string> = {
  'POST /listings': 'post-user',
  'POST /upload/image': 'upload-user',
  'POST /messages/messages': 'messages-user',
  'POST /listings/{id}/report': 'report-user',
};
const resetUserLimits = async (key: string) => {
  const name = USER_LIMIT[key];
  if (!name) return;
  for (const u of [...world.users, world.pro]) await env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`${name}:${u.id}`)).reset();
};

const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();
let logSpy: MockInstance<typeof console.log> | undefined;
let errorSpy: MockInstance<typeof console.error> | undefined;
const started = Date.now();

beforeAll(async () => {
  // the dev outbox prints every SMS; thousands of them would bury the summary
  const log = console.log.bind(console);
  logSpy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('[dev outbox]')) return;
    log(...args);
  });
  errorSpy = vi.spyOn(console, 'error');
  const users = [await createUserWithToken({ firstName: 'Fuzz' }), await createUserWithToken(), await createUserWithToken(), await createUserWithToken()];
  const pro = users[1]!;
  await grantPlan(pro.id, 'pro');
  const seller = await createUserWithToken({ phone: '9811100001', isVerified: true });
  const own: World['own'] = new Map([...users, seller].map((u) => [u.id, { listings: [], chats: [], notifications: [], orders: [] }]));
  const listingIds: string[] = [];
  const hiddenIds: string[] = [];
  const slugs: string[] = [];
  const photoUrls = new Map<string, string[]>();
  const freePhotos = new Map<string, string[]>();
  for (const u of [...users, seller]) {
    const urls = [await photoFor(u.id), await photoFor(u.id), await photoFor(u.id)];
    photoUrls.set(u.id, urls);
    const spare: string[] = [];
    for (let i = u === users[0] ? tier(40, 300) : tier(6, 30); i > 0; i--) spare.push(await photoFor(u.id));
    freePhotos.set(u.id, spare);
    for (let i = 0; i < 4; i++) {
      const key = `u/${u.id}/${ulid().toLowerCase()}.jpg`;
      await env.MEDIA.put(key, jpegBytes(16, 16), { httpMetadata: { contentType: 'image/jpeg' } });
      const l = await createListing(u, { title: `Fuzz fixture car ${i}`, features: CAR, images: [key], status: i === 3 ? 'INACTIVE' : 'APPROVED' });
      (i === 3 ? hiddenIds : listingIds).push(l.id);
      own.get(u.id)!.listings.push(l.id);
      slugs.push(l.slug);
    }
  }
  const archived: World['archived'] = new Map();
  for (const u of [...users, seller]) {
    const key = `u/${u.id}/${ulid().toLowerCase()}.jpg`;
    await env.MEDIA.put(key, jpegBytes(16, 16), { httpMetadata: { contentType: 'image/jpeg' } });
    const gone = await createListing(u, { title: 'Fuzz fixture car archived', features: CAR, images: [key], area: 'Koramangala' });
    expect((await json(u, 'DELETE', `/api/listings/${gone.id}`)).status).toBe(200);
    archived.set(u.id, [gone.id]);
  }
  const chatIds: string[] = [];
  for (const buyer of users) {
    const sellerAd = listingIds[listingIds.length - 1]!;
    const opened = await json(buyer, 'POST', '/api/messages/chats', { listingId: sellerAd });
    chatIds.push(opened.body.data.chat.id);
    own.get(buyer.id)!.chats.push(opened.body.data.chat.id);
    own.get(seller.id)!.chats.push(opened.body.data.chat.id);
  }
  const notificationIds = [];
  for (const u of users) {
    const ids = [await seedNotification(u.id), await seedNotification(u.id)];
    notificationIds.push(...ids);
    own.get(u.id)!.notifications.push(...ids);
  }
  const locationIds = ((await env.DB.prepare('SELECT id FROM locations ORDER BY id LIMIT 40').all<{ id: number }>()).results ?? []).map((x) => x.id);
  const orderIds: string[] = [];
  for (const u of [users[0]!, users[2]!]) {
    const order = await json(u, 'POST', '/api/premium/create-order', { packageId: 'basic' });
    orderIds.push(order.body.data.orderId);
    own.get(u.id)!.orders.push(order.body.data.orderId);
  }
  // the fuzzed posts are Cars ads (1 free per 365 days): paid slots keep them reaching the whole post path
  for (const u of [...users, seller]) {
    // in the seller's accounts database, beside their postings (decision 034; `DB` with one)
    await accountsDb(u.id).prepare(
      `INSERT INTO seller_credits (id, user_id, order_id, package_id, type, limit_key, category_id, subcategory_id, quantity, validity_days, expires_at, created_at)
       VALUES (?, ?, ?, 'ad-slots-10-vehicles-cars', 'AD_SLOTS', 'vehicles-cars', 'vehicles', 'vehicles-cars', 100000, 30, ?, ?)`,
    )
      .bind(`cr_${ulid().toLowerCase()}`, u.id, `bo_fuzz_${u.id}`, Date.now() + 86_400_000, Date.now())
      .run();
  }
  const login = { email: `fuzz.login.${ulid().toLowerCase()}@example.in`, password: 'mango2024' };
  expect((await json(null, 'POST', '/api/auth/register', login, { 'CF-Connecting-IP': '10.255.0.1' })).status).toBe(201);
  // the main fuzz user is a moderator, so /admin/* reaches its happy path; its targets are throwaway
  await userRowsDb(users[0]!.id).prepare(`UPDATE users SET role = 'MODERATOR' WHERE id = ?`).bind(users[0]!.id).run();
  const victims: string[] = [];
  const victimListings: string[] = [];
  for (let i = 0; i < 2; i++) {
    const v = await createUserWithToken({ firstName: 'Victim' });
    victims.push(v.id);
    for (let j = 0; j < 2; j++) victimListings.push((await createListing(v, { title: `Victim car ${i}-${j}`, features: CAR })).id);
  }
  // a conversation that left D1 with its archived ad while a report on the ad is open (decision 021): its marker and the report
  const heldChatIds = [`cht_${ulid().toLowerCase()}`];
  await env.MEDIA.put(`archive/chats/${heldChatIds[0]}`, '', { customMetadata: { listingId: victimListings[0]!, buyerId: victims[0]!, sellerId: victims[1]!, archivedAt: String(Date.now()) } });
  await env.DB.prepare(`INSERT INTO listing_reports (id, listing_id, reporter_id, reason, status, created_at) VALUES (?, ?, ?, 'FRAUD', 'OPEN', ?)`)
    .bind(`rep_${ulid().toLowerCase()}`, victimListings[0]!, victims[1]!, Date.now())
    .run();
  const savedSearches = new Map<string, string[]>();
  for (const u of users) {
    const ids: string[] = [];
    for (const query of [{ q: 'activa pune' }, { category: 'Vehicles', maxPrice: 40000 }]) ids.push((await json(u, 'POST', '/api/saved-searches', { query })).body.data.id);
    savedSearches.set(u.id, ids);
  }
  world = { users, pro, seller, listingIds, hiddenIds, slugs, chatIds, notificationIds, photoUrls, locationIds, orderIds, login, own, freePhotos, victims, victimListings, savedSearches, archived, heldChatIds };
}, 60_000); // the world takes a while to build on a busy machine

afterAll(() => {
  logSpy?.mockRestore();
  const lines = [...stats.entries()].map(([key, s]) => {
    const statuses = Object.entries(s.byStatus)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([code, n]) => `${code}×${n}`)
      .join(' ');
    const undocumented = s.undocumented.size ? `  (not in the document: ${[...s.undocumented].join(', ')})` : '';
    const codes = VERBOSE ? `\n      ${Object.entries(s.codes).sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c}×${n}`).join(' ')}` : '';
    return `  ${key.padEnd(46)} ${String(s.requests).padStart(5)} req, ${String(s.schemaChecked).padStart(4)} 2xx schema-checked  ${statuses}${undocumented}${codes}`;
  });
  const total = [...stats.values()].reduce((n, s) => n + s.requests, 0);
  console.log(
    `fuzz-openapi (${DEEP ? 'deep' : 'fast'} tier, seed ${BASE_SEED}): ${stats.size} operations, ${total} requests in ${((Date.now() - started) / 1000).toFixed(1)} s\n${lines.join('\n')}${failures.length ? `\nfailures:\n${failures.join('\n')}` : ''}`,
  );
});

describe('fuzzing every operation of /api/openapi.json', () => {
  it('the document lists the operations the fuzzer expects to cover', () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(60);
    expect(OPERATIONS.map((o) => o.key)).toEqual(expect.arrayContaining(['GET /listings', 'POST /listings', 'PUT /listings/{id}', 'POST /messages/messages', 'POST /upload/image', 'POST /premium/webhook', 'GET /search/suggest', 'GET /listings/shortcuts', 'POST /listings/{id}/renew', 'POST /business/orders/{id}/resume', 'DELETE /business/orders/{id}', 'GET /business/cart', 'POST /business/cart/items', 'PUT /business/cart/items/{packageId}', 'DELETE /business/cart/items/{packageId}', 'DELETE /business/cart', 'POST /business/cart/merge']));
  });

  it.each(OPERATIONS.map((o) => [o.key, o] as const))(
    '%s',
    async (key, o) => {
      const r = rng(hashSeed(key));
      const s: Stats = { requests: 0, byStatus: {}, modes: {}, schemaChecked: 0, undocumented: new Set(), codes: {} };
      stats.set(key, s);
      for (let i = 0; i < PER_OPERATION; i++) {
        // per-user hourly limits (30 ads, 200 photos, 120 messages a minute) are tested elsewhere;
        // here they would hide the happy path after a few dozen requests
        if (i % 20 === 0) await resetUserLimits(key);
        const actor = DESTRUCTIVE.has(key)
          ? await createUserWithToken()
          : o.path.startsWith('/premium') && r.chance(0.5)
            ? world.pro
            : r.chance(0.7)
              ? world.users[0]!
              : r.pick(world.users);
        const b = await build(o, r, actor);
        const res = await call(b.url, b.init);
        s.requests++;
        s.byStatus[res.status] = (s.byStatus[res.status] ?? 0) + 1;
        s.modes[b.mode] = (s.modes[b.mode] ?? 0) + 1;
        if (typeof res.body?.code === 'string') s.codes[`${b.mode}:${res.body.code}`] = (s.codes[`${b.mode}:${res.body.code}`] ?? 0) + 1;
        try {
          check(o, b, res);
        } catch (err) {
          failures.push(`  ${key} #${i}: ${(err as Error).message.split('\n')[0]}`);
          throw err;
        }
      }
      expect(s.requests).toBe(PER_OPERATION);
    },
    tier(60_000, 600_000),
  );

  it('the undocumented surface: photo keys, unknown paths, wrong methods', async () => {
    const r = rng(hashSeed('undocumented surface'));
    const s: Stats = { requests: 0, byStatus: {}, modes: {}, schemaChecked: 0, undocumented: new Set(), codes: {} };
    stats.set('(undocumented: /api/media/*, unknown paths, wrong methods)', s);
    const segment = () => (r.chance(0.4) ? r.pick(RAW_SEGMENTS) : encodeSegment(String(r.pick(HOSTILE_STRINGS)).slice(0, 300)));
    // a user of its own: a wrong-method call may well hit logout-all or account deletion
    let surfer = await createUserWithToken();
    for (let i = 0; i < PER_OPERATION * 3; i++) {
      const kind = r.int(0, 2);
      const method = kind === 1 ? r.pick(['PATCH', 'OPTIONS', 'PUT', 'DELETE', 'POST', 'GET', 'HEAD']) : r.pick(['GET', 'GET', 'POST', 'HEAD']);
      const url =
        kind === 0
          ? `/api/media/${r.chance(0.5) ? `u/${world.users[0]!.id}/` : ''}${segment()}${r.chance(0.3) ? `/${segment()}` : ''}`
          : kind === 1
            ? `/api${r.pick(OPERATIONS).path.replace(/\{[^}]+\}/g, segment)}`
            : `/api/${segment()}`;
      const res = await call(url, { method, redirect: 'manual', headers: { authorization: `Bearer ${surfer.token}`, 'content-type': 'application/json' }, ...(method === 'POST' || method === 'PUT' || method === 'PATCH' ? { body: '{}' } : {}) });
      if (res.status === 401) surfer = await createUserWithToken();
      s.requests++;
      s.byStatus[res.status] = (s.byStatus[res.status] ?? 0) + 1;
      const where = `${method} ${url.slice(0, 160)} → ${res.status}`;
      expect(res.status, `${where} ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(500);
      if (method === 'HEAD' || res.status === 204 || (res.status >= 300 && res.status < 400)) continue;
      if ((res.headers.get('content-type') ?? '').includes('application/json')) {
        if (res.status >= 400) {
          expect(res.body, where).toMatchObject({ success: false, error: expect.any(String), code: expect.stringMatching(/^[A-Z][A-Z0-9_]*$/) });
          expect(res.body.error, where).not.toMatch(INTERNALS);
        }
      } else {
        // only a real photo or the docs page may answer with something other than JSON, or the
        // home page when dot segments ("/api/%2e%2e") climb out of /api
        expect(res.status, where).toBeLessThan(300);
        const path = new URL(url, 'http://sel.test').pathname;
        // ...or a document operation (tax invoice, leads CSV) answering in its documented type
        const document = OPERATIONS.some((o) => templateRegex(o.path).test(path) && Object.keys(o.op.responses?.['200']?.content ?? {}).some((t) => t !== 'application/json'));
        expect(path === '/' || /^\/api\/(media|docs)/.test(path) || document, where).toBe(true);
      }
    }
  });

  it('regressions the fuzzer found (kept explicit, so the fast tier always covers them)', async () => {
    const me = await createUserWithToken();
    // malformed percent-encoding in a photo key: was a 500 (URIError in decodeURIComponent)
    for (const path of ['/api/media/%E0%A4%A', `/api/media/u/${me.id}/%ED%A0%80.jpg`, '/api/media/%']) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'MEDIA_NOT_FOUND' });
    }
    // the same inside a listing's photo list: was a 500 from the same decode
    const body = { ...(await VALID_BODY['POST /listings']!(rng(1), world, me)), images: ['http://sel.test/api/media/%E0%A4%A'] };
    const created = await json(me, 'POST', '/api/listings', body);
    expect(created.status, JSON.stringify(created.body)).toBe(400);
    expect(created.body.code).toBe('UNKNOWN_PHOTO');
    // an object's own keys only: "/oauth/constructor" used to put Object's source text in the message
    for (const provider of ['constructor', 'hasOwnProperty', '__proto__', 'toString']) {
      const res = await call(`/api/oauth/${provider}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(new URL(res.headers.get('location')!, 'http://sel.test').searchParams.get('error')).toBe('This OAuth is not configured.');
    }
  });

  it('left Object.prototype alone and logged no errors', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(errorSpy?.mock.calls.map((c) => String(c[0])) ?? []).toEqual([]);
  });
});

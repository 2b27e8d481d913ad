/**
 * Fault injection: the app is called with failing bindings (`app.request(url, init, { ...env, DB })`).
 *   - D1 down: every read and write route answers 503 SERVICE_UNAVAILABLE with Retry-After and a
 *     clear message, never a 500, whatever wording the D1 error has and whether it comes straight
 *     from D1 or wrapped by drizzle;
 *   - KV down: reads still work and give the same answers (KV is only a cache);
 *   - one statement of a multi-statement write fails: nothing of that write is left behind, and a
 *     retry on a healthy database succeeds.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { ulid } from 'ulid';
import { app } from '../../worker/app';
import { createListing, createUserWithToken } from '../factories';
import { jpegBytes } from '../factories/images';
import { objects, rows } from './support';

type User = Awaited<ReturnType<typeof createUserWithToken>>;
const CAR = { brand: 'Hyundai', year: 2020, fuel: 'Diesel', transmission: 'Manual', kmDriven: 1000, noOfOwners: '1st' };

let cases = 0;
afterAll(() => console.log(`faults: ${cases} injected-failure cases`));

// ---------------------------------------------------------------- failing bindings

const INJECTED_TABLE = '__fault_injected__';

/**
 * A D1 binding that fails the statements `fails(sql)` picks. Outside a batch the statement throws
 * `message`. Inside a batch the statement is swapped for one the real database rejects, so the
 * real D1 batch runs, fails and rolls back; the app then gets `message`, as it would in an outage.
 */
class FaultyD1 {
  constructor(
    private readonly real: D1Database,
    private readonly fails: (sql: string) => boolean,
    private readonly message = 'D1_ERROR: Network connection lost.',
  ) {}
  prepare(sql: string) {
    return new FaultyStatement(this.real.prepare(sql), sql, this.fails, this.message);
  }
  async batch(statements: FaultyStatement[]) {
    if (!statements.some((s) => this.fails(s.sql))) return this.real.batch(statements.map((s) => s.inner));
    try {
      await this.real.batch(statements.map((s) => (this.fails(s.sql) ? this.real.prepare(`SELECT * FROM ${INJECTED_TABLE}`) : s.inner)));
    } catch {
      // the real batch ran and rolled back; the app sees what an outage looks like
      throw new Error(this.message);
    }
    throw new Error('fault injection: the batch was expected to fail');
  }
  async exec(sql: string) {
    if (this.fails(sql)) throw new Error(this.message);
    return this.real.exec(sql);
  }
  withSession() {
    return this;
  }
  async dump(): Promise<ArrayBuffer> {
    throw new Error(this.message);
  }
}

class FaultyStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
    private readonly fails: (sql: string) => boolean,
    private readonly message: string,
  ) {}
  bind(...values: unknown[]) {
    return new FaultyStatement(this.inner.bind(...values), this.sql, this.fails, this.message);
  }
  private guard() {
    if (this.fails(this.sql)) throw new Error(this.message);
  }
  async first(column?: string) {
    this.guard();
    return column === undefined ? this.inner.first() : this.inner.first(column);
  }
  async all() {
    this.guard();
    return this.inner.all();
  }
  async run() {
    this.guard();
    return this.inner.run();
  }
  async raw(options?: { columnNames?: boolean }) {
    this.guard();
    return options?.columnNames ? this.inner.raw({ columnNames: true }) : this.inner.raw();
  }
}

const d1Down = (message?: string) => new FaultyD1(env.DB, () => true, message) as unknown as D1Database;
const d1FailingOn = (pattern: RegExp) => new FaultyD1(env.DB, (sql) => pattern.test(sql)) as unknown as D1Database;

const kvDown = {
  get: async () => {
    throw new Error('KV GET failed: 503 Service Unavailable');
  },
  getWithMetadata: async () => {
    throw new Error('KV GET failed: 503 Service Unavailable');
  },
  put: async () => {
    throw new Error('KV PUT failed: 500 Internal Server Error');
  },
  delete: async () => {
    throw new Error('KV DELETE failed');
  },
  list: async () => {
    throw new Error('KV LIST failed');
  },
} as unknown as KVNamespace;

/** An empty, working KV: so a D1 outage is not hidden by values cached earlier in this file. */
const kvEmpty = () => {
  const store = new Map<string, string>();
  return {
    get: async (key: string, type?: string) => {
      const v = store.get(key);
      return v === undefined ? null : type === 'json' ? JSON.parse(v) : v;
    },
    put: async (key: string, value: string) => void store.set(key, value),
    delete: async (key: string) => void store.delete(key),
  } as unknown as KVNamespace;
};

const request = async (bindings: Partial<typeof env>, user: User | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const ctx = createExecutionContext();
  const init: RequestInit = { method, headers: { ...(user?.auth ?? {}), ...headers } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await app.request(`http://sel.test${path}`, init, { ...env, ...bindings }, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
};

const expect503 = (res: { status: number; body: any; headers: Headers }, what: string) => {
  expect(res.status, `${what}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(503);
  expect(res.body, what).toEqual({ success: false, error: 'The service is temporarily unavailable. Please try again shortly.', code: 'SERVICE_UNAVAILABLE' });
  expect(Number(res.headers.get('retry-after')), what).toBeGreaterThan(0);
};

const photoOf = async (user: User) => {
  const form = new FormData();
  form.append('image', new File([jpegBytes()], 'car.jpg', { type: 'image/jpeg' }));
  const up = await request({}, user, 'POST', '/api/upload/image', form);
  expect(up.status).toBe(201);
  return up.body.data.url as string;
};

// ---------------------------------------------------------------- D1 down

describe('D1 down: 503 with a clear message, never 500', () => {
  it.each([
    ['GET', '/api/listings'],
    ['GET', '/api/listings?q=creta&location=Bengaluru'],
    ['GET', '/api/listings/LISTING'],
    ['GET', '/api/listings/slug/vehicles-cars-c84-x-in-bengaluru-iid-LISTING'],
    ['GET', '/api/listings/LISTING/related'],
    ['GET', '/api/categories'],
    ['GET', '/api/popular-searches'],
    ['GET', '/api/banner-ads'],
    ['GET', '/api/locations'],
    ['GET', '/api/locations/states'],
    ['GET', '/api/locations/search?q=beng'],
    ['GET', '/api/premium/packages'],
    ['GET', '/api/auth/profile'],
    ['GET', '/api/listings/user/my-listings'],
    ['GET', '/api/messages/chats'],
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications/unread-count'],
    ['PUT', '/api/auth/profile', { firstName: 'Asha' }],
    ['PUT', '/api/auth/settings', { sharePhone: false }],
    ['PUT', '/api/auth/language', { language: 'hi' }],
    ['POST', '/api/auth/register', { email: 'down@example.in', password: 'mango2024' }],
    ['POST', '/api/auth/login', { email: 'down@example.in', password: 'mango2024' }],
    ['POST', '/api/auth/send-otp', { phone: '9876512345', type: 'REGISTER' }],
    ['POST', '/api/listings', { title: 'A car for sale', description: 'A well kept car for sale.', price: 5, categoryId: 'Vehicles', location: 'Pune', images: ['x'], features: CAR }],
    ['PUT', '/api/listings/LISTING', { price: 5 }],
    ['POST', '/api/listings/LISTING/favorite', { isFavorite: true }],
    ['POST', '/api/messages/chats', { listingId: 'LISTING' }],
    ['POST', '/api/messages/messages', { chatId: 'cht_x', content: 'hello' }],
    ['PUT', '/api/notifications/read-all'],
    ['POST', '/api/premium/create-order', { packageId: 'pro' }],
  ] as [string, string, unknown?][])('%s %s', async (method, path, body) => {
    const user = await createUserWithToken();
    const seller = await createUserWithToken();
    const ad = await createListing(seller);
    const res = await request({ DB: d1Down(), CACHE: kvEmpty() }, user, method, path.replace('LISTING', ad.id), body, { 'CF-Connecting-IP': `198.51.100.${++cases % 250}` });
    expect503(res, `${method} ${path}`);
  });

  it('a photo upload while D1 is down leaves no file in R2', async () => {
    const user = await createUserWithToken();
    const before = await objects(`u/${user.id}/`);
    const form = new FormData();
    form.append('image', new File([jpegBytes()], 'car.jpg', { type: 'image/jpeg' }));
    expect503(await request({ DB: d1Down() }, user, 'POST', '/api/upload/image', form), 'upload');
    expect(await objects(`u/${user.id}/`)).toEqual(before);
    cases++;
  });

  it.each([
    'D1_ERROR: Network connection lost.',
    'D1_ERROR: internal error; reference = 5a1b2c3d',
    'D1 DB is overloaded. Requests queued for too long.',
    'D1_ERROR: D1 storage operation exceeded timeout which caused object to be reset.',
    'SQLITE_BUSY: database is locked',
    'Network connection lost.',
  ])('whatever D1 says ("%s"), through drizzle (profile) and raw SQL (listings)', async (message) => {
    const user = await createUserWithToken();
    expect503(await request({ DB: d1Down(message) }, user, 'GET', '/api/auth/profile'), `profile: ${message}`);
    expect503(await request({ DB: d1Down(message), CACHE: kvEmpty() }, null, 'GET', '/api/listings'), `listings: ${message}`);
    cases++;
  });

  it('a bug is still a 500 (the mapping does not swallow programming errors)', async () => {
    const broken = { prepare: () => ({ bind: () => ({ first: async () => ({ id: 1, first_name: null }) }) }) } as unknown as D1Database;
    const res = await request({ DB: broken, CACHE: kvEmpty() }, null, 'GET', '/api/listings/anything');
    expect([404, 500]).toContain(res.status);
    cases++;
  });
});

// ---------------------------------------------------------------- KV down

describe('KV down: reads keep working with the same answers', () => {
  it.each(['/api/categories', '/api/locations', '/api/locations/states', '/api/locations/search?q=beng', '/api/locations/cities/Karnataka', '/api/locations/areas?city=Bengaluru', '/api/listings?location=Bengaluru', '/api/popular-searches', '/api/premium/packages'])(
    'GET %s',
    async (path) => {
      await createListing(await createUserWithToken());
      // compared with a cold cache, not with whatever an earlier test left in KV
      const healthy = await request({ CACHE: kvEmpty() }, null, 'GET', path);
      const withoutKv = await request({ CACHE: kvDown }, null, 'GET', path);
      expect(healthy.status).toBe(200);
      expect(withoutKv.status, JSON.stringify(withoutKv.body).slice(0, 200)).toBe(200);
      expect(withoutKv.body).toEqual(healthy.body);
      cases++;
    },
  );

  it('a write that invalidates caches still succeeds when KV is down', async () => {
    const owner = await createUserWithToken();
    const ad = await createListing(owner, { features: CAR, images: [`u/${owner.id}/a.jpg`] });
    const res = await request({ CACHE: kvDown }, owner, 'PUT', `/api/listings/${ad.id}`, { price: 777 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.price).toBe(777);
    const status = await request({ CACHE: kvDown }, owner, 'POST', `/api/listings/${ad.id}/status`, { status: 'SOLD' });
    expect(status.status).toBe(200);
    cases += 2;
  });
});

// ---------------------------------------------------------------- nothing half-written

describe('a failing multi-statement write leaves nothing half-written', () => {
  it('post an ad: the photo attach fails inside the batch → no ad, the photo still free', async () => {
    const seller = await createUserWithToken();
    const url = await photoOf(seller);
    const body = { title: 'Batch failure car', description: 'A car posted while D1 fails.', price: 5000, categoryId: 'Vehicles', subcategoryId: 'Cars', location: 'Pune', images: [url], features: CAR };
    const res = await request({ DB: d1FailingOn(/^UPDATE media SET listing_id/) }, seller, 'POST', '/api/listings', body);
    expect503(res, 'create');
    expect(await rows('SELECT id FROM listings WHERE user_id = ?', seller.id)).toEqual([]);
    expect(await rows('SELECT listing_id FROM media WHERE owner_id = ?', seller.id)).toEqual([{ listing_id: null }]);
    const retry = await request({}, seller, 'POST', '/api/listings', body);
    expect(retry.status).toBe(201);
    cases++;
  });

  it('edit an ad: the final row update fails → neither the text nor the photos change', async () => {
    const seller = await createUserWithToken();
    const first = await photoOf(seller);
    const second = await photoOf(seller);
    const created = await request({}, seller, 'POST', '/api/listings', { title: 'Edit failure car', description: 'A car edited while D1 fails.', price: 5000, categoryId: 'Vehicles', subcategoryId: 'Cars', location: 'Pune', images: [first], features: CAR });
    const id = created.body.data.id as string;
    const before = { listing: await rows('SELECT * FROM listings WHERE id = ?', id), media: await rows('SELECT * FROM media WHERE owner_id = ? ORDER BY id', seller.id), r2: await objects(`u/${seller.id}/`) };
    const res = await request({ DB: d1FailingOn(/^UPDATE listings SET slug/) }, seller, 'PUT', `/api/listings/${id}`, { title: 'Edited title of the car', images: [second] });
    expect503(res, 'edit');
    expect({ listing: await rows('SELECT * FROM listings WHERE id = ?', id), media: await rows('SELECT * FROM media WHERE owner_id = ? ORDER BY id', seller.id), r2: await objects(`u/${seller.id}/`) }).toEqual(before);
    cases++;
  });

  it('register: the session insert fails → no account left behind, and the same e-mail registers on retry', async () => {
    const email = `half.${ulid().toLowerCase()}@example.in`;
    const res = await request({ DB: d1FailingOn(/insert into "sessions"/i) }, null, 'POST', '/api/auth/register', { email, password: 'mango2024' }, { 'CF-Connecting-IP': '203.0.113.201' });
    expect503(res, 'register');
    expect(await rows('SELECT id FROM users WHERE email = ?', email)).toEqual([]);
    const retry = await request({}, null, 'POST', '/api/auth/register', { email, password: 'mango2024' }, { 'CF-Connecting-IP': '203.0.113.202' });
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    cases++;
  });

  it('phone sign-up: the session insert fails → no account left behind', async () => {
    const phone = `9${String(Date.now()).slice(-9)}`;
    const ip = '203.0.113.203';
    expect((await request({}, null, 'POST', '/api/auth/send-otp', { phone, type: 'REGISTER' }, { 'CF-Connecting-IP': ip })).status).toBe(200);
    const [sms] = (await rows(`SELECT body FROM dev_outbox WHERE recipient = ? ORDER BY created_at DESC LIMIT 1`, phone)) as { body: string }[];
    const otp = /\b(\d{6})\b/.exec(sms!.body)![1]!;
    const res = await request({ DB: d1FailingOn(/insert into "sessions"/i) }, null, 'POST', '/api/auth/verify-otp', { phone, otp, type: 'REGISTER', firstName: 'Kiran' }, { 'CF-Connecting-IP': ip });
    expect503(res, 'verify-otp');
    expect(await rows('SELECT id FROM users WHERE phone = ?', phone)).toEqual([]);
    cases++;
  });

  it('send OTP: the insert of the new code fails → the previous code is not cancelled', async () => {
    const phone = `8${String(Date.now()).slice(-9)}`;
    const ip = '203.0.113.204';
    expect((await request({}, null, 'POST', '/api/auth/send-otp', { phone, type: 'REGISTER' }, { 'CF-Connecting-IP': ip })).status).toBe(200);
    await env.DB.prepare('UPDATE otp_challenges SET last_sent_at = last_sent_at - 60000 WHERE phone = ?').bind(phone).run(); // past the cooldown
    const before = await rows('SELECT * FROM otp_challenges WHERE phone = ?', phone);
    const res = await request({ DB: d1FailingOn(/insert into "otp_challenges"/i) }, null, 'POST', '/api/auth/resend-otp', { phone, type: 'REGISTER' }, { 'CF-Connecting-IP': ip });
    expect503(res, 'resend');
    expect(await rows('SELECT * FROM otp_challenges WHERE phone = ?', phone)).toEqual(before);
    cases++;
  });

  it('payment activation: the subscription update fails → the order stays unpaid; the retry activates once', async () => {
    const buyer = await createUserWithToken();
    const order = await request({}, buyer, 'POST', '/api/premium/create-order', { packageId: 'basic' });
    const signed = await request({}, buyer, 'POST', '/api/premium/local-checkout/complete', { orderId: order.body.data.orderId });
    const res = await request({ DB: d1FailingOn(/^UPDATE subscriptions SET status = 'ACTIVE'/) }, buyer, 'POST', '/api/premium/verify-payment', signed.body.data);
    expect503(res, 'verify');
    expect(await rows('SELECT status, provider_payment_id FROM payment_orders WHERE user_id = ?', buyer.id)).toEqual([{ status: 'CREATED', provider_payment_id: null }]);
    expect(await rows('SELECT status FROM subscriptions WHERE user_id = ?', buyer.id)).toEqual([{ status: 'PENDING' }]);
    const retry = await request({}, buyer, 'POST', '/api/premium/verify-payment', signed.body.data);
    expect(retry.body.data).toMatchObject({ verified: true, activated: true });
    cases++;
  });

  it('delete account: the last statement fails → the account, its ads, favourites and tokens are untouched', async () => {
    const user = await createUserWithToken();
    const ad = await createListing(user);
    const other = await createListing(await createUserWithToken());
    await env.DB.prepare('INSERT INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(user.id, other.id, Date.now()).run();
    const snapshot = async () => ({
      user: await rows('SELECT * FROM users WHERE id = ?', user.id),
      listings: await rows('SELECT id, status FROM listings WHERE user_id = ?', user.id),
      favorites: await rows('SELECT * FROM favorites WHERE user_id = ?', user.id),
      sessions: await rows('SELECT * FROM sessions WHERE user_id = ?', user.id),
    });
    const before = await snapshot();
    const res = await request({ DB: d1FailingOn(/^delete from "sessions"/i) }, user, 'DELETE', '/api/auth/account', { confirm: 'DELETE' });
    expect503(res, 'delete account');
    expect(await snapshot()).toEqual(before);
    expect((await request({}, user, 'GET', '/api/auth/profile')).status).toBe(200);
    expect((await request({}, null, 'GET', `/api/listings/${ad.id}`)).status).toBe(200);
    cases++;
  });

  it('photo upload: the media row insert fails → the file is removed from R2 again', async () => {
    const user = await createUserWithToken();
    const form = new FormData();
    form.append('image', new File([jpegBytes()], 'car.jpg', { type: 'image/jpeg' }));
    const res = await request({ DB: d1FailingOn(/^INSERT INTO media/) }, user, 'POST', '/api/upload/image', form);
    expect503(res, 'upload');
    expect(await objects(`u/${user.id}/`)).toEqual([]);
    cases++;
  });
});

// ---------------------------------------------------------------- a write that committed says so

describe('a write cut short after a step already stored can be retried (decision 029)', () => {
  it('phone sign-up: the account look-up after the code is used fails → 503, and the retry with the same code signs up', async () => {
    const phone = `7${String(Date.now()).slice(-9)}`;
    const ip = '203.0.113.205';
    expect((await request({}, null, 'POST', '/api/auth/send-otp', { phone, type: 'REGISTER' }, { 'CF-Connecting-IP': ip })).status).toBe(200);
    const [sms] = (await rows(`SELECT body FROM dev_outbox WHERE recipient = ? ORDER BY created_at DESC LIMIT 1`, phone)) as { body: string }[];
    const otp = /\b(\d{6})\b/.exec(sms!.body)![1]!;
    const res = await request({ DB: d1FailingOn(/^select .* from "users" where "users"."phone" = \?/i) }, null, 'POST', '/api/auth/verify-otp', { phone, otp, type: 'REGISTER', firstName: 'Asha' }, { 'CF-Connecting-IP': ip });
    expect503(res, 'verify-otp');
    expect(await rows('SELECT id FROM users WHERE phone = ?', phone)).toEqual([]);
    const retry = await request({}, null, 'POST', '/api/auth/verify-otp', { phone, otp, type: 'REGISTER', firstName: 'Asha' }, { 'CF-Connecting-IP': ip });
    expect([200, 201], JSON.stringify(retry.body)).toContain(retry.status);
    expect(await rows('SELECT phone FROM users WHERE phone = ?', phone)).toEqual([{ phone }]);
    cases++;
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { accountsDb, createUserWithToken, freshAuth } from '../factories';
import { MAX_CART_LINES, MAX_PACKAGE_QUANTITY } from '../../worker/schemas/business-rules';

/** The seller-package cart on the server (decision 014, addendum): the account's, on every device. */
type Seller = Awaited<ReturnType<typeof createUserWithToken>>;

const json = (seller: { auth: Record<string, string> } | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers, ...(seller?.auth ?? {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const CARS_SLOT = 'ad-slots-1-vehicles-cars';
const PETS_BOOST = 'boost-3-pets';
const GARDEN_FEATURED = 'featured-7d-home-and-garden';

/** Pays for packages the way the web app does: order, local checkout, verify. */
const buy = async (seller: Seller, items: { packageId: string; quantity: number }[]) => {
  const order = await json(seller, 'POST', '/api/business/orders', { items });
  expect(order.status).toBe(201);
  const signed = await json(seller, 'POST', `/api/business/orders/${order.body.data.orderId}/local-checkout`);
  expect(signed.status).toBe(200);
  return { orderId: order.body.data.orderId as string, signed: signed.body.data };
};

let seller: Seller;
let other: Seller;
beforeAll(async () => {
  seller = await createUserWithToken();
  other = await createUserWithToken();
});

describe('the cart follows the account', () => {
  it('add, add again (adds up, capped), set, remove, clear — the same cart from any client holding the token', async () => {
    expect((await json(seller, 'GET', '/api/business/cart')).body.data).toEqual({ items: [] });
    expect((await json(seller, 'POST', '/api/business/cart/items', { packageId: CARS_SLOT })).body.data.items).toEqual([{ packageId: CARS_SLOT, quantity: 1 }]);
    // ids are read case-blind, and a second add adds up
    const again = await json(seller, 'POST', '/api/business/cart/items', { packageId: ` ${CARS_SLOT.toUpperCase()} `, quantity: 2 });
    expect(again.status).toBe(200);
    expect(again.body.data.items).toEqual([{ packageId: CARS_SLOT, quantity: 3 }]);
    expect((await json(seller, 'POST', '/api/business/cart/items', { packageId: CARS_SLOT, quantity: MAX_PACKAGE_QUANTITY })).body.data.items).toEqual([
      { packageId: CARS_SLOT, quantity: MAX_PACKAGE_QUANTITY },
    ]);
    expect((await json(seller, 'PUT', `/api/business/cart/items/${PETS_BOOST}`, { quantity: 4 })).body.data.items).toEqual([
      { packageId: CARS_SLOT, quantity: MAX_PACKAGE_QUANTITY },
      { packageId: PETS_BOOST, quantity: 4 },
    ]);
    expect((await json(seller, 'PUT', `/api/business/cart/items/${CARS_SLOT}`, { quantity: 2 })).body.data.items[0]).toEqual({ packageId: CARS_SLOT, quantity: 2 });
    // another device: a second sign-in of the same account (its own session) reads the same cart
    const secondDevice = { auth: await freshAuth(seller.id) };
    expect((await json(secondDevice, 'GET', '/api/business/cart')).body.data.items).toEqual([
      { packageId: CARS_SLOT, quantity: 2 },
      { packageId: PETS_BOOST, quantity: 4 },
    ]);
    expect((await json(other, 'GET', '/api/business/cart')).body.data.items).toEqual([]);
    expect((await json(seller, 'DELETE', `/api/business/cart/items/${PETS_BOOST}`)).body.data.items).toEqual([{ packageId: CARS_SLOT, quantity: 2 }]);
    // removing what is not there is no error
    expect((await json(seller, 'DELETE', `/api/business/cart/items/${PETS_BOOST}`)).status).toBe(200);
    expect((await json(seller, 'DELETE', '/api/business/cart')).body.data).toEqual({ items: [] });
    expect(await accountsDb(seller.id).prepare('SELECT count(*) AS n FROM cart_items WHERE user_id = ?').bind(seller.id).first('n')).toBe(0);
  });

  it('bad input gets a clear 4xx with a stable code and nothing is written; guests get 401', async () => {
    const cases: [string, string, unknown, number, string][] = [
      ['POST', '/api/business/cart/items', { packageId: 'no-such-package' }, 400, 'UNKNOWN_PACKAGE'],
      ['POST', '/api/business/cart/items', { packageId: CARS_SLOT, quantity: 0 }, 400, 'VALIDATION_ERROR'],
      ['POST', '/api/business/cart/items', { packageId: CARS_SLOT, quantity: MAX_PACKAGE_QUANTITY + 1 }, 400, 'VALIDATION_ERROR'],
      ['POST', '/api/business/cart/items', { packageId: CARS_SLOT, quantity: 1.5 }, 400, 'VALIDATION_ERROR'],
      ['POST', '/api/business/cart/items', { packageId: CARS_SLOT, quantity: '2' }, 400, 'VALIDATION_ERROR'],
      ['POST', '/api/business/cart/items', {}, 400, 'VALIDATION_ERROR'],
      ['PUT', '/api/business/cart/items/no-such-package', { quantity: 1 }, 400, 'UNKNOWN_PACKAGE'],
      ['PUT', `/api/business/cart/items/${CARS_SLOT}`, { quantity: -3 }, 400, 'VALIDATION_ERROR'],
      ['PUT', `/api/business/cart/items/${'x'.repeat(81)}`, { quantity: 1 }, 400, 'VALIDATION_ERROR'],
      ['POST', '/api/business/cart/merge', { items: 'all of them' }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [method, path, body, status, code] of cases) {
      const res = await json(seller, method, path, body);
      expect([res.status, res.body.code], `${method} ${path} ${JSON.stringify(body)}`).toEqual([status, code]);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect((await json(seller, 'GET', '/api/business/cart')).body.data.items).toEqual([]);
    for (const [method, path, body] of [['GET', '/api/business/cart'], ['POST', '/api/business/cart/items', { packageId: CARS_SLOT }], ['DELETE', '/api/business/cart']] as const) {
      const res = await json(null, method, path, body);
      expect([res.status, res.body.code]).toEqual([401, 'AUTH_REQUIRED']);
    }
    // in Hindi when asked
    const hindi = await json(seller, 'POST', '/api/business/cart/items', { packageId: CARS_SLOT, quantity: 99 }, { 'accept-language': 'hi-IN' });
    expect(hindi.body.error).toMatch(/[\u0900-\u097F]/);
  });

  it(`holds at most ${MAX_CART_LINES} different packages: one more is a 409, more of one already there is fine`, async () => {
    const user = await createUserWithToken();
    const ids = (await env.DB.prepare('SELECT id FROM seller_packages WHERE is_active = 1 ORDER BY id LIMIT ?').bind(MAX_CART_LINES + 1).all<{ id: string }>()).results.map((r) => r.id);
    expect(ids).toHaveLength(MAX_CART_LINES + 1);
    const merged = await json(user, 'POST', '/api/business/cart/merge', { items: ids.slice(0, MAX_CART_LINES).map((packageId) => ({ packageId, quantity: 1 })) });
    expect(merged.body.data.items).toHaveLength(MAX_CART_LINES);
    const full = await json(user, 'POST', '/api/business/cart/items', { packageId: ids[MAX_CART_LINES] });
    expect([full.status, full.body.code]).toEqual([409, 'CART_FULL']);
    expect((await json(user, 'POST', '/api/business/cart/items', { packageId: ids[0] })).body.data.items[0]).toEqual({ packageId: ids[0], quantity: 2 });
    expect((await json(user, 'GET', '/api/business/cart')).body.data.items).toHaveLength(MAX_CART_LINES);
  });

  it('a cart kept on a device joins the account: the larger quantity wins, twice is the same as once, unknown packages are left out', async () => {
    const user = await createUserWithToken();
    await json(user, 'POST', '/api/business/cart/items', { packageId: CARS_SLOT, quantity: 3 });
    const local = { items: [{ packageId: CARS_SLOT, quantity: 2 }, { packageId: PETS_BOOST, quantity: 5 }, { packageId: 'retired-package', quantity: 1 }] };
    const first = await json(user, 'POST', '/api/business/cart/merge', local);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ items: [{ packageId: CARS_SLOT, quantity: 3 }, { packageId: PETS_BOOST, quantity: 5 }], dropped: ['retired-package'] });
    expect((await json(user, 'POST', '/api/business/cart/merge', local)).body.data.items).toEqual(first.body.data.items);
  });
});

describe('paying takes the bought packages out of the cart (nothing is paid for twice)', () => {
  it('bought directly: that package leaves the cart, the rest stays; an unpaid order changes nothing', async () => {
    const user = await createUserWithToken();
    await json(user, 'POST', '/api/business/cart/items', { packageId: CARS_SLOT, quantity: 2 });
    await json(user, 'POST', '/api/business/cart/items', { packageId: GARDEN_FEATURED });
    await json(other, 'POST', '/api/business/cart/items', { packageId: CARS_SLOT });
    // the same package bought directly (Sell faster, the limit notice): created, not yet paid
    const direct = await buy(user, [{ packageId: CARS_SLOT, quantity: 1 }]);
    expect((await json(user, 'GET', '/api/business/cart')).body.data.items).toHaveLength(2);
    expect((await json(user, 'POST', `/api/business/orders/${direct.orderId}/verify`, direct.signed)).status).toBe(200);
    expect((await json(user, 'GET', '/api/business/cart')).body.data.items).toEqual([{ packageId: GARDEN_FEATURED, quantity: 1 }]);
    // someone else's cart is theirs
    expect((await json(other, 'GET', '/api/business/cart')).body.data.items).toEqual([{ packageId: CARS_SLOT, quantity: 1 }]);
    // checking out the cart empties it; a replayed verify changes nothing more
    const cart = await buy(user, [{ packageId: GARDEN_FEATURED, quantity: 1 }]);
    expect((await json(user, 'POST', `/api/business/orders/${cart.orderId}/verify`, cart.signed)).body.data.credited).toBe(true);
    expect((await json(user, 'GET', '/api/business/cart')).body.data.items).toEqual([]);
    await json(user, 'POST', '/api/business/cart/items', { packageId: GARDEN_FEATURED });
    expect((await json(user, 'POST', `/api/business/orders/${cart.orderId}/verify`, cart.signed)).body.data.credited).toBe(false);
    expect((await json(user, 'GET', '/api/business/cart')).body.data.items).toEqual([{ packageId: GARDEN_FEATURED, quantity: 1 }]);
  });
});

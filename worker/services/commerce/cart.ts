import type { Env } from '../../env';
import { accountsDbForUser } from '../../db/accounts';
import { badRequest, conflict } from '../../lib/errors';
import { MAX_CART_LINES, MAX_PACKAGE_QUANTITY, type Cart } from '../../schemas/business';

/**
 * The seller-package cart (decision 014, addendum): the account's, kept on the server, so it is the
 * same on every device. Package ids and quantities only — prices are always the server's, read when
 * the cart is quoted or ordered. Paying for an order takes the packages it bought out of the cart
 * in the same batch that credits them (business-orders.ts), whether they were bought from the cart
 * or directly, so nothing is paid for twice.
 *
 * The cart lives in the user's accounts database (decision 034; `DB` with one). Its join with
 * `seller_packages` reads that database's copy of the packages: reference data that only the
 * migrations write, applied to every database alike.
 */

const CART_FULL = `Your cart holds at most ${MAX_CART_LINES} different packages. Check out or remove one first.`;
const UNKNOWN = (id: string) => `There is no package called "${id}"`;

/** Package ids are lower case; what a person or a link sends may not be. */
const normalise = (id: string) => id.trim().toLowerCase();

/** The cart's lines, oldest first, only packages still on sale (a retired package drops out by itself). */
const readCart = (env: Env, userId: string) =>
  accountsDbForUser(env, userId).prepare(
    `SELECT c.package_id AS packageId, c.quantity AS quantity FROM cart_items c
     JOIN seller_packages p ON p.id = c.package_id AND p.is_active = 1
     WHERE c.user_id = ? ORDER BY c.added_at, c.package_id`,
  ).bind(userId);

export const getCart = async (env: Env, userId: string): Promise<Cart> => ({ items: (await readCart(env, userId).all<Cart['items'][number]>()).results });

/** Why a write that changed nothing changed nothing: an unknown package (400) or a full cart (409). */
const refusal = async (env: Env, packageId: string) => {
  const known = await env.DB.prepare('SELECT 1 FROM seller_packages WHERE id = ? AND is_active = 1').bind(packageId).first();
  return known ? conflict(CART_FULL, 'CART_FULL') : badRequest(UNKNOWN(packageId), 'UNKNOWN_PACKAGE');
};

/**
 * One statement per change, conditional on everything it depends on (the package is on sale, the
 * cart has room for a new line), batched with the read of the result: one round trip, and two
 * tabs adding at once cannot push the cart past its limits.
 */
const upsert = (env: Env, userId: string, packageId: string, quantity: number, onConflict: string, addedAt = Date.now()) =>
  accountsDbForUser(env, userId).prepare(
    `INSERT INTO cart_items (user_id, package_id, quantity, added_at)
     SELECT ?1, p.id, ?3, ?4 FROM seller_packages p
     WHERE p.id = ?2 AND p.is_active = 1
       AND (EXISTS (SELECT 1 FROM cart_items WHERE user_id = ?1 AND package_id = ?2)
            OR (SELECT count(*) FROM cart_items WHERE user_id = ?1) < ?5)
     ON CONFLICT (user_id, package_id) DO UPDATE SET ${onConflict}`,
  ).bind(userId, packageId, quantity, addedAt, MAX_CART_LINES);

const write = async (env: Env, userId: string, packageId: string, statement: D1PreparedStatement): Promise<Cart> => {
  const [done, cart] = await accountsDbForUser(env, userId).batch<Cart['items'][number]>([statement, readCart(env, userId)]);
  if ((done?.meta.changes ?? 0) === 0) throw await refusal(env, packageId);
  return { items: cart?.results ?? [] };
};

/** "Add to cart": n more of a package (a line holds at most MAX_PACKAGE_QUANTITY: more is capped, not refused). */
export const addToCart = (env: Env, userId: string, input: { packageId: string; quantity: number }) => {
  const id = normalise(input.packageId);
  return write(env, userId, id, upsert(env, userId, id, input.quantity, `quantity = min(${MAX_PACKAGE_QUANTITY}, quantity + excluded.quantity)`));
};

/** How many of a package the cart holds (adds the line when it is not there yet). */
export const setCartQuantity = (env: Env, userId: string, packageId: string, quantity: number) => {
  const id = normalise(packageId);
  return write(env, userId, id, upsert(env, userId, id, quantity, 'quantity = excluded.quantity'));
};

/** Takes a package out of the cart; removing one that is not there is no error (the cart is as asked). */
export const removeFromCart = async (env: Env, userId: string, packageId: string): Promise<Cart> => {
  const db = accountsDbForUser(env, userId);
  const [, cart] = await db.batch<Cart['items'][number]>([
    db.prepare('DELETE FROM cart_items WHERE user_id = ? AND package_id = ?').bind(userId, normalise(packageId)),
    readCart(env, userId),
  ]);
  return { items: cart?.results ?? [] };
};

export const clearCart = async (env: Env, userId: string): Promise<Cart> => {
  await accountsDbForUser(env, userId).prepare('DELETE FROM cart_items WHERE user_id = ?').bind(userId).run();
  return { items: [] };
};

/**
 * A device's own cart (from before the cart followed the account) joins the account's: each line
 * keeps the larger of the two quantities, so sending the same cart twice changes nothing, and two
 * devices' carts never add up to more than either asked for. Packages no longer on sale, and lines
 * beyond the cart's limit, are left out (listed in `dropped`) rather than refusing the whole cart.
 */
export const mergeCart = async (env: Env, userId: string, items: { packageId: string; quantity: number }[]) => {
  const wanted = new Map<string, number>();
  for (const i of items) wanted.set(normalise(i.packageId), Math.max(wanted.get(normalise(i.packageId)) ?? 0, i.quantity));
  const lines = [...wanted];
  if (lines.length === 0) return { ...(await getCart(env, userId)), dropped: [] as string[] };
  const now = Date.now();
  // one conditional upsert per line, in order (the larger quantity wins): the batch is one transaction
  const results = await accountsDbForUser(env, userId).batch([
    ...lines.map(([id, quantity], i) =>
      upsert(env, userId, id, quantity, 'quantity = max(quantity, excluded.quantity)', now + i),
    ),
    readCart(env, userId),
  ]);
  const cart = (results.at(-1)?.results ?? []) as Cart['items'];
  const dropped = lines.filter(([id]) => !cart.some((l) => l.packageId === id)).map(([id]) => id);
  return { items: cart, dropped };
};

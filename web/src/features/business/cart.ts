import { storedValue, useStoredValue } from '../../lib/local-store';

/**
 * The package cart (decision 014): kept on this device in localStorage — package ids and
 * quantities only. Prices never live here: the cart page asks the server for a quote
 * (POST /api/business/quote) and checkout creates the order from the same ids, so a stale or
 * edited cart can never change what is charged. Unknown ids are dropped when the page loads.
 */
export interface CartLine {
  packageId: string;
  quantity: number;
}

/** The server's limit per package per order. */
export const MAX_QUANTITY = 20;
const MAX_LINES = 20;

export const parseCart = (raw: string | null): CartLine[] => {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const lines: CartLine[] = [];
    for (const entry of value) {
      if (!entry || typeof entry !== 'object') continue;
      const { packageId, quantity } = entry as Record<string, unknown>;
      if (typeof packageId !== 'string' || !/^[a-z0-9-]{1,80}$/.test(packageId) || lines.some((l) => l.packageId === packageId)) continue;
      const q = typeof quantity === 'number' && Number.isInteger(quantity) ? Math.min(MAX_QUANTITY, Math.max(1, quantity)) : 1;
      lines.push({ packageId, quantity: q });
    }
    return lines.slice(0, MAX_LINES);
  } catch {
    return [];
  }
};

const cartStore = storedValue<CartLine[]>('sel:cart', parseCart, (lines) => (lines.length ? JSON.stringify(lines) : null));

export const useCart = () => useStoredValue(cartStore);

export const addToCart = (packageId: string, quantity = 1) => {
  const lines = cartStore.get();
  const existing = lines.find((l) => l.packageId === packageId);
  cartStore.set(
    existing
      ? lines.map((l) => (l.packageId === packageId ? { ...l, quantity: Math.min(MAX_QUANTITY, l.quantity + quantity) } : l))
      : [...lines, { packageId, quantity: Math.min(MAX_QUANTITY, quantity) }].slice(0, MAX_LINES),
  );
};

export const setQuantity = (packageId: string, quantity: number) =>
  cartStore.set(cartStore.get().map((l) => (l.packageId === packageId ? { ...l, quantity: Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(quantity))) } : l)));

export const removeFromCart = (packageId: string) => cartStore.set(cartStore.get().filter((l) => l.packageId !== packageId));

/** Keeps only these ids (packages the server no longer sells drop out). */
export const keepInCart = (ids: Set<string>) => {
  const lines = cartStore.get();
  if (lines.some((l) => !ids.has(l.packageId))) cartStore.set(lines.filter((l) => ids.has(l.packageId)));
};

export const clearCart = (packageIds?: string[]) => cartStore.set(packageIds ? cartStore.get().filter((l) => !packageIds.includes(l.packageId)) : []);

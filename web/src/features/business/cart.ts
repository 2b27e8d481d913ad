import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../../worker/schemas/business';
import { MAX_CART_LINES, MAX_PACKAGE_QUANTITY } from '../../../../worker/schemas/business-rules';
import { api } from '../../lib/api';
import { businessKeys } from './business-api';

/**
 * The package cart (decision 014, addendum): the account's, kept on the server, so the same cart
 * shows on every device the seller signs in on. Package ids and quantities only — prices never live
 * here: the cart page asks the server for a quote and checkout creates the order from the same ids.
 * Paying for packages (from the cart or directly) takes them out of the cart on the server, in the
 * same step that credits them; the payment's refresh of everything under ['business'] shows it.
 */
export type CartLine = Cart['items'][number];

export const MAX_QUANTITY = MAX_PACKAGE_QUANTITY;

/** Where the cart used to live, on the device: read once, sent to the account, then removed. */
const DEVICE_CART_KEY = 'sel:cart';

/** A cart stored on this device, as far as it can be trusted (ids and whole quantities only). */
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
    return lines.slice(0, MAX_CART_LINES);
  } catch {
    return [];
  }
};

const readDeviceCart = () => {
  try {
    return parseCart(localStorage.getItem(DEVICE_CART_KEY));
  } catch {
    return [];
  }
};

export const cartQuery = () =>
  queryOptions({
    queryKey: [...businessKeys.all, 'cart'] as const,
    queryFn: async ({ signal }): Promise<Cart> => {
      // a cart this device kept before the cart followed the account joins it once (the larger
      // quantity of each package wins, so a retry after a lost answer changes nothing)
      const onDevice = readDeviceCart();
      if (onDevice.length === 0) return api.get<Cart>('/business/cart', undefined, { signal });
      const merged = await api.post<Cart & { dropped: string[] }>('/business/cart/merge', { items: onDevice }, { signal });
      try {
        localStorage.removeItem(DEVICE_CART_KEY);
      } catch {
        // storage refused: the merge is harmless to repeat
      }
      return { items: merged.items };
    },
  });

/** The signed-in seller's cart (the pages that show it are for signed-in people only). */
export const useCart = () => useQuery(cartQuery());

/** Changes to the cart: each answers the whole cart, which replaces what the app holds. */
export function useCartChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: 'add'; packageId: string; quantity?: number } | { kind: 'set'; packageId: string; quantity: number } | { kind: 'remove'; packageId: string }) => {
      const path = `/business/cart/items/${encodeURIComponent(change.packageId)}`;
      if (change.kind === 'add') return api.post<Cart>('/business/cart/items', { packageId: change.packageId, quantity: change.quantity ?? 1 });
      if (change.kind === 'set') return api.put<Cart>(path, { quantity: Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(change.quantity))) });
      return api.delete<Cart>(path);
    },
    onSuccess: (cart) => queryClient.setQueryData(cartQuery().queryKey, { items: cart.items }),
  });
}

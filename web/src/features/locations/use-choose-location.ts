import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ProductsSearch } from '../../lib/search-params';
import { isAllIndia } from './all-india';
import { chooseLocation } from './recent-locations';

/**
 * Picking a place remembers it and shows its listings: /products?location=..., keeping the other
 * filters when already on /products (all of India removes the location filter).
 */
export function useChooseLocation(onDone?: () => void) {
  const navigate = useNavigate();
  const onProducts = useRouterState({ select: (state) => state.location.pathname === '/products' });

  return useCallback(
    (label: string, details: { id?: string | number; state?: string | null; position?: { lat: number; lng: number } } = {}) => {
      chooseLocation(label, details);
      onDone?.();
      const position = details.position;
      if (position) {
        // near me: the position filters (GET /api/listings lat, lng), nearest first
        const lat = Math.round(position.lat * 1e4) / 1e4;
        const lng = Math.round(position.lng * 1e4) / 1e4;
        const near = { lat, lng, sort: 'distance-asc' as const, location: undefined, page: undefined };
        void navigate({ to: '/products', search: (previous: ProductsSearch) => (onProducts ? { ...previous, ...near } : near) });
        return;
      }
      const location = isAllIndia(label) ? undefined : label;
      void navigate({
        to: '/products',
        search: (previous: ProductsSearch) =>
          onProducts ? { ...previous, location, lat: undefined, lng: undefined, radius: undefined, sort: previous.sort === 'distance-asc' ? undefined : previous.sort, page: undefined } : location ? { location } : {},
      });
    },
    [navigate, onProducts, onDone],
  );
}

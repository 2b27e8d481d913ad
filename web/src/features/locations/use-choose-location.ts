import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ProductsSearch } from '../../lib/search-params';
import { isAllIndia } from './all-india';
import { chooseLocation } from './selected-location';

/**
 * Picking a place remembers it and shows its listings: /products?location=..., keeping the other
 * filters when already on /products (all of India removes the location filter).
 */
export function useChooseLocation(onDone?: () => void) {
  const navigate = useNavigate();
  const onProducts = useRouterState({ select: (state) => state.location.pathname === '/products' });

  return useCallback(
    (label: string, details: { id?: string | number; state?: string | null } = {}) => {
      chooseLocation(label, details);
      onDone?.();
      const location = isAllIndia(label) ? undefined : label;
      void navigate({
        to: '/products',
        search: (previous: ProductsSearch) => (onProducts ? { ...previous, location, page: undefined } : location ? { location } : {}),
      });
    },
    [navigate, onProducts, onDone],
  );
}

/** The seller page's loader, loaded with the page (not with every page's route definitions, which the home page loads). */
import { notFound } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { sellerIdFromSlug, type SellerSort } from '../../../../worker/schemas/seller-page-data';
import { sellerQueries } from './queries';

export async function loadSeller(queryClient: QueryClient, slug: string, sort: SellerSort, page: number): Promise<void> {
  const id = sellerIdFromSlug(slug);
  // the ads are asked for alongside the profile, not after it renders
  void queryClient.prefetchQuery(sellerQueries.listings(id, sort, page));
  try {
    await queryClient.ensureQueryData(sellerQueries.profile(id));
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 410)) throw notFound({ data: { gone: error.status === 410 } });
    throw error;
  }
}

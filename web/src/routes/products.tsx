import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../components/PagePlaceholder';
import { usePageTitle } from '../lib/page-title';
import { listingFiltersSearchSchema } from '../lib/search-params';

export const Route = createFileRoute('/products')({
  validateSearch: listingFiltersSearchSchema,
  component: ProductsPage,
});

function ProductsPage() {
  const { category, subcategory, location, q } = Route.useSearch();
  usePageTitle(category ? `${category} - Buy & Sell Online` : null);
  const place = location ?? 'India';
  const title = q ? `"${q}" in ${place}` : `${subcategory ?? category ?? 'Items'} in ${place}`;

  return (
    <PagePlaceholder
      title={title}
      description="Products matching your search, with category and location counts, active filters and sorting by date, price or relevance."
    />
  );
}

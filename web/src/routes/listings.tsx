import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../components/PagePlaceholder';
import { listingFiltersSearchSchema } from '../lib/search-params';

export const Route = createFileRoute('/listings')({
  validateSearch: listingFiltersSearchSchema,
  component: BrowseListingsPage,
});

function BrowseListingsPage() {
  return (
    <PagePlaceholder
      title="Browse Listings"
      description="Search every listing and narrow it down by category, location, condition and price, newest first."
    />
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

export const Route = createFileRoute('/_auth/create-listing')({
  component: CreateListingPage,
});

function CreateListingPage() {
  return (
    <PagePlaceholder
      title="Create Listing"
      description="Describe your item with a title, price, condition, category and location."
    />
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_auth/edit-listing/$id')({
  component: EditListingPage,
});

function EditListingPage() {
  return (
    <PagePlaceholder
      title="Edit Listing"
      description="Update the title, description, price, condition and location of your ad."
    />
  );
}

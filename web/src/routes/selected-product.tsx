import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../components/PagePlaceholder';

export const Route = createFileRoute('/selected-product')({
  component: SelectedProductPage,
});

function SelectedProductPage() {
  return (
    <PagePlaceholder
      title="Listing details"
      description="The listing you picked: photos, price, description, seller details and safety tips."
    />
  );
}

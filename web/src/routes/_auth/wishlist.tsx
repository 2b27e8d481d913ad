import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

export const Route = createFileRoute('/_auth/wishlist')({
  component: WishlistPage,
});

function WishlistPage() {
  return (
    <PagePlaceholder
      title="WISHLIST"
      description="The ads you have liked, in one place, to compare and come back to."
    />
  );
}

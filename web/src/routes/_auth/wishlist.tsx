import { createFileRoute } from '@tanstack/react-router';
import { WishlistPage } from '../../features/wishlist/WishlistPage';

export const Route = createFileRoute('/_auth/wishlist')({
  component: WishlistPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { CreateListingPage } from '../../features/selling/CreateListingPage';

export const Route = createFileRoute('/_auth/create-listing')({
  component: CreateListingPage,
});

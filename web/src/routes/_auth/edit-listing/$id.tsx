import { createFileRoute } from '@tanstack/react-router';
import { EditListingPage } from '../../../features/selling/EditListingPage';

export const Route = createFileRoute('/_auth/edit-listing/$id')({
  component: EditListingRoute,
});

function EditListingRoute() {
  const { id } = Route.useParams();
  return <EditListingPage id={id} />;
}

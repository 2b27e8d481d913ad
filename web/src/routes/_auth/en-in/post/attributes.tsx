import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../components/PagePlaceholder';

export const Route = createFileRoute('/_auth/en-in/post/attributes')({
  component: PostDetailsPage,
});

function PostDetailsPage() {
  return (
    <PagePlaceholder
      title="Post your ad"
      description="Include some details, set a price, upload up to 20 photos and confirm your location."
      showHomeLink
    />
  );
}

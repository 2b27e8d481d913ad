import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../components/PagePlaceholder';

export const Route = createFileRoute('/_auth/en-in/post/')({
  component: PostCategoryPage,
});

function PostCategoryPage() {
  return (
    <PagePlaceholder
      title="Post your ad"
      description="Choose the category that fits your item, then a subcategory, to start your ad."
      showHomeLink
    />
  );
}

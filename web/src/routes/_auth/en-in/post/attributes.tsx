import { createFileRoute } from '@tanstack/react-router';
import { PostAdPage } from '../../../../features/selling/PostAdPage';
import { postAttributesSearchSchema } from '../../../../features/selling/search';

export const Route = createFileRoute('/_auth/en-in/post/attributes')({
  validateSearch: postAttributesSearchSchema,
  component: PostAttributesRoute,
});

function PostAttributesRoute() {
  const { category, subcategory } = Route.useSearch();
  return <PostAdPage category={category} subcategory={subcategory} />;
}

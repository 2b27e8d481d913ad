import { createFileRoute } from '@tanstack/react-router';
import { MyAdsPage } from '../../../features/selling/MyAdsPage';
import { myAdsSearchSchema } from '../../../features/selling/search';

export const Route = createFileRoute('/_auth/en-in/myads')({
  validateSearch: myAdsSearchSchema,
  component: MyAdsRoute,
});

function MyAdsRoute() {
  const { status, q } = Route.useSearch();
  return <MyAdsPage status={status} q={q} />;
}

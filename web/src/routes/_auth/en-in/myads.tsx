import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_auth/en-in/myads')({
  component: MyAdsPage,
});

function MyAdsPage() {
  return (
    <PagePlaceholder
      title="My Ads"
      description="Every ad you have posted, filterable by status, with search and quick actions."
    />
  );
}

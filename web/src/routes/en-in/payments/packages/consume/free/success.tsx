import { createFileRoute } from '@tanstack/react-router';
import { AdPostedPage } from '../../../../../../features/selling/AdPostedPage';
import { adPostedSearchSchema } from '../../../../../../features/selling/search';

export const Route = createFileRoute('/en-in/payments/packages/consume/free/success')({
  validateSearch: adPostedSearchSchema,
  component: AdPostedRoute,
});

function AdPostedRoute() {
  const { slug, slot, group } = Route.useSearch();
  return <AdPostedPage slug={slug} slot={slot} group={group} />;
}

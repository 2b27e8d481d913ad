import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

export const Route = createFileRoute('/hc/en-us')({
  component: HelpCentrePage,
});

function HelpCentrePage() {
  return (
    <PagePlaceholder
      title="Help Center"
      description="Guides and answers for buying and selling on SEL, organised by category."
      showHomeLink
    />
  );
}

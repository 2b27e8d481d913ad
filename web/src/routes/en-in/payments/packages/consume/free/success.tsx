import { Link, createFileRoute } from '@tanstack/react-router';
import { usePageTitle } from '../../../../../../lib/page-title';

export const Route = createFileRoute('/en-in/payments/packages/consume/free/success')({
  component: AdPostedPage,
});

function AdPostedPage() {
  usePageTitle('Ad Posted Successfully');
  return (
    <section className="page page--centered">
      <h1 className="page-title">Congratulations!</h1>
      <p className="page-lead">Your Ad will go live shortly...</p>
      <p className="muted">One free ad is allowed every 365 days in Cars.</p>
      <Link to="/" className="button button--primary">
        Back to Home
      </Link>
    </section>
  );
}

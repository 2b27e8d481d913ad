import { Link, createFileRoute, useRouter } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/en-in/payments/viewcart/ALL')({
  component: CartPage,
});

function CartPage() {
  const router = useRouter();
  return (
    <section className="page page--centered">
      <h1 className="page-title">Cart</h1>
      <p className="page-lead">Oops... your cart is empty. Packages you choose for your ads will show up here.</p>
      <div className="button-row">
        <Link to="/en-in/payments/businesspackages/my_account" className="button button--primary">
          View packages
        </Link>
        <button type="button" className="button button--outline" onClick={() => router.history.back()}>
          Go back
        </button>
      </div>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useI18n } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { serverMessage } from '../selling/messages';
import { businessApi, businessKeys, GST_PERCENT, rupees } from './business-api';
import { MAX_QUANTITY, useCart, useCartChange } from './cart';
import { PackageCheckoutDialog } from './PackageCheckoutDialog';
import { usePackageCheckout } from './use-package-checkout';
import { packageName } from './package-text';
import './business.css';

/**
 * /en-in/payments/viewcart/ALL (decision 014): the packages put aside from the chooser, with quantities — the
 * account's cart, the same on every device; the subtotal, GST and total are the server's quote, and
 * checkout is the same dialog as everywhere.
 */
export function CartPage() {
  usePageTitle('Cart - SEL');
  const words = useI18n();
  const { t } = words;
  const router = useRouter();
  const cart = useCart();
  const change = useCartChange();
  // packages no longer on sale are left out by the server
  const lines = cart.data?.items ?? [];
  const catalogue = useQuery({ queryKey: businessKeys.packages({}), queryFn: ({ signal }) => businessApi.packages({}, signal), staleTime: 60_000 });
  const known = catalogue.data?.packages;
  const items = known ? lines.flatMap((l) => known.filter((p) => p.id === l.packageId).map((pkg) => ({ pkg, quantity: l.quantity }))) : [];
  const quote = useQuery({
    queryKey: [...businessKeys.all, 'quote', lines] as const,
    queryFn: () => businessApi.quote(lines),
    enabled: lines.length > 0,
    placeholderData: (previous) => previous,
  });
  // paying takes the bought packages out of the cart on the server; the payment refreshes the cart
  const checkout = usePackageCheckout(() => void router.navigate({ to: '/en-in/myorders/orders' }));

  if (cart.isPending) {
    return (
      <section className="page page--centered" aria-busy="true">
        <h1 className="page-title">{t('Cart')}</h1>
        <p className="status-text" role="status">
          {t('Loading your cart...')}
        </p>
      </section>
    );
  }
  if (cart.isError) {
    return (
      <section className="page page--centered">
        <h1 className="page-title">{t('Cart')}</h1>
        <p className="premium-error" role="alert">
          {serverMessage(cart.error, t('Could not load your cart. Please try again.'))}
        </p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => void cart.refetch()}>
            {t('Try Again')}
          </button>
        </div>
      </section>
    );
  }

  if (lines.length === 0) {
    return (
      <section className="page page--centered">
        <h1 className="page-title">{t('Cart')}</h1>
        <p className="page-lead">{t('Oops... your cart is empty. Packages you choose for your ads will show up here.')}</p>
        <div className="button-row">
          <Link to="/en-in/payments/businesspackages/my_account" className="button button--primary">
            {t('View packages')}
          </Link>
          <button type="button" className="button button--outline" onClick={() => router.history.back()}>
            {t('Go back')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="biz-page biz-cart">
      <h1 className="page-title">{t('Cart')}</h1>
      {change.isError && (
        <p className="premium-error" role="alert">
          {serverMessage(change.error, t('Could not change your cart. Please try again.'))}
        </p>
      )}
      {catalogue.isError && (
        <p className="premium-error" role="alert">
          {serverMessage(catalogue.error, 'Could not load packages')}
        </p>
      )}
      <ul className="biz-cart__lines">
        {items.map(({ pkg, quantity }) => (
          <li key={pkg.id} className="biz-cart__line">
            <span className="biz-cart__name">
              <strong>{packageName(pkg.name, words)}</strong>
              <span className="muted">{rupees(pkg.price)} {t('each, before GST')}</span>
            </span>
            <span className="biz-cart__qty">
              <button type="button" className="button button--outline button--small" aria-label={t('One less')} disabled={quantity <= 1 || change.isPending} onClick={() => change.mutate({ kind: 'set', packageId: pkg.id, quantity: quantity - 1 })}>
                −
              </button>
              <output aria-label={t('Quantity')}>{quantity}</output>
              <button type="button" className="button button--outline button--small" aria-label={t('One more')} disabled={quantity >= MAX_QUANTITY || change.isPending} onClick={() => change.mutate({ kind: 'set', packageId: pkg.id, quantity: quantity + 1 })}>
                +
              </button>
            </span>
            <span className="biz-cart__amount">{rupees(pkg.price * quantity)}</span>
            <button type="button" className="link-button biz-cart__remove" disabled={change.isPending} onClick={() => change.mutate({ kind: 'remove', packageId: pkg.id })}>
              {t('Remove')}
            </button>
          </li>
        ))}
      </ul>
      {quote.isError ? (
        <p className="premium-error" role="alert">
          {serverMessage(quote.error, 'Could not price your cart')}
        </p>
      ) : (
        <dl className="biz-pay__sum" aria-busy={quote.isFetching}>
          <div>
            <dt>{t('Subtotal')}</dt>
            <dd>{quote.data ? rupees(quote.data.subtotal) : '…'}</dd>
          </div>
          <div>
            <dt>
              {t('GST')} ({GST_PERCENT}%)
            </dt>
            <dd>{quote.data ? rupees(quote.data.gst) : '…'}</dd>
          </div>
          <div className="biz-pay__total">
            <dt>{t('Total')}</dt>
            <dd>{quote.data ? rupees(quote.data.total) : '…'}</dd>
          </div>
        </dl>
      )}
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={!quote.data || items.length === 0 || quote.isFetching || change.isPending} onClick={() => checkout.start(items)}>
          {t('Checkout')}
        </button>
        <Link to="/en-in/payments/businesspackages/my_account" className="button button--outline">
          {t('Add more packages')}
        </Link>
      </div>
      <PackageCheckoutDialog checkout={checkout} />
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useI18n } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { serverMessage } from '../selling/messages';
import { businessApi, businessKeys, GST_PERCENT, rupees } from './business-api';
import { MAX_QUANTITY, clearCart, keepInCart, removeFromCart, setQuantity, useCart } from './cart';
import { PackageCheckoutDialog } from './PackageCheckoutDialog';
import { usePackageCheckout } from './use-package-checkout';
import { packageName } from './package-text';
import './business.css';

/**
 * /en-in/payments/viewcart/ALL (decision 014): the packages put aside from the chooser, with quantities; the
 * subtotal, GST and total are the server's quote, and checkout is the same dialog as everywhere.
 */
export function CartPage() {
  usePageTitle('Cart - SEL');
  const words = useI18n();
  const { t } = words;
  const router = useRouter();
  const lines = useCart();
  const catalogue = useQuery({ queryKey: businessKeys.packages({}), queryFn: ({ signal }) => businessApi.packages({}, signal), staleTime: 60_000 });
  const known = catalogue.data?.packages;
  const items = known ? lines.flatMap((l) => known.filter((p) => p.id === l.packageId).map((pkg) => ({ pkg, quantity: l.quantity }))) : [];
  useEffect(() => {
    if (known) keepInCart(new Set(known.map((p) => p.id)));
  }, [known]);
  const quote = useQuery({
    queryKey: [...businessKeys.all, 'quote', lines] as const,
    queryFn: () => businessApi.quote(lines),
    enabled: lines.length > 0,
    placeholderData: (previous) => previous,
  });
  const paidIds = items.map((i) => i.pkg.id);
  const checkout = usePackageCheckout(() => {
    clearCart(paidIds);
    void router.navigate({ to: '/en-in/myorders/orders' });
  });

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
              <button type="button" className="button button--outline button--small" aria-label={t('One less')} disabled={quantity <= 1} onClick={() => setQuantity(pkg.id, quantity - 1)}>
                −
              </button>
              <output aria-label={t('Quantity')}>{quantity}</output>
              <button type="button" className="button button--outline button--small" aria-label={t('One more')} disabled={quantity >= MAX_QUANTITY} onClick={() => setQuantity(pkg.id, quantity + 1)}>
                +
              </button>
            </span>
            <span className="biz-cart__amount">{rupees(pkg.price * quantity)}</span>
            <button type="button" className="link-button biz-cart__remove" onClick={() => removeFromCart(pkg.id)}>
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
        <button type="button" className="button button--primary" disabled={!quote.data || items.length === 0 || quote.isFetching} onClick={() => checkout.start(items)}>
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

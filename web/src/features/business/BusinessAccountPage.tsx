import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { serverMessage } from '../selling/messages';
import { InvoiceButton } from './SellerReports';
import { usePageTitle } from '../../lib/page-title';
import { PackageCheckoutDialog } from './PackageCheckoutDialog';
import { businessApi, businessKeys, formatDate, priceWithGst, rupees } from './business-api';
import { PACKAGE_TYPE_LABELS, packageDescription, packageName } from './package-text';
import { usePackageCheckout } from './use-package-checkout';
import './business.css';

/** /en-in/payments/businesspackages/my_account: buy packages, my unused packages, my free-ad limits. */
export function BusinessAccountPage() {
  const words = useI18n();
  const { t, language } = words;
  usePageTitle('My Account - Business packages - SEL');
  const account = useQuery({ queryKey: businessKeys.account(), queryFn: ({ signal }) => businessApi.account(signal) });
  const groups = account.data?.limits ?? [];
  const [group, setGroup] = useState('');
  const chosen = groups.find((g) => (g.subcategoryId ?? g.categoryId) === group) ?? groups[0];
  const q = chosen ? { category: chosen.categoryId, ...(chosen.subcategoryId ? { subcategory: chosen.subcategoryId } : {}) } : {};
  const packages = useQuery({ queryKey: businessKeys.packages(q), queryFn: ({ signal }) => businessApi.packages(q, signal), enabled: Boolean(chosen) });
  const checkout = usePackageCheckout();

  return (
    <section className="page biz-page">
      <h1 className="page-title">{t('My Account')}</h1>
      <p className="page-lead">
        {t('Business packages: post more ads, feature them, boost them to the top.')}{' '}
        <Link to="/en-in/myorders/orders">{t('Orders & billing')}</Link>
      </p>

      <section className="sell-card" aria-labelledby="biz-buy">
        <h2 id="biz-buy" className="biz-page__h2">
          {t('Buy Business Packages')}
        </h2>
        <label className="biz-page__select">
          {t('Category')}{' '}
          <select value={chosen ? (chosen.subcategoryId ?? chosen.categoryId) : ''} onChange={(e) => setGroup(e.target.value)}>
            {groups.map((g) => (
              <option key={g.subcategoryId ?? g.categoryId} value={g.subcategoryId ?? g.categoryId}>
                {t(g.name)}
              </option>
            ))}
          </select>
        </label>
        <ul className="biz-page__packages">
          {(packages.data?.packages ?? []).map((pkg) => (
            <li key={pkg.id} className="biz-page__package">
              <span>
                <span className="biz-page__type">{t(PACKAGE_TYPE_LABELS[pkg.type])}</span>
                <strong>{packageName(pkg.name, words, { withGroup: false })}</strong>
                <span className="muted">{packageDescription(pkg.description, words)}</span>
              </span>
              <button type="button" className="button button--primary" onClick={() => checkout.start([{ pkg, quantity: 1 }])} aria-label={`${t('Buy')} ${packageName(pkg.name, words)}`}>
                {rupees(priceWithGst(pkg.price))}
              </button>
            </li>
          ))}
        </ul>
        <p className="muted">{t('Prices include 18% GST.')}</p>
      </section>

      <section className="sell-card" aria-labelledby="biz-credits">
        <h2 id="biz-credits" className="biz-page__h2">
          {t('My packages')}
        </h2>
        {account.data && account.data.credits.length === 0 && <p className="muted">{t('No unused packages.')}</p>}
        <ul className="biz-page__credits">
          {(account.data?.credits ?? []).map((c) => (
            <li key={c.id}>
              <strong>{packageName(c.name, words)}</strong> — {t('{remaining} of {quantity} left, use by {date}', { remaining: c.remaining, quantity: c.quantity, date: formatDate(c.expiresAt, language) })}
            </li>
          ))}
        </ul>
      </section>

      <section className="sell-card" aria-labelledby="biz-limits">
        <h2 id="biz-limits" className="biz-page__h2">
          {t('Free ads')}
        </h2>
        <table className="biz-page__limits">
          <thead>
            <tr>
              <th scope="col">{t('Category')}</th>
              <th scope="col">{t('Used')}</th>
              <th scope="col">{t('Resets')}</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.subcategoryId ?? g.categoryId}>
                <th scope="row">{t(g.name)}</th>
                <td>
                  {t('{used} of {free} every {days} days', { used: g.used, free: g.freeAds, days: g.periodDays })}
                  {g.paidSlots > 0 ? ` ${t('+ {n} paid', { n: g.paidSlots })}` : ''}
                </td>
                <td>{g.resetsAt ? formatDate(g.resetsAt, language) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <PackageCheckoutDialog checkout={checkout} />
    </section>
  );
}

/** /en-in/myorders/orders: my package orders with their GST breakdown and invoice numbers. */
export function MyOrdersPage() {
  const words = useI18n();
  const { t, language } = words;
  usePageTitle('My Orders - SEL');
  const orders = useQuery({ queryKey: businessKeys.orders(), queryFn: ({ signal }) => businessApi.orders(signal) });
  const queryClient = useQueryClient();
  // an unpaid order can be paid from here, or taken off the list (decision 024)
  const checkout = usePackageCheckout(() => void orders.refetch());
  const removal = useMutation({
    mutationFn: (id: string) => businessApi.removeOrder(id),
    onSuccess: () => {
      toast.success(t('Order removed'));
      return queryClient.invalidateQueries({ queryKey: businessKeys.orders() });
    },
    onError: (error) => {
      toast.error(t(serverMessage(error, 'Could not remove the order. Please try again.')));
      return queryClient.invalidateQueries({ queryKey: businessKeys.orders() });
    },
  });
  return (
    <section className="page biz-page">
      <h1 className="page-title">{t('My Orders')}</h1>
      {orders.data && orders.data.orders.length === 0 && (
        <div className="empty-state">
          <p className="muted">{t('You have not ordered any packages yet.')}</p>
          <Link to="/en-in/payments/businesspackages/my_account" className="button button--primary">
            {t('Buy Business Packages')}
          </Link>
        </div>
      )}
      <ul className="biz-page__orders">
        {(orders.data?.orders ?? []).map((o) => (
          <li key={o.id} className="sell-card biz-order">
            <p className="biz-order__head">
              <strong>{o.status === 'PAID' ? t('Paid') : t('Not completed')}</strong>
              <span className="muted">{formatDate(o.paidAt ?? o.createdAt, language)}</span>
            </p>
            <ul className="biz-order__items">
              {o.items.map((i) => (
                <li key={i.packageId}>
                  {i.quantity > 1 ? `${i.quantity} × ` : ''}
                  {packageName(i.name, words)} — {rupees(i.amount)}
                </li>
              ))}
            </ul>
            <p>
              {t('Subtotal')} {rupees(o.subtotal)} · {t('GST')} {rupees(o.gst)} · <strong>{t('Total')} {rupees(o.total)}</strong>
            </p>
            {o.invoiceNumber && (
              <p className="muted">
                {t('Invoice')} {o.invoiceNumber}
              </p>
            )}
            {o.invoiceNumber && <InvoiceButton orderId={o.id} />}
            {o.status === 'CREATED' && (
              <div className="biz-order__actions">
                <p className="muted">{t('This payment was not completed: pay now to get the packages, or remove the order.')}</p>
                <button type="button" className="button button--primary button--small" disabled={checkout.phase !== 'idle'} onClick={() => checkout.resume(o)}>
                  {t('Pay {amount}', { amount: rupees(o.total) })}
                </button>
                <button
                  type="button"
                  className="button button--outline button--small"
                  disabled={removal.isPending && removal.variables === o.id}
                  onClick={() => removal.mutate(o.id)}
                >
                  {t('Remove')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <PackageCheckoutDialog checkout={checkout} />
    </section>
  );
}

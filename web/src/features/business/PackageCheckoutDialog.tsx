import { useId } from 'react';
import { useI18n } from '../../lib/i18n';
import { Dialog } from '../../components/Dialog';
import '../premium/premium.css';
import './business.css';
import { GST_PERCENT, rupees } from './business-api';
import { packageDescription, packageName } from './package-text';
import type { PackageCheckout } from './use-package-checkout';

/** 'Complete Payment' for seller packages: what is bought, subtotal, GST and total, then the checkout. */
export function PackageCheckoutDialog({ checkout }: { checkout: PackageCheckout }) {
  const words = useI18n();
  const { t } = words;
  const notesId = useId();
  const { items, order, phase, error } = checkout;
  if (items.length === 0) return null;
  const verifying = phase === 'verifying';
  const busy = phase !== 'ready';
  const total = order ? rupees(order.total) : '';
  return (
    <>
      <Dialog title={t('Complete Payment')} onClose={checkout.close} busy={verifying} describedBy={notesId} className="premium-pay biz-pay">
        <div className="premium-pay__body">
          <ul className="biz-pay__items">
            {items.map(({ pkg, quantity }) => (
              <li key={pkg.id} className="biz-pay__item">
                <span>
                  <strong>{quantity > 1 ? `${quantity} × ${packageName(pkg.name, words)}` : packageName(pkg.name, words)}</strong>
                  {pkg.description && <span className="muted biz-pay__description">{packageDescription(pkg.description, words)}</span>}
                </span>
                <span>{rupees(pkg.price * quantity)}</span>
              </li>
            ))}
          </ul>
          {order && (
            <dl className="biz-pay__sum" id={notesId}>
              <div>
                <dt>{t('Subtotal')}</dt>
                <dd>{rupees(order.subtotal)}</dd>
              </div>
              <div>
                <dt>{t('GST')} ({GST_PERCENT}%)</dt>
                <dd>{rupees(order.gst)}</dd>
              </div>
              <div className="biz-pay__total">
                <dt>{t('Total')}</dt>
                <dd>{total}</dd>
              </div>
            </dl>
          )}
          {order?.provider === 'local' && <p className="muted">{t('Test mode: payment goes through SEL’s test checkout. No real money is charged.')}</p>}
          {error && (
            <p className="premium-error" role="alert">
              {error}
            </p>
          )}
          {verifying && (
            <p className="premium-pay__status" role="status">
              {t('Confirming your payment...')}
            </p>
          )}
          <div className="premium-pay__actions">
            <button type="button" className="button button--outline" onClick={checkout.close} disabled={verifying}>
              {t('Cancel')}
            </button>
            <button type="button" className="button button--primary premium-pay__pay" onClick={() => void checkout.pay()} disabled={busy} aria-busy={busy} data-autofocus>
              {order ? `${t('Pay')} ${total}` : t('Preparing...')}
            </button>
          </div>
        </div>
      </Dialog>
      {checkout.localCheckoutOpen && order && (
        <Dialog title={t('Test checkout')} onClose={checkout.dismissCheckout} busy={verifying} className="premium-test-checkout">
          <div className="premium-pay__body">
            <p className="premium-test-checkout__banner">{t('Test checkout — no real money is charged')}</p>
            <dl className="premium-test-checkout__summary">
              <div>
                <dt>{t('Amount')}</dt>
                <dd>{total}</dd>
              </div>
              <div>
                <dt>{t('Order')}</dt>
                <dd className="premium-test-checkout__order">{order.orderId}</dd>
              </div>
            </dl>
            {error && (
              <p className="premium-error" role="alert">
                {error}
              </p>
            )}
            <div className="premium-pay__actions">
              <button type="button" className="button button--outline" onClick={checkout.dismissCheckout} disabled={verifying}>
                {t('Cancel')}
              </button>
              <button type="button" className="button button--primary premium-pay__pay" onClick={() => void checkout.payLocally()} disabled={verifying} aria-busy={verifying} data-autofocus>
                {verifying ? t('Processing...') : `${t('Pay')} ${total}`}
              </button>
            </div>
          </div>
        </Dialog>
      )}
    </>
  );
}

import { useId, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { useI18n } from '../../lib/i18n';
import { formatAmount, orderAmountText, payButtonLabel } from './premium-rules';
import type { Checkout } from './use-checkout';

/** 'Complete Payment' (spec part 2 §2): the chosen plan, what paying means, Pay and Cancel. */
export function PaymentDialog({ checkout }: { checkout: Checkout }) {
  const { selected, order, phase, busy, error } = checkout;
  const notesId = useId();
  const { t } = useI18n();
  if (!selected) return null;

  const price = order ? orderAmountText(order) : formatAmount(selected.price, selected.currency);
  const testMode = order?.provider === 'local';
  const verifying = phase === 'verifying';

  return (
    <>
      <Dialog title={t('Complete Payment')} onClose={checkout.close} busy={verifying} describedBy={notesId} className="premium-pay">
        <div className="premium-pay__body">
          <div className="premium-pay__plan">
            <div>
              <h3 className="premium-pay__plan-name">{t(selected.name)}</h3>
              <p className="premium-pay__plan-description">{t(selected.description)}</p>
            </div>
            <p className="premium-pay__price">
              {formatAmount(selected.price, selected.currency)} {t('/ month')}
            </p>
          </div>

          <ul className="premium-pay__notes" id={notesId}>
            <li>
              <NoteIcon kind="lock" />
              {testMode
                ? t('Test mode: payment goes through SEL’s test checkout. No real money is charged.')
                : t('Secure payment through Razorpay: cards, UPI and net banking. SEL never sees or stores your card details.')}
            </li>
            <li>
              <NoteIcon kind="bolt" />
              {t('Instant activation as soon as the payment is confirmed.')}
            </li>
            <li>
              <NoteIcon kind="calendar" />
              {t('Valid for {days} days. It does not renew automatically.', { days: selected.validityDays })}
            </li>
          </ul>

          {error && (
            <p className="premium-error" role="alert">
              {t(error)}
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
            <button
              type="button"
              className="button button--primary premium-pay__pay"
              onClick={() => void checkout.pay()}
              disabled={busy}
              aria-busy={busy}
              data-autofocus
            >
              {t(payButtonLabel(busy), { price })}
            </button>
          </div>
          <p className="premium-pay__terms">
            {t('By paying you agree to SEL’s Terms of Use and Privacy Policy. This is a one-time payment for {days} days of {plan}.', {
              days: selected.validityDays,
              plan: t(selected.name),
            })}
          </p>
        </div>
      </Dialog>
      {checkout.localCheckoutOpen && order && <LocalTestCheckout checkout={checkout} planName={selected.name} amount={price} />}
    </>
  );
}

type Method = 'card' | 'upi';

/**
 * Our stand-in for Razorpay's checkout when the server has no Razorpay keys (design notes, "Local
 * stand-ins"): nothing is typed and nothing is charged; the server signs a test payment and the
 * page verifies it exactly as it would verify Razorpay's.
 */
function LocalTestCheckout({ checkout, planName, amount }: { checkout: Checkout; planName: string; amount: string }) {
  const [method, setMethod] = useState<Method>('card');
  const verifying = checkout.phase === 'verifying';
  const warningId = useId();
  const { t } = useI18n();

  return (
    <Dialog title={t('Test checkout')} onClose={checkout.dismissCheckout} busy={verifying} describedBy={warningId} className="premium-test-checkout">
      <div className="premium-pay__body">
        <p className="premium-test-checkout__banner" id={warningId}>
          {t('Test checkout — no real money is charged')}
        </p>
        <dl className="premium-test-checkout__summary">
          <div>
            <dt>{t('Plan')}</dt>
            <dd>{t(planName)}</dd>
          </div>
          <div>
            <dt>{t('Amount')}</dt>
            <dd>{amount}</dd>
          </div>
          {checkout.order && (
            <div>
              <dt>{t('Order')}</dt>
              <dd className="premium-test-checkout__order" translate="no">{checkout.order.orderId}</dd>
            </div>
          )}
        </dl>

        <fieldset className="premium-test-checkout__methods" disabled={verifying}>
          <legend>{t('Pay with (test)')}</legend>
          <label className={method === 'card' ? 'premium-method premium-method--active' : 'premium-method'}>
            <input type="radio" name="premium-test-method" value="card" checked={method === 'card'} onChange={() => setMethod('card')} />
            <span>
              <strong>{t('Card')}</strong>
              <span className="premium-method__detail">{t('Test Visa •••• 1111, exp 12/30')}</span>
            </span>
          </label>
          <label className={method === 'upi' ? 'premium-method premium-method--active' : 'premium-method'}>
            <input type="radio" name="premium-test-method" value="upi" checked={method === 'upi'} onChange={() => setMethod('upi')} />
            <span>
              <strong>UPI</strong>
              <span className="premium-method__detail" translate="no">
                success@sel.test
              </span>
            </span>
          </label>
        </fieldset>

        {checkout.error && (
          <p className="premium-error" role="alert">
            {t(checkout.error)}
          </p>
        )}

        <div className="premium-pay__actions">
          <button type="button" className="button button--outline" onClick={checkout.dismissCheckout} disabled={verifying}>
            {t('Cancel')}
          </button>
          <button
            type="button"
            className="button button--primary premium-pay__pay"
            onClick={() => void checkout.payLocally()}
            disabled={verifying}
            aria-busy={verifying}
            data-autofocus
          >
            {t(payButtonLabel(verifying), { price: amount })}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function NoteIcon({ kind }: { kind: 'lock' | 'bolt' | 'calendar' }) {
  const paths = {
    lock: 'M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h1Zm2 0h6V7a3 3 0 0 0-6 0v3Z',
    bolt: 'M13 2 4 14h6l-1 8 9-12h-6l1-8Z',
    calendar: 'M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9Z',
  };
  return (
    <svg className="premium-pay__note-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path fill="currentColor" d={paths[kind]} />
    </svg>
  );
}

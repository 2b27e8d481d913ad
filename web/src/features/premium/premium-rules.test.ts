import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api';
import { interpolate } from '../../lib/i18n';
import {
  checkoutModeFor,
  checkoutPrefill,
  formatAmount,
  isProStatus,
  orderAmountText,
  payButtonLabel,
  phoneAccessErrorView,
  phoneNumbersUsedText,
  phoneUsageText,
  planButtonState,
  premiumErrorMessage,
  remainingDaysText,
  telHref,
  transactionStatusLabel,
  welcomeMessage,
  formatPlanDate,
} from './premium-rules';

describe('price texts', () => {
  it('uses lakh grouping and never a wrong sign for other currencies', () => {
    expect(formatAmount(125000)).toBe('₹1,25,000');
    expect(formatAmount(5, 'usd')).toBe('USD 5');
    expect(formatAmount(Number.NaN)).toBe('₹0');
  });

  it('turns the order amount from paise into rupees', () => {
    expect(orderAmountText({ amount: 29900, currency: 'INR' })).toBe('₹299');
    expect(orderAmountText({ amount: 9950, currency: 'INR' })).toBe('₹99.5');
  });

  it('labels the Pay button with the price or Processing...', () => {
    expect(interpolate(payButtonLabel(false), { price: '₹299' })).toBe('Pay ₹299');
    expect(payButtonLabel(true)).toBe('Processing...');
  });
});

describe('remainingDaysText', () => {
  it('counts whole days', () => {
    expect(remainingDaysText(30)).toBe('30 days remaining');
    expect(remainingDaysText(2)).toBe('2 days remaining');
    expect(remainingDaysText(1)).toBe('1 day remaining');
  });

  it('rounds partial days up and never goes negative', () => {
    expect(remainingDaysText(0.2)).toBe('1 day remaining');
    expect(remainingDaysText(0)).toBe('Ends today');
    expect(remainingDaysText(-3)).toBe('Ends today');
    expect(remainingDaysText(Number.NaN)).toBe('Ends today');
  });
});

describe('phone number usage', () => {
  it('reads as n of limit', () => {
    expect(phoneNumbersUsedText(3, 50)).toBe('3 of 50 phone numbers used');
    expect(phoneUsageText(1, 50)).toBe('1 of 50 used this month');
    expect(phoneUsageText(-1, 50)).toBe('0 of 50 used this month');
  });

  it('builds a dialable tel: link', () => {
    expect(telHref('+91 98123 45678')).toBe('tel:+919812345678');
  });
});

describe('planButtonState', () => {
  const base = { packageId: 'pro', isPremium: false, statusKnown: true, selectedPackageId: null, busy: false };

  it('lets a non-premium buyer choose', () => {
    expect(planButtonState(base)).toEqual({ kind: 'choose', label: 'Choose Plan', disabled: false });
  });

  it('shows Already Subscribed, disabled, to premium users', () => {
    expect(planButtonState({ ...base, isPremium: true })).toEqual({ kind: 'subscribed', label: 'Already Subscribed', disabled: true });
    expect(planButtonState({ ...base, isPremium: true, selectedPackageId: 'pro', busy: true }).kind).toBe('subscribed');
  });

  it('shows Processing... on the plan being paid for and locks the others', () => {
    expect(planButtonState({ ...base, selectedPackageId: 'pro', busy: true })).toEqual({ kind: 'processing', label: 'Processing...', disabled: true });
    expect(planButtonState({ ...base, packageId: 'basic', selectedPackageId: 'pro', busy: true })).toEqual({
      kind: 'choose',
      label: 'Choose Plan',
      disabled: true,
    });
  });

  it('waits for the premium status before allowing a choice', () => {
    expect(planButtonState({ ...base, statusKnown: false }).disabled).toBe(true);
  });
});

describe('premiumErrorMessage', () => {
  it('prefers the server message', () => {
    const conflict = new ApiError(409, 'ALREADY_PREMIUM', 'You already have an active premium plan. You can buy again when it ends.');
    expect(premiumErrorMessage(conflict, 'createOrder')).toBe(conflict.message);
    const outage = new ApiError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'Failed to create order. The payment service is not responding; please try again.');
    expect(premiumErrorMessage(outage, 'createOrder')).toBe(outage.message);
    expect(premiumErrorMessage(new ApiError(400, 'BAD_SIGNATURE', 'Payment verification failed'), 'verify')).toBe('Payment verification failed');
  });

  it('falls back to the spec texts when there is no server message', () => {
    expect(premiumErrorMessage(new Error('boom'), 'packages')).toBe('Failed to load packages');
    expect(premiumErrorMessage(undefined, 'status')).toBe('Failed to load premium status');
    expect(premiumErrorMessage(new ApiError(502, 'HTTP_502', 'Server error. Please try again later.'), 'createOrder')).toBe('Failed to create order');
    expect(premiumErrorMessage(new ApiError(200, 'BAD_RESPONSE', 'Unexpected response from server.'), 'verify')).toBe('Payment verification failed');
    expect(premiumErrorMessage(new TypeError('x'), 'checkout')).toBe('Payment system not ready');
  });

  it('says what failed and why when offline', () => {
    expect(premiumErrorMessage(new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE), 'createOrder')).toBe(`Failed to create order. ${NETWORK_ERROR_MESSAGE}`);
  });

  it('sends non-Pro buyers to the Pro pitch and shows other phone errors as they are', () => {
    expect(phoneAccessErrorView(new ApiError(403, 'PRO_REQUIRED', 'Seller phone numbers are part of SEL Buyer Pro. Upgrade to see them.')).kind).toBe('upsell');
    const hidden = new ApiError(403, 'PHONE_HIDDEN', 'The seller has chosen not to share their phone number. Chat with them instead.');
    expect(phoneAccessErrorView(hidden)).toEqual({ kind: 'message', message: hidden.message });
    const limit = new ApiError(429, 'PHONE_LIMIT_REACHED', 'You have used all 50 phone numbers of your plan.');
    expect(phoneAccessErrorView(limit)).toEqual({ kind: 'message', message: limit.message });
  });
});

describe('checkoutModeFor', () => {
  const order = { orderId: 'order_123', key: 'rzp_test_abc', provider: 'razorpay' as const };

  it('uses Razorpay when the server made a Razorpay order', () => {
    expect(checkoutModeFor(order)).toBe('razorpay');
  });

  it('uses the local test checkout without Razorpay keys', () => {
    expect(checkoutModeFor({ orderId: 'order_local_1', key: 'local_test_checkout', provider: 'local' })).toBe('local');
  });

  it('has nothing to open without an order or with an unknown provider', () => {
    expect(checkoutModeFor(null)).toBeNull();
    expect(checkoutModeFor(undefined)).toBeNull();
    expect(checkoutModeFor({ ...order, orderId: '' })).toBeNull();
    expect(checkoutModeFor({ ...order, key: '' })).toBeNull();
    expect(checkoutModeFor({ ...order, provider: 'stripe' as never })).toBeNull();
  });
});

describe('small helpers', () => {
  it('prefills only what is known', () => {
    expect(checkoutPrefill({ firstName: 'Asha', lastName: 'Rao', email: 'asha@example.in', phone: '9812345678' })).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.in',
      contact: '+919812345678',
    });
    expect(checkoutPrefill({ firstName: '', lastName: '', email: null, phone: null })).toEqual({});
    expect(checkoutPrefill(null)).toEqual({});
  });

  it('knows a Pro status', () => {
    const sub = { packageType: 'PRO' } as never;
    expect(isProStatus({ isPremium: true, subscription: sub })).toBe(true);
    expect(isProStatus({ isPremium: true, subscription: { packageType: 'BASIC' } as never })).toBe(false);
    expect(isProStatus({ isPremium: false, subscription: null })).toBe(false);
    expect(isProStatus(undefined)).toBe(false);
  });

  it('welcomes by plan name', () => {
    expect(welcomeMessage('SEL Buyer Pro')).toBe('Welcome to SEL Buyer Pro!');
    expect(welcomeMessage(undefined)).toBe('Welcome to SEL Buyer!');
  });

  it('labels transactions', () => {
    expect(transactionStatusLabel('PAID')).toBe('Paid');
    expect(transactionStatusLabel('CREATED')).toBe('Not completed');
    expect(transactionStatusLabel('EXPIRED')).toBe('Expired');
  });
});

// every screen of the web app and the server's texts, as text (the catalogues included: a Hindi
// value must not bring an old name back either)
const SCREENS = import.meta.glob<string>(['../../**/*.{ts,tsx}', '../../../../worker/schemas/*.ts', '!../../**/*.test.ts', '!../../**/*.gen.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('one name for the premium plans', () => {
  it('calls them SEL Buyer (Basic, Pro) everywhere: no Elite, Premium Buyer Program or Buyer Pro variants', () => {
    expect(Object.keys(SCREENS).length).toBeGreaterThan(100);
    const old = /Elite Buyer|Elite Pro|Become an Elite|Elite \(premium\)|'Elite'|Premium Buyer Program|एलीट|प्रीमियम खरीदार प्रोग्राम/;
    const found = Object.entries(SCREENS).filter(([, text]) => old.test(text)).map(([file]) => file);
    expect(found).toEqual([]);
  });
});

describe('plan dates in the reader’s language', () => {
  it('writes the month in Hindi for a Hindi reader, in English otherwise', () => {
    expect(formatPlanDate('2026-07-12T10:00:00Z')).toBe('12 Jul 2026');
    const hindi = formatPlanDate('2026-07-12T10:00:00Z', 'hi');
    expect(hindi).toMatch(/[\u0900-\u097F]/);
    expect(hindi).not.toMatch(/Jul/);
    expect(formatPlanDate(null, 'hi')).toBe('');
  });
});

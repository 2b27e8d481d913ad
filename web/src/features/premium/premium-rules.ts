/**
 * Pure rules of the premium buyer program (spec part 2 §2, §4, §5, §8, §9): texts, button states,
 * error messages and which checkout an order goes to. No React, no fetch: unit-tested beside.
 */
import { msg } from '../../lib/i18n';
import { isApiError } from '../../lib/api';
import type { PremiumOrder, PremiumStatus } from './premium-api';

const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** '₹299', '₹1,299', '₹99.50'. Other currencies keep their code ('USD 5') rather than a wrong sign. */
export function formatAmount(amount: number, currency = 'INR'): string {
  const value = Number.isFinite(amount) ? amount : 0;
  const code = (currency || 'INR').trim().toUpperCase();
  return code === 'INR' ? `₹${rupees.format(value)}` : `${code} ${rupees.format(value)}`;
}

/** The order's amount is in paise; the Pay button shows rupees: 'Pay ₹299'. */
export function orderAmountText(order: Pick<PremiumOrder, 'amount' | 'currency'>): string {
  return formatAmount(order.amount / 100, order.currency);
}

/** '12 days remaining', '1 day remaining', 'Ends today' (the server rounds partial days up). */
export function remainingDaysText(days: number): string {
  const whole = Math.max(0, Math.ceil(Number.isFinite(days) ? days : 0));
  if (whole === 0) return 'Ends today';
  return whole === 1 ? '1 day remaining' : `${whole} days remaining`;
}

const dateFormats = {
  en: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'short', year: 'numeric' }),
};

/** '12 Jul 2026' ('12 जुल॰ 2026' in Hindi); '' for a missing or broken date. */
export function formatPlanDate(iso: string | null | undefined, language: 'en' | 'hi' = 'en'): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormats[language].format(date);
}

/** '3 of 50 phone numbers used'. */
export function phoneNumbersUsedText(used: number, limit: number): string {
  return `${Math.max(0, used)} of ${limit} phone numbers used`;
}

export function isProStatus(status: PremiumStatus | null | undefined): boolean {
  return Boolean(status?.isPremium && status.subscription?.packageType === 'PRO');
}

export type PlanButtonKind = 'choose' | 'subscribed' | 'processing';

export interface PlanButtonState {
  kind: PlanButtonKind;
  label: string;
  disabled: boolean;
}

export interface PlanButtonInput {
  packageId: string;
  /** From the status query: premium users cannot choose a plan again (spec §4, §5). */
  isPremium: boolean;
  /** False while the status is still loading: choosing then could only end in "already premium". */
  statusKnown: boolean;
  /** The plan whose payment dialog is open, if any. */
  selectedPackageId: string | null;
  /** A payment is under way (order, checkout or verification). */
  busy: boolean;
}

export function planButtonState({ packageId, isPremium, statusKnown, selectedPackageId, busy }: PlanButtonInput): PlanButtonState {
  if (isPremium) return { kind: 'subscribed', label: msg('Already Subscribed'), disabled: true };
  if (busy && selectedPackageId === packageId) return { kind: 'processing', label: msg('Processing...'), disabled: true };
  return { kind: 'choose', label: msg('Choose Plan'), disabled: !statusKnown || busy || selectedPackageId !== null };
}

/** The payment dialog's main button: the price, or 'Processing...' while anything is under way. */
export function payButtonLabel(busy: boolean): string {
  return busy ? msg('Processing...') : msg('Pay {price}');
}

/** What failed, for the fallback texts of spec part 2 §8 (Premium). */
export type PremiumAction =
  | 'packages'
  | 'status'
  | 'createOrder'
  | 'checkout'
  | 'verify'
  | 'transactions'
  | 'curated'
  | 'phone';

export const PREMIUM_FALLBACK_MESSAGES: Record<PremiumAction, string> = {
  packages: msg('Failed to load packages'),
  status: msg('Failed to load premium status'),
  createOrder: msg('Failed to create order'),
  checkout: msg('Payment system not ready'),
  verify: msg('Payment verification failed'),
  transactions: msg('Failed to load your payments'),
  curated: msg('Failed to load curated leads'),
  phone: msg('Could not get the phone number. Please try again.'),
};

/** Codes lib/api makes up itself when there was no server message to show. */
const CLIENT_MADE_CODES = new Set(['NETWORK', 'TIMEOUT', 'BAD_RESPONSE']);

/**
 * The server's message when it sent one (409 'You already have an active premium plan...', 429
 * 'You have used all 50 phone numbers...'), else the spec's text for the failed action. Network
 * failures and bare HTTP errors get the action's text too: it says what did not happen.
 */
export function premiumErrorMessage(error: unknown, action: PremiumAction): string {
  const fallback = PREMIUM_FALLBACK_MESSAGES[action];
  if (!isApiError(error)) return fallback;
  if (error.status === 0 || CLIENT_MADE_CODES.has(error.code) || error.code.startsWith('HTTP_')) {
    return error.status === 0 ? `${fallback}. ${error.message}` : fallback;
  }
  return error.message.trim() || fallback;
}

export type CheckoutMode = 'razorpay' | 'local';

/**
 * Which checkout pays this order: Razorpay's checkout.js when the server has Razorpay keys, our local
 * test checkout otherwise (design notes, "Local stand-ins"). Null for an order we cannot pay: no
 * order yet, or a provider this client does not know.
 */
export function checkoutModeFor(order: Pick<PremiumOrder, 'provider' | 'orderId' | 'key'> | null | undefined): CheckoutMode | null {
  if (!order?.orderId) return null;
  if (order.provider === 'razorpay') return order.key ? 'razorpay' : null;
  if (order.provider === 'local') return 'local';
  return null;
}

export interface CheckoutBuyer {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** Razorpay's prefill: only what we know, so the checkout asks for the rest. */
export function checkoutPrefill(buyer: CheckoutBuyer | null | undefined): { name?: string; email?: string; contact?: string } {
  const prefill: { name?: string; email?: string; contact?: string } = {};
  const name = `${buyer?.firstName ?? ''} ${buyer?.lastName ?? ''}`.trim();
  if (name) prefill.name = name;
  if (buyer?.email) prefill.email = buyer.email;
  if (buyer?.phone) prefill.contact = buyer.phone.startsWith('+') ? buyer.phone : `+91${buyer.phone.replace(/\D/g, '').slice(-10)}`;
  return prefill;
}

/** 'Welcome to SEL Buyer Pro!' after a verified payment. */
export function welcomeMessage(packageName: string | null | undefined): string {
  return `Welcome to ${packageName?.trim() || 'SEL Buyer'}!`;
}

/** '+91 98123 45678' → 'tel:+919812345678'. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits}`;
}

/** Transactions table status labels: an order nobody paid is not a failure the buyer must fix. */
export function transactionStatusLabel(status: string): string {
  switch (status.toUpperCase()) {
    case 'PAID':
      return msg('Paid');
    case 'CREATED':
      return msg('Not completed');
    case 'FAILED':
      return msg('Failed');
    case 'REFUNDED':
      return msg('Refunded');
    default:
      return status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();
  }
}

/** '3 of 50 used this month', under a revealed phone number. */
export function phoneUsageText(used: number, limit: number): string {
  return `${Math.max(0, used)} of ${limit} used this month`;
}

/**
 * How ShowPhoneButton answers a failed reveal: a non-Pro buyer (or one whose plan just ended) gets
 * the Pro explainer; anything else (seller hides the number, no number, monthly limit) is shown
 * as the server says it.
 */
export function phoneAccessErrorView(error: unknown): { kind: 'upsell' | 'message'; message: string } {
  if (isApiError(error) && error.status === 403 && error.code === 'PRO_REQUIRED') return { kind: 'upsell', message: error.message };
  return { kind: 'message', message: premiumErrorMessage(error, 'phone') };
}

export const PRO_PHONE_PITCH = 'Seller phone numbers are part of SEL Buyer Pro. Upgrade to see them.';

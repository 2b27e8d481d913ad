/**
 * Razorpay's checkout.js, loaded only when a buyer presses Pay on an order the server made with
 * Razorpay (never locally, never on page load: it is a third-party script and ~100 KB).
 */
import type { CheckoutPayment, PremiumOrder } from './premium-api';
import type { checkoutPrefill } from './premium-rules';

export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const LOAD_TIMEOUT_MS = 15_000;

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: ReturnType<typeof checkoutPrefill>;
  theme: { color: string };
  handler: (response: CheckoutPayment) => void;
  modal: { ondismiss: () => void; escape?: boolean };
}

interface RazorpayFailure {
  error?: { description?: string; reason?: string };
}

interface RazorpayInstance {
  open: () => void;
  on: (event: 'payment.failed', callback: (response: RazorpayFailure) => void) => void;
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

function razorpayGlobal(): RazorpayConstructor | undefined {
  return (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
}

let loading: Promise<boolean> | null = null;

/** Resolves true once `window.Razorpay` exists; false if the script could not load (then a later call retries). */
export function loadRazorpay(): Promise<boolean> {
  if (razorpayGlobal()) return Promise.resolve(true);
  if (loading) return loading;
  loading = new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT_URL;
    script.async = true;
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      if (!ok) {
        script.remove();
        loading = null;
      }
      resolve(ok && Boolean(razorpayGlobal()));
    };
    const timer = setTimeout(() => finish(false), LOAD_TIMEOUT_MS);
    script.onload = () => finish(true);
    script.onerror = () => finish(false);
    document.head.appendChild(script);
  });
  return loading;
}

export function razorpayOptions(
  order: PremiumOrder,
  prefill: RazorpayOptions['prefill'],
  callbacks: { onPaid: (payment: CheckoutPayment) => void; onDismiss: () => void },
): RazorpayOptions {
  return {
    key: order.key,
    amount: order.amount,
    currency: order.currency,
    order_id: order.orderId,
    name: 'SEL',
    description: order.packageName,
    prefill,
    theme: { color: '#002f34' },
    handler: callbacks.onPaid,
    modal: { ondismiss: callbacks.onDismiss },
  };
}

/** Opens the checkout; false when checkout.js is not there ('Payment system not ready'). */
export function openRazorpay(options: RazorpayOptions, onFailed: (description: string) => void): boolean {
  const Razorpay = razorpayGlobal();
  if (!Razorpay) return false;
  const checkout = new Razorpay(options);
  // Razorpay keeps its modal open after a failed attempt so the buyer can retry; we only report it.
  checkout.on('payment.failed', (response) => onFailed(response.error?.description || 'Payment failed. Please try again.'));
  checkout.open();
  return true;
}

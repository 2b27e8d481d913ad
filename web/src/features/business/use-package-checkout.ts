import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/use-auth';
import type { CheckoutPayment } from '../premium/premium-api';
import { checkoutPrefill } from '../premium/premium-rules';
import { loadRazorpay, openRazorpay, razorpayOptions } from '../premium/razorpay';
import { serverMessage } from '../selling/messages';
import { businessApi, businessKeys, type BusinessOrder, type CreatedOrder, type SellerPackage } from './business-api';

export type PackageCheckoutPhase = 'idle' | 'creating-order' | 'ready' | 'in-checkout' | 'verifying';

export interface PackageCheckout {
  items: { pkg: SellerPackage; quantity: number }[];
  order: CreatedOrder | null;
  phase: PackageCheckoutPhase;
  error: string | null;
  localCheckoutOpen: boolean;
  start: (items: { pkg: SellerPackage; quantity: number }[]) => void;
  /** pay an unpaid order from My Orders: the same order, amount and provider order */
  resume: (order: BusinessOrder) => void;
  pay: () => Promise<void>;
  payLocally: () => Promise<void>;
  dismissCheckout: () => void;
  close: () => void;
}

/**
 * Buying seller packages: the server prices the order, then the same checkouts as premium
 * (Razorpay's, or our local test checkout) and the same verify-once on the server.
 */
export function usePackageCheckout(onPaid?: () => void): PackageCheckout {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<{ pkg: SellerPackage; quantity: number }[]>([]);
  const [order, setOrder] = useState<CreatedOrder | null>(null);
  const [phase, setPhase] = useState<PackageCheckoutPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [localCheckoutOpen, setLocalCheckoutOpen] = useState(false);
  const attempt = useRef(0);

  const close = useCallback(() => {
    if (phase === 'verifying') return;
    attempt.current += 1;
    setItems([]);
    setOrder(null);
    setPhase('idle');
    setError(null);
    setLocalCheckoutOpen(false);
  }, [phase]);

  /** The order being created or reopened; a later attempt wins (an earlier answer is dropped). */
  const awaitOrder = useCallback((current: number, pending: Promise<CreatedOrder>, onFailure?: () => void) => {
    pending
      .then((created) => {
        if (current !== attempt.current) return;
        setOrder(created);
        setPhase('ready');
      })
      .catch((failure: unknown) => {
        if (current !== attempt.current) return;
        setError(serverMessage(failure, 'Failed to create order'));
        setPhase('ready');
        onFailure?.();
      });
  }, []);

  const start = useCallback((chosen: { pkg: SellerPackage; quantity: number }[]) => {
    const current = ++attempt.current;
    setItems(chosen);
    setOrder(null);
    setError(null);
    setPhase('creating-order');
    awaitOrder(current, businessApi.createOrder(chosen.map((i) => ({ packageId: i.pkg.id, quantity: i.quantity }))));
  }, [awaitOrder]);

  const resume = useCallback((unpaid: BusinessOrder) => {
    const current = ++attempt.current;
    // what the order holds, as the dialog lists packages (the prices are the order's own)
    setItems(
      unpaid.items.map((i) => ({
        pkg: { id: i.packageId, type: i.type, name: i.name, description: '', price: i.unitPrice, currency: 'INR', validityDays: 0, quantity: 1, useWithinDays: 0 },
        quantity: i.quantity,
      })),
    );
    setOrder(null);
    setError(null);
    setPhase('creating-order');
    // a failed resume (paid or removed meanwhile) refreshes My Orders
    awaitOrder(current, businessApi.resume(unpaid.id), () => void queryClient.invalidateQueries({ queryKey: businessKeys.orders() }));
  }, [awaitOrder, queryClient]);

  const verify = useCallback(
    async (payment: CheckoutPayment, paid: CreatedOrder) => {
      const current = attempt.current;
      setPhase('verifying');
      setError(null);
      try {
        await businessApi.verify(paid.orderId, payment);
        // Paying took the bought packages out of the account's cart on the server (bought from the
        // cart or directly: Sell faster, the limit notice), so nothing is paid for twice; the cart
        // is under ['business'] and refreshes with the rest.
        await queryClient.invalidateQueries({ queryKey: businessKeys.all });
        toast.success('Payment received. Your package is ready to use.');
        if (current !== attempt.current) return;
        attempt.current += 1;
        setItems([]);
        setOrder(null);
        setPhase('idle');
        setLocalCheckoutOpen(false);
        onPaid?.();
      } catch (failure) {
        if (current !== attempt.current) return;
        setLocalCheckoutOpen(false);
        setError(serverMessage(failure, 'Payment verification failed'));
        setPhase('ready');
      }
    },
    [onPaid, queryClient],
  );

  const pay = useCallback(async () => {
    if (!order || phase !== 'ready') return;
    if (order.provider === 'local') {
      setPhase('in-checkout');
      setLocalCheckoutOpen(true);
      return;
    }
    const current = attempt.current;
    setPhase('in-checkout');
    const loaded = await loadRazorpay();
    if (current !== attempt.current) return;
    const options = razorpayOptions(
      { key: order.key, amount: order.amount, currency: order.currency, orderId: order.providerOrderId, provider: order.provider, packageName: order.items.map((i) => i.name).join(', '), subscriptionId: '' },
      checkoutPrefill(user),
      {
        onPaid: (payment) => void verify(payment, order),
        onDismiss: () => setPhase('ready'),
      },
    );
    if (loaded && openRazorpay(options, (description) => setError(description))) return;
    setError('Payment system not ready');
    setPhase('ready');
  }, [order, phase, user, verify]);

  const payLocally = useCallback(async () => {
    if (!order || phase !== 'in-checkout') return;
    const current = attempt.current;
    setPhase('verifying');
    try {
      const payment = await businessApi.localCheckout(order.orderId);
      if (current !== attempt.current) return;
      await verify(payment, order);
    } catch (failure) {
      if (current !== attempt.current) return;
      setError(serverMessage(failure, 'Payment failed'));
      setPhase('in-checkout');
    }
  }, [order, phase, verify]);

  const dismissCheckout = useCallback(() => {
    if (phase === 'verifying') return;
    setLocalCheckoutOpen(false);
    setPhase('ready');
  }, [phase]);

  return { items, order, phase, error, localCheckoutOpen, start, resume, pay, payLocally, dismissCheckout, close };
}

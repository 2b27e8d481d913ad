import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/use-auth';
import { premiumApi, premiumKeys, type CheckoutPayment, type PremiumOrder, type PremiumPackage } from './premium-api';
import { PREMIUM_FALLBACK_MESSAGES, checkoutModeFor, checkoutPrefill, premiumErrorMessage, welcomeMessage } from './premium-rules';
import { loadRazorpay, openRazorpay, razorpayOptions } from './razorpay';

/**
 * idle: no dialog · creating-order: dialog open, order on its way · ready: waiting for Pay ·
 * opening: loading checkout.js · in-checkout: the provider's (or our test) checkout is open ·
 * verifying: the payment is being checked on the server.
 */
export type CheckoutPhase = 'idle' | 'creating-order' | 'ready' | 'opening' | 'in-checkout' | 'verifying';

export interface Checkout {
  selected: PremiumPackage | null;
  order: PremiumOrder | null;
  phase: CheckoutPhase;
  busy: boolean;
  error: string | null;
  localCheckoutOpen: boolean;
  /** Opens the payment dialog for a plan and creates its order straight away. */
  choose: (pkg: PremiumPackage) => void;
  /** Opens the provider's checkout (creating the order first if that failed before). */
  pay: () => Promise<void>;
  /** The local test checkout's Pay: the server signs a test payment, then the same verify as Razorpay. */
  payLocally: () => Promise<void>;
  /** The checkout was closed without paying: back to the dialog, error cleared (spec §4). */
  dismissCheckout: () => void;
  /** Cancel / close the payment dialog. Ignored while a payment is being verified. */
  close: () => void;
}

/** The payment flow of spec part 2 §4, for both Razorpay and the local test checkout. */
export function useCheckout(): Checkout {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<PremiumPackage | null>(null);
  const [order, setOrder] = useState<PremiumOrder | null>(null);
  const [phase, setPhase] = useState<CheckoutPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [localCheckoutOpen, setLocalCheckoutOpen] = useState(false);
  // Bumped whenever the dialog closes: answers that arrive for an abandoned checkout are dropped.
  const attempt = useRef(0);
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  // Unpaid orders by plan, reused when the dialog is opened again: every open would otherwise leave
  // another "Not completed" row in the buyer's billing history.
  const unpaidOrders = useRef(new Map<string, PremiumOrder>());

  const reset = useCallback(() => {
    attempt.current += 1;
    setSelected(null);
    setOrder(null);
    setPhase('idle');
    setError(null);
    setLocalCheckoutOpen(false);
  }, []);

  const createOrderFor = useCallback(
    async (pkg: PremiumPackage): Promise<PremiumOrder | null> => {
      if (!user) return null;
      const current = attempt.current;
      setPhase('creating-order');
      setError(null);
      try {
        const created = await premiumApi.createOrder(pkg.id, user.id);
        unpaidOrders.current.set(pkg.id, created);
        if (current !== attempt.current) return null;
        setOrder(created);
        setPhase('ready');
        return created;
      } catch (failure) {
        if (current !== attempt.current) return null;
        setError(premiumErrorMessage(failure, 'createOrder'));
        setPhase('ready');
        // Bought in another tab meanwhile: refresh so the page shows 'Already Subscribed'.
        if (isApiError(failure) && failure.code === 'ALREADY_PREMIUM') void queryClient.invalidateQueries({ queryKey: premiumKeys.all });
        return null;
      }
    },
    [queryClient, user],
  );

  const verify = useCallback(
    async (payment: CheckoutPayment, paidOrder: PremiumOrder) => {
      if (!user) return;
      const current = attempt.current;
      setPhase('verifying');
      setError(null);
      try {
        const result = await premiumApi.verifyPayment(payment, paidOrder.subscriptionId);
        unpaidOrders.current.clear();
        queryClient.setQueryData(premiumKeys.status(user.id), result.status);
        void queryClient.invalidateQueries({ queryKey: premiumKeys.all });
        toast.success(welcomeMessage(result.status.subscription?.packageName ?? paidOrder.packageName));
        if (current === attempt.current) reset();
      } catch (failure) {
        // An order the server no longer takes (missing, paid by another payment) is not reused.
        if (isApiError(failure) && (failure.status === 404 || failure.status === 409)) {
          for (const [packageId, unpaid] of unpaidOrders.current) {
            if (unpaid.orderId === paidOrder.orderId) unpaidOrders.current.delete(packageId);
          }
        }
        if (current !== attempt.current) return;
        setLocalCheckoutOpen(false);
        setError(premiumErrorMessage(failure, 'verify'));
        setPhase('ready');
      }
    },
    [queryClient, reset, user],
  );

  const choose = useCallback(
    (pkg: PremiumPackage) => {
      if (phaseRef.current !== 'idle') return;
      attempt.current += 1;
      setSelected(pkg);
      setError(null);
      const unpaid = unpaidOrders.current.get(pkg.id);
      if (unpaid) {
        setOrder(unpaid);
        setPhase('ready');
        return;
      }
      setOrder(null);
      void createOrderFor(pkg);
    },
    [createOrderFor],
  );

  const dismissCheckout = useCallback(() => {
    if (phaseRef.current === 'verifying') return;
    setLocalCheckoutOpen(false);
    setError(null);
    setPhase('ready');
  }, []);

  const pay = useCallback(async () => {
    if (!selected || phaseRef.current !== 'ready') return;
    const current = attempt.current;
    setError(null);
    const payable = order ?? (await createOrderFor(selected));
    if (!payable || current !== attempt.current) return;

    const mode = checkoutModeFor(payable);
    if (mode === 'local') {
      setPhase('in-checkout');
      setLocalCheckoutOpen(true);
      return;
    }
    if (mode === 'razorpay') {
      setPhase('opening');
      const loaded = await loadRazorpay();
      if (current !== attempt.current) return;
      const options = razorpayOptions(payable, checkoutPrefill(user), {
        onPaid: (payment) => void verify(payment, payable),
        onDismiss: dismissCheckout,
      });
      if (loaded && openRazorpay(options, (description) => setError(description))) {
        setPhase('in-checkout');
        return;
      }
    }
    setError(PREMIUM_FALLBACK_MESSAGES.checkout);
    setPhase('ready');
  }, [createOrderFor, dismissCheckout, order, selected, user, verify]);

  const payLocally = useCallback(async () => {
    if (!order || phaseRef.current !== 'in-checkout') return;
    const current = attempt.current;
    setPhase('verifying');
    setError(null);
    let payment: CheckoutPayment;
    try {
      payment = await premiumApi.completeLocalCheckout(order.orderId);
    } catch (failure) {
      if (current !== attempt.current) return;
      setError(premiumErrorMessage(failure, 'checkout'));
      setPhase('in-checkout');
      return;
    }
    if (current !== attempt.current) return;
    await verify(payment, order);
  }, [order, verify]);

  const close = useCallback(() => {
    if (phaseRef.current === 'verifying') return;
    reset();
  }, [reset]);

  const busy = phase === 'creating-order' || phase === 'opening' || phase === 'in-checkout' || phase === 'verifying';
  return { selected, order, phase, busy, error, localCheckoutOpen, choose, pay, payLocally, dismissCheckout, close };
}

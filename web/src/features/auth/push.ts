import { ApiError, api } from '../../lib/api';
import { getStoredToken } from '../../lib/auth-token';
import { storedValue } from '../../lib/local-store';
import { STORAGE_KEYS } from './auth-store';

/** The user's push choice (spec part 1 §3 `pushNotificationsEnabled`), reactive across components and tabs. */
export const pushPreference = storedValue<boolean>(
  STORAGE_KEYS.pushEnabled,
  (raw) => raw === 'true',
  (value) => String(value),
);

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** The worker script is optional; the SPA fallback answers unknown paths with HTML, which is not it. */
async function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  try {
    const response = await fetch('/sw.js', { method: 'HEAD', cache: 'no-store' });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !/javascript/i.test(type)) return undefined;
    return await navigator.serviceWorker.register('/sw.js');
  } catch {
    // No worker: notifications still work while a tab is open.
    return undefined;
  }
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/**
 * Web Push for this browser (signed in): subscribe with the server's VAPID key and give the server
 * the subscription, so notifications arrive while no SEL tab is open. Best effort: without it, open
 * tabs still get everything live.
 */
export async function subscribeForPush(registration?: ServiceWorkerRegistration): Promise<boolean> {
  if (!getStoredToken() || typeof window === 'undefined' || !('PushManager' in window)) return false;
  try {
    const reg = registration ?? (await navigator.serviceWorker?.getRegistration('/'));
    if (!reg) return false;
    const { publicKey } = await api.get<{ publicKey: string }>('/push/public-key');
    const key = base64UrlBytes(publicKey);
    let subscription = await reg.pushManager.getSubscription();
    // made with another server key (keys were rotated): start again
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    try {
      await api.post('/push/subscriptions', subscription.toJSON());
    } catch (error) {
      // Another account holds this browser's endpoint (it never signed out here). Only this browser
      // can retire its endpoint and make a new one: doing so is what the server takes as proof.
      if (!(error instanceof ApiError && error.code === 'PUSH_ENDPOINT_TAKEN')) throw error;
      await subscription.unsubscribe();
      subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      await api.post('/push/subscriptions', subscription.toJSON());
    }
    return true;
  } catch {
    return false;
  }
}

async function unsubscribeFromPush(): Promise<void> {
  try {
    const reg = await navigator.serviceWorker?.getRegistration('/');
    const subscription = await reg?.pushManager.getSubscription();
    if (!subscription) return;
    if (getStoredToken()) await api.delete('/push/subscriptions', { endpoint: subscription.endpoint }).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // nothing to undo
  }
}

/**
 * Accepting push (spec part 1 §4): ask the browser, register /sw.js, remember the answer.
 * Resolves with whether notifications are now on; unsupported or refused counts as denied.
 */
export async function enablePushNotifications(): Promise<boolean> {
  if (!pushSupported()) {
    pushPreference.set(false);
    return false;
  }
  let permission = Notification.permission;
  if (permission === 'default') {
    try {
      permission = await Notification.requestPermission();
    } catch {
      permission = 'denied';
    }
  }
  if (permission !== 'granted') {
    pushPreference.set(false);
    return false;
  }
  const registration = await registerServiceWorker();
  pushPreference.set(true);
  if (registration) void subscribeForPush(registration);
  return true;
}

/**
 * Signing out: the server forgets this browser for the account (the browser keeps its permission and
 * subscription, so the next account to sign in here can take it without a conflict). Call while the
 * token is still stored.
 */
export async function releasePushSubscription(): Promise<void> {
  try {
    const reg = await navigator.serviceWorker?.getRegistration('/');
    const subscription = await reg?.pushManager.getSubscription();
    if (subscription && getStoredToken()) await api.delete('/push/subscriptions', { endpoint: subscription.endpoint });
  } catch {
    // best effort: the next account's subscribe gets a conflict and makes a new endpoint instead
  }
}

export function disablePushNotifications(): void {
  pushPreference.set(false);
  void unsubscribeFromPush();
}

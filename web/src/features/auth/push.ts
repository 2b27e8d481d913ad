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
async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const response = await fetch('/sw.js', { method: 'HEAD', cache: 'no-store' });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !/javascript/i.test(type)) return;
    await navigator.serviceWorker.register('/sw.js');
  } catch {
    // No worker: notifications still work while a tab is open.
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
  await registerServiceWorker();
  pushPreference.set(true);
  return true;
}

export function disablePushNotifications(): void {
  pushPreference.set(false);
}

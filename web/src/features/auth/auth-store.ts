/**
 * Small external stores for session-wide auth state that is not server data: the stored token
 * (localStorage, shared with lib/api) and which auth overlays are open. Read them in React with
 * useSyncExternalStore; write them from anywhere (event handlers, other features).
 */
import { useSyncExternalStore } from 'react';
import { UNAUTHORIZED_EVENT } from '../../lib/api';
import { clearStoredToken, getStoredToken, setStoredToken } from '../../lib/auth-token';

// ---------- token ----------

const tokenListeners = new Set<() => void>();

function notifyToken() {
  for (const listener of tokenListeners) listener();
}

function subscribeToken(listener: () => void) {
  tokenListeners.add(listener);
  // lib/api drops the token on a 401 and fires UNAUTHORIZED_EVENT; another tab changes it via 'storage'.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === 'token') listener();
  };
  window.addEventListener(UNAUTHORIZED_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    tokenListeners.delete(listener);
    window.removeEventListener(UNAUTHORIZED_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useStoredToken(): string | null {
  return useSyncExternalStore(subscribeToken, getStoredToken, () => null);
}

export function saveToken(token: string) {
  setStoredToken(token);
  notifyToken();
}

export function forgetToken() {
  clearStoredToken();
  notifyToken();
}

/**
 * While we end the session on purpose (logout, logout-all, account deletion), requests already in
 * flight come back 401: those must not read as "your session expired, please log in again".
 */
let expectedUnauthorizedUntil = 0;

export function expectUnauthorized(ms = 10_000) {
  expectedUnauthorizedUntil = Date.now() + ms;
}

export function isUnauthorizedExpected() {
  return Date.now() < expectedUnauthorizedUntil;
}

// ---------- overlays ----------

export type OverlayState = {
  /** Login modal; `redirect` is the same-site path to go to after signing in. */
  loginModal: { open: boolean; redirect: string | null };
  pushPrompt: boolean;
  wishlistBanner: boolean;
};

let overlays: OverlayState = {
  loginModal: { open: false, redirect: null },
  pushPrompt: false,
  wishlistBanner: false,
};
const overlayListeners = new Set<() => void>();

function setOverlays(update: Partial<OverlayState>) {
  overlays = { ...overlays, ...update };
  for (const listener of overlayListeners) listener();
}

function subscribeOverlays(listener: () => void) {
  overlayListeners.add(listener);
  return () => overlayListeners.delete(listener);
}

export function useOverlays(): OverlayState {
  return useSyncExternalStore(subscribeOverlays, () => overlays, () => overlays);
}

/** Opens the login modal over the current page. Other features may call this for guest actions. */
export function openLoginModal(options: { redirect?: string | null } = {}) {
  setOverlays({ loginModal: { open: true, redirect: options.redirect ?? null } });
}

export function closeLoginModal() {
  setOverlays({ loginModal: { open: false, redirect: null } });
}

export function showPushPrompt(show: boolean) {
  setOverlays({ pushPrompt: show });
}

export function showWishlistBanner(show: boolean) {
  setOverlays({ wishlistBanner: show });
}

// ---------- remembered choices (spec part 1 §3 local storage keys) ----------

export const STORAGE_KEYS = {
  seenNotificationDialog: 'hasSeenNotificationDialog',
  seenWishlistNotification: 'hasSeenWishlistNotification',
  pushEnabled: 'pushNotificationsEnabled',
} as const;

export function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function writeFlag(key: string, value: boolean) {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

/**
 * The session token lives in localStorage under `token` (spec part 1 §3). Access goes through here
 * because storage can throw (privacy modes, disabled storage) and a throw must read as "signed out".
 */
const TOKEN_KEY = 'token';

export function getStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function setStoredToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Storage unavailable: the session simply won't survive a reload.
  }
}

export function clearStoredToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  // A shared phone: the answers the service worker kept for this account go with it (decision 025).
  if (typeof caches !== 'undefined')
    void caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => /^sel-data\d+-(u-|unknown-)/.test(name)).map((name) => caches.delete(name))))
      .catch(() => undefined);
}

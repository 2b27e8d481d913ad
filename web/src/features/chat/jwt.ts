/**
 * Whether a stored token is worth opening a socket with (spec part 1 §4: "three parts and
 * unexpired"). Only the shape and `exp` are read; the server verifies the signature.
 */
export function isConnectableToken(token: string | null | undefined, nowMs: number = Date.now()): token is string {
  if (!token) return false;
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !part)) return false;
  const exp = readExpiry(parts[1]!);
  if (exp === undefined) return true; // no exp claim: the server decides
  if (exp === null) return false;
  return exp * 1000 > nowMs;
}

/** `exp` in seconds; undefined when absent; null when the payload can't be read at all. */
function readExpiry(payload: string): number | undefined | null {
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims: unknown = JSON.parse(atob(padded));
    if (typeof claims !== 'object' || claims === null) return null;
    const exp = (claims as { exp?: unknown }).exp;
    if (exp === undefined) return undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

import { constantTimeEqual, fromBase64Url, randomBytes, toBase64Url } from './crypto';

/**
 * PBKDF2-SHA256 via WebCrypto. 100,000 iterations is the most deployed Workers accept. The stored
 * string carries its parameters (`pbkdf2-sha256$iterations$salt$hash`) so hashes can be upgraded.
 */
export const PASSWORD_ITERATIONS = 100_000;

const derive = async (password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) => {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password.normalize('NFKC')), 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256));
};

export const hashPassword = async (password: string, iterations = PASSWORD_ITERATIONS) => {
  const salt = randomBytes(16);
  return `pbkdf2-sha256$${iterations}$${toBase64Url(salt)}$${toBase64Url(await derive(password, salt, iterations))}`;
};

// Used when there is no user, so a wrong e-mail costs the same time as a wrong password.
const DUMMY_HASH = `pbkdf2-sha256$${PASSWORD_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;

export const verifyPassword = async (password: string, stored: string | null | undefined): Promise<boolean> => {
  const [scheme, iterText, saltText, hashText] = (stored ?? DUMMY_HASH).split('$');
  const iterations = Number(iterText);
  if (scheme !== 'pbkdf2-sha256' || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText) return false;
  const actual = await derive(password, fromBase64Url(saltText), iterations);
  return constantTimeEqual(actual, fromBase64Url(hashText)) && stored !== null && stored !== undefined;
};

export const needsRehash = (stored: string) => Number(stored.split('$')[1]) !== PASSWORD_ITERATIONS;

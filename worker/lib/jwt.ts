import { SignJWT, jwtVerify, errors } from 'jose';
import type { Env } from '../env';
import { AppError } from './errors';

export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export interface TokenClaims {
  sub: string;
  sid: string;
  tv: number;
}

/**
 * The HMAC key, imported once per secret and isolate: handing jose the raw bytes imports a new
 * CryptoKey on every request (seen in bench:profile as a visible share of every signed-in call).
 */
const keys = new Map<string, Promise<CryptoKey>>();
const secretKey = (env: Env) => {
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 16) {
    throw new AppError(503, 'AUTH_NOT_CONFIGURED', 'Sign-in is not configured on this server.');
  }
  let key = keys.get(env.JWT_SECRET);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(env.JWT_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(env.JWT_SECRET, key);
  }
  return key;
};

export const signToken = async (env: Env, claims: TokenClaims, now = Date.now()) =>
  new SignJWT({ sid: claims.sid, tv: claims.tv })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(env.JWT_ISSUER)
    .setAudience(env.JWT_AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + TOKEN_TTL_SECONDS)
    .sign(await secretKey(env));

const SESSION_ENDED = 'Your session has expired. Please log in again.';

/**
 * Verifies signature (HS256 only: no `none`, no algorithm switch), issuer, audience and expiry.
 * `exp` and `iat` must be present and the token no older than its life, so even a token minted
 * with the key but without an expiry (or dated in the future) is refused.
 */
export const verifyToken = async (env: Env, token: string): Promise<TokenClaims> => {
  try {
    const { payload } = await jwtVerify(token, await secretKey(env), {
      algorithms: ['HS256'],
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      requiredClaims: ['exp', 'iat'],
      maxTokenAge: TOKEN_TTL_SECONDS,
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.tv !== 'number') {
      throw new AppError(401, 'TOKEN_INVALID', 'Invalid authentication token. Please log in again.');
    }
    return { sub: payload.sub, sid: payload.sid, tv: payload.tv };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof errors.JWTExpired) throw new AppError(401, 'TOKEN_EXPIRED', SESSION_ENDED);
    throw new AppError(401, 'TOKEN_INVALID', 'Invalid authentication token. Please log in again.');
  }
};

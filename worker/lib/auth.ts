import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import { verifyToken, type TokenClaims } from './jwt';
import type { AppEnv } from '../env';
import { authenticate, checkAccount } from '../services/accounts/auth';
import { AppError, forbidden, unauthorized } from './errors';
import { STAFF_ROLES, type Role } from '../schemas/trust';

const bearer = (header: string | undefined) => {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
};

/** Set on an answer read with a token that turned out stale: the worker reads it again as a guest (worker/index.ts). */
export const AGAIN_AS_GUEST = 'x-sel-again-as-guest';

/**
 * A read checks the account while it runs (decision 022): the token's signature is checked first,
 * so its user id is ours; the account row (blocked, logged out everywhere) is read in parallel with
 * the handler's own queries instead of one database round trip before them. A read has nothing to
 * undo, so when the check fails its answer is simply dropped. Writes keep checking first.
 */
const checkedWhileReading = async (c: Context<AppEnv>, next: Next, claims: TokenClaims, failed: (err: unknown) => void) => {
  c.set('user', { id: claims.sub, sessionId: claims.sid });
  const [check, handled] = await Promise.allSettled([checkAccount(c.env, claims), next()]);
  if (check.status === 'rejected') return failed(check.reason);
  if (handled.status === 'rejected') throw handled.reason;
};

const reads = (c: Context<AppEnv>) => c.req.method === 'GET' || c.req.method === 'HEAD';

/**
 * Sets c.var.user from a valid bearer token on public reads. A missing or stale token reads as a
 * guest: a visitor with an old token in storage must still see the page.
 */
export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearer(c.req.header('Authorization'));
  if (token && reads(c)) {
    const claims = await verifyToken(c.env, token).catch(() => undefined);
    if (claims) {
      return checkedWhileReading(c, next, claims, (err) => {
        if (!(err instanceof AppError) || err.status !== 401) throw err;
        // a fresh answer, not merged with the one read as that user (Hono merges headers on assignment)
        c.res = undefined;
        c.res = new Response(null, { status: 409, headers: { [AGAIN_AS_GUEST]: '1' } });
      });
    }
  }
  if (token) {
    try {
      const { user, sessionId } = await authenticate(c.env, token);
      c.set('user', { id: user.id, sessionId });
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 401) throw err;
    }
  }
  await next();
});

/** 401 unless a valid bearer token of an active user came with the request. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearer(c.req.header('Authorization'));
  if (!token) throw unauthorized('Please log in to continue', 'AUTH_REQUIRED');
  if (reads(c)) {
    return checkedWhileReading(c, next, await verifyToken(c.env, token), (err) => {
      throw err;
    });
  }
  const claims = await verifyToken(c.env, token);
  // a route's read of public data that does not depend on the account (the ad behind a phone number)
  // starts beside the check instead of after it; only a handler, so only a passed check, looks at it
  c.get('besideAccountCheck')?.(claims.sub);
  const { user, sessionId } = await checkAccount(c.env, claims);
  c.set('user', { id: user.id, sessionId });
  await next();
});

/** The signed-in user inside a handler behind requireAuth. */
export const currentUser = (c: { get: (key: 'user') => AppEnv['Variables']['user'] }) => {
  const user = c.get('user');
  if (!user) throw unauthorized('Please log in to continue', 'AUTH_REQUIRED');
  return user;
};

/**
 * 401 signed out, 403 unless the user's role (read from the database on this request, never from
 * the token or the client) is one of `roles`. A role granted or taken away applies at once.
 */
export const requireRole = (roles: readonly Role[] = STAFF_ROLES) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearer(c.req.header('Authorization'));
    if (!token) throw unauthorized('Please log in to continue', 'AUTH_REQUIRED');
    const { user, sessionId } = await authenticate(c.env, token);
    if (!(roles as readonly string[]).includes(user.role)) throw forbidden('Only moderators can do this', 'NOT_A_MODERATOR');
    c.set('user', { id: user.id, sessionId });
    await next();
  });

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
 *
 * `readBesideCheck`: for the moderators' pure reads (the queue, the audit log), whose pages would
 * otherwise wait on the role check and then on their own reads (decision 022's budget is 2). Once
 * the token's signature has named the caller, the check runs beside the handler's first read; the
 * handler waits for it (`c.var.roleChecked`) before reading anything more, so someone who is not
 * staff costs at most that one read and never sees its answer: the check's 401 or 403 wins. Only
 * reads that write nothing may use it (the held chat's read writes its audit row: it checks first).
 */
export const requireRole = (roles: readonly Role[] = STAFF_ROLES, o: { readBesideCheck?: boolean } = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    // a route that already has its check (its own requireRole before the sub-app's)
    if (c.get('roleChecked')) return next();
    const token = bearer(c.req.header('Authorization'));
    if (!token) throw unauthorized('Please log in to continue', 'AUTH_REQUIRED');
    if (o.readBesideCheck && reads(c)) {
      const claims = await verifyToken(c.env, token);
      c.set('user', { id: claims.sub, sessionId: claims.sid });
      const checked = checkAccount(c.env, claims).then(({ user }) => {
        if (!(roles as readonly string[]).includes(user.role)) throw forbidden('Only moderators can do this', 'NOT_A_MODERATOR');
      });
      c.set('roleChecked', checked);
      const [check, handled] = await Promise.allSettled([checked, next()]);
      if (check.status === 'rejected') throw check.reason;
      if (handled.status === 'rejected') throw handled.reason;
      return;
    }
    const { user, sessionId } = await authenticate(c.env, token);
    if (!(roles as readonly string[]).includes(user.role)) throw forbidden('Only moderators can do this', 'NOT_A_MODERATOR');
    c.set('user', { id: user.id, sessionId });
    c.set('roleChecked', Promise.resolve());
    await next();
  });

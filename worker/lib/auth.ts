import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { authenticate } from '../services/accounts/auth';
import { AppError, forbidden, unauthorized } from './errors';
import { STAFF_ROLES, type Role } from '../schemas/trust';

const bearer = (header: string | undefined) => {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
};

/**
 * Sets c.var.user from a valid bearer token on public reads. A missing or stale token reads as a
 * guest: a visitor with an old token in storage must still see the page.
 */
export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearer(c.req.header('Authorization'));
  if (token) {
    try {
      const { user, sessionId } = await authenticate(c.env, getDb(c.env.DB), token);
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
  const { user, sessionId } = await authenticate(c.env, getDb(c.env.DB), token);
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
    const { user, sessionId } = await authenticate(c.env, getDb(c.env.DB), token);
    if (!(roles as readonly string[]).includes(user.role)) throw forbidden('Only moderators can do this', 'NOT_A_MODERATOR');
    c.set('user', { id: user.id, sessionId });
    await next();
  });

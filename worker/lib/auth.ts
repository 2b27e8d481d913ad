import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { authenticate } from '../services/auth';
import { unauthorized } from './errors';

const bearer = (header: string | undefined) => {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
};

/** Sets c.var.user from a valid bearer token; a missing token is fine, a bad one is a 401. */
export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearer(c.req.header('Authorization'));
  if (token) {
    const { user, sessionId } = await authenticate(c.env, getDb(c.env.DB), token);
    c.set('user', { id: user.id, sessionId });
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

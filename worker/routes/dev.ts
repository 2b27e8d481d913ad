import { Hono } from 'hono';
import { desc } from 'drizzle-orm';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { devOutbox } from '../db/schema';
import { notFound } from '../lib/errors';

/**
 * The dev outbox: SMS and e-mail that would have been sent, readable only when DEV_OUTBOX is "true"
 * (the local start script sets it; production config never does). Otherwise this route does not exist.
 */
export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.env.DEV_OUTBOX !== 'true') throw notFound('Not found');
    await next();
  })
  .get('/outbox', async (c) => {
    const rows = await getDb(c.env.DB).select().from(devOutbox).orderBy(desc(devOutbox.createdAt)).limit(50).all();
    return c.json({
      success: true as const,
      data: rows.map((r) => ({ id: r.id, channel: r.channel, to: r.recipient, body: r.body, createdAt: new Date(r.createdAt).toISOString() })),
    });
  });

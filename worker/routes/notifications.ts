import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { currentUser, requireAuth } from '../lib/auth';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { pagination } from '../schemas/common';
import { notificationSchema, notificationsQuery, unreadCountSchema } from '../schemas/chat';
import { listNotifications, markAllNotificationsRead, markNotificationRead, unreadCounts } from '../services/notifications/notifications';

const idParam = z.object({ id: z.string().trim().min(1).max(64, 'id is too long') });

export const notificationRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    '/',
    docs({ tags: ['Notifications'], summary: 'My notifications, newest first', data: z.object({ notifications: z.array(notificationSchema), pagination }), auth: true, errors: [400, 401] }),
    validate('query', notificationsQuery),
    async (c) => c.json({ success: true as const, data: await listNotifications(c.env, currentUser(c).id, c.req.valid('query')) }),
  )
  .get(
    '/unread-count',
    docs({ tags: ['Notifications'], summary: 'Unread messages and notifications', data: unreadCountSchema, auth: true, errors: [401] }),
    async (c) => c.json({ success: true as const, data: await unreadCounts(c.env, currentUser(c).id) }),
  )
  .put(
    '/read-all',
    docs({ tags: ['Notifications'], summary: 'Mark all my notifications read', data: z.object({ updated: z.number() }), auth: true, errors: [401] }),
    async (c) => c.json({ success: true as const, data: await markAllNotificationsRead(c.env, currentUser(c).id) }),
  )
  .put(
    '/:id/read',
    docs({ tags: ['Notifications'], summary: 'Mark one of my notifications read', data: notificationSchema, auth: true, errors: [401, 404] }),
    validate('param', idParam),
    async (c) => c.json({ success: true as const, data: await markNotificationRead(c.env, currentUser(c).id, c.req.valid('param').id) }),
  );

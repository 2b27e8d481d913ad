/**
 * Notifications live in each user's inbox object (decision 032): the newest N kept, the same API as
 * before, D1's rows copied in on first use and by the hourly move, and no notification lost when an
 * inbox is evicted or cannot be reached.
 */
import { evictAllDurableObjects } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import { RETENTION } from '../../worker/schemas/retention-data';
import { moveNotifications, NOTIFICATION_MOVE_CURSOR } from '../../worker/services/notifications/move';
import { notify, notifyManyOnce } from '../../worker/services/notifications/notifications';
import { call } from '../api/helpers';
import { accountsDb, createUserWithToken } from '../factories';
import { inboxOf, notificationRows } from '../support/inbox-notifications';

const json = (auth: Record<string, string>, method: string, body?: unknown): RequestInit => ({
  method,
  headers: { ...auth, 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
});

/** A row as D1 held it before the inboxes kept notifications (or as the fallback writes it): in the user's accounts database. */
const inD1 = (userId: string, id: string, createdAt: number, isRead = 0) =>
  accountsDb(userId).prepare(`INSERT INTO notifications (id, user_id, title, body, type, data, is_read, read_at, created_at) VALUES (?, ?, ?, 'Body', 'SYSTEM', '{"kind":"OLD"}', ?, ?, ?)`)
    .bind(id, userId, `Title ${id}`, isRead, isRead ? createdAt : null, createdAt)
    .run();

const d1Count = async (userId: string) => (await accountsDb(userId).prepare('SELECT count(*) AS n FROM notifications WHERE user_id = ?').bind(userId).first<{ n: number }>())!.n;

/** The worker's bindings with every inbox unreachable (a failing Durable Object call). */
const unreachableInboxes = (): Env => ({
  ...env,
  UserInbox: {
    idFromName: (name: string) => env.UserInbox.idFromName(name),
    get: () => ({
      storeNotifications: () => Promise.reject(new Error('Durable Object reset because its code was updated')),
      push: () => Promise.reject(new Error('Durable Object reset because its code was updated')),
    }),
  } as unknown as Env['UserInbox'],
});

describe('notifications in the inbox object', () => {
  it('D1’s notifications from before are copied in on first use, with the same API, counts and read marks; D1’s rows go', async () => {
    const user = await createUserWithToken();
    const other = await createUserWithToken();
    const t = Date.now() - 60_000;
    await inD1(user.id, 'ntf_old_a', t, 1);
    await inD1(user.id, 'ntf_old_b', t + 1);
    await inD1(user.id, 'ntf_old_c', t + 2);

    const counts = await call('/api/notifications/unread-count', { headers: user.auth });
    expect(counts.body.data).toEqual({ unreadMessages: 0, unreadNotifications: 2, total: 2 });
    expect(await d1Count(user.id)).toBe(0);

    const page = await call('/api/notifications?page=1&limit=2', { headers: user.auth });
    expect(page.status).toBe(200);
    expect(page.body.data.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    expect(page.body.data.notifications.map((n: { id: string }) => n.id)).toEqual(['ntf_old_c', 'ntf_old_b']);
    expect(page.body.data.notifications[0]).toEqual({
      id: 'ntf_old_c',
      title: 'Title ntf_old_c',
      body: 'Body',
      type: 'SYSTEM',
      data: { kind: 'OLD' },
      isRead: false,
      readAt: null,
      createdAt: new Date(t + 2).toISOString(),
    });
    const second = await call('/api/notifications?page=2&limit=2', { headers: user.auth });
    expect(second.body.data.notifications[0]).toMatchObject({ id: 'ntf_old_a', isRead: true, readAt: new Date(t).toISOString() });
    expect((await call('/api/notifications?type=MESSAGE', { headers: user.auth })).body.data.pagination.total).toBe(0);

    // someone else's id reads as missing; their own marks one, then all
    expect((await call('/api/notifications/ntf_old_b/read', json(other.auth, 'PUT'))).status).toBe(404);
    const one = await call('/api/notifications/ntf_old_b/read', json(user.auth, 'PUT'));
    expect(one.body.data).toMatchObject({ id: 'ntf_old_b', isRead: true });
    expect((await call('/api/notifications/unread-count', { headers: user.auth })).body.data.unreadNotifications).toBe(1);
    expect((await call('/api/notifications/read-all', json(user.auth, 'PUT'))).body.data).toEqual({ updated: 1 });
    expect((await call('/api/notifications/unread-count', { headers: user.auth })).body.data.total).toBe(0);
  });

  it(`keeps each user’s newest ${RETENTION.notificationsPerUser}, counted from what is kept`, async () => {
    const user = await createUserWithToken();
    const n = RETENTION.notificationsPerUser;
    const rows = Array.from({ length: n + 5 }, (_, i) => ({
      id: `ntf_keep_${String(i).padStart(4, '0')}`,
      user_id: user.id,
      title: `T${i}`,
      body: 'B',
      type: 'SYSTEM',
      data: '{}',
      is_read: 0,
      read_at: null,
      created_at: 1_700_000_000_000 + i,
    }));
    // in two writes: the second pushes the oldest out
    const first = await inboxOf(user.id).storeNotifications({ rows: rows.slice(0, n - 2), tell: false });
    expect(first.created).toHaveLength(n - 2);
    const second = await inboxOf(user.id).storeNotifications({ rows: rows.slice(n - 2), tell: false });
    expect(second.created).toHaveLength(7);
    const kept = await notificationRows(user.id);
    expect(kept).toHaveLength(n);
    expect(kept.at(-1)!.id).toBe('ntf_keep_0005');
    const counts = await call('/api/notifications/unread-count', { headers: user.auth });
    expect(counts.body.data.unreadNotifications).toBe(n);
    // a repeat stores nothing
    expect((await inboxOf(user.id).storeNotifications({ rows: rows.slice(n), tell: false })).created).toEqual([]);
  });

  it('an inbox that cannot be reached: the notification waits in D1 and the hourly move brings it in; nothing is lost', async () => {
    const user = await createUserWithToken();
    // the inbox was used before (its first-use copy is done), so only the move can bring D1's rows in
    await call('/api/notifications', { headers: user.auth });
    const broken = unreachableInboxes();
    const id = await notify(broken, user.id, { type: 'SYSTEM', title: 'Payment received', body: 'Your plan is active' });
    expect(await notifyManyOnce(broken, [{ key: 'fallback:1', userId: user.id, n: { type: 'SYSTEM', title: 'Keyed', body: 'Once' } }])).toBe(1);
    expect(await d1Count(user.id)).toBe(2);
    expect((await call('/api/notifications', { headers: user.auth })).body.data.pagination.total).toBe(0);

    await env.CACHE.delete(NOTIFICATION_MOVE_CURSOR);
    const moved = await moveNotifications(env);
    expect(moved.moved).toBeGreaterThanOrEqual(2);
    expect(moved.failed).toEqual([]);
    expect(await d1Count(user.id)).toBe(0);
    const list = await call('/api/notifications', { headers: user.auth });
    expect(list.body.data.notifications.map((x: { id: string; title: string }) => x.title).sort()).toEqual(['Keyed', 'Payment received']);
    expect(list.body.data.notifications.map((x: { id: string }) => x.id)).toContain(id);
    // the keyed one, asked for again now that the inbox is back, is not stored twice
    expect(await notifyManyOnce(env, [{ key: 'fallback:1', userId: user.id, n: { type: 'SYSTEM', title: 'Keyed', body: 'Once' } }])).toBe(0);
  });

  it('inboxes evicted in the middle of a fan-out: every buyer keeps their notification', async () => {
    const buyers = await Promise.all(Array.from({ length: 12 }, () => createUserWithToken()));
    const items = buyers.map((b) => ({ key: `evict:${b.id}`, userId: b.id, n: { type: 'SYSTEM' as const, title: 'New ad', body: 'Honda Activa' } }));
    const fanOut = notifyManyOnce(env, items);
    await evictAllDurableObjects();
    await fanOut;
    await evictAllDurableObjects();
    // whatever an eviction made fall back to D1 arrives with the move; then each buyer holds exactly one
    await env.CACHE.delete(NOTIFICATION_MOVE_CURSOR);
    await moveNotifications(env);
    for (const b of buyers) {
      expect((await notificationRows(b.id)).map((r) => r.title), b.id).toEqual(['New ad']);
      expect(await d1Count(b.id)).toBe(0);
    }
    // a redelivery after the evictions stores nothing more
    expect(await notifyManyOnce(env, items)).toBe(0);
  });

  it('the move job is bounded per run, resumes from its cursor and repeats harmlessly', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => createUserWithToken()));
    const t = Date.now() - 3_600_000;
    for (const [i, u] of users.entries()) for (let k = 0; k < 3; k++) await inD1(u.id, `ntf_mv_${i}_${k}`, t + k);
    await env.CACHE.delete(NOTIFICATION_MOVE_CURSOR);
    const runs = [];
    for (let r = 0; r < 4; r++) runs.push(await moveNotifications(env, 2));
    expect(runs.map((r) => r.users)).toEqual([2, 2, 1, 0]);
    expect(runs.map((r) => r.moved)).toEqual([6, 6, 3, 0]);
    expect(runs.map((r) => r.wrapped)).toEqual([false, false, true, true]);
    for (const u of users) {
      expect(await d1Count(u.id)).toBe(0);
      expect(await notificationRows(u.id)).toHaveLength(3);
    }
  });

  it('deleting the account deletes the inbox’s notifications', async () => {
    const user = await createUserWithToken();
    await notify(env, user.id, { type: 'SYSTEM', title: 'Hello', body: 'World' });
    expect(await notificationRows(user.id)).toHaveLength(1);
    const res = await call('/api/auth/account', json(user.auth, 'DELETE', { confirm: 'DELETE' }));
    expect(res.status).toBe(200);
    expect(await notificationRows(user.id)).toEqual([]);
  });
});

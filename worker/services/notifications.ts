import { ulid } from 'ulid';
import type { Env } from '../env';

export type NotificationType = 'MESSAGE' | 'FAVORITE' | 'LISTING_STATUS' | 'PREMIUM' | 'SYSTEM';

/** Stores a notification for a user. Live delivery to open tabs is the inbox object's job. */
export const notify = async (env: Env, userId: string, n: { type: NotificationType; title: string; body: string; data?: Record<string, unknown> }) => {
  const id = `ntf_${ulid().toLowerCase()}`;
  await env.DB.prepare(`INSERT INTO notifications (id, user_id, title, body, type, data, is_read, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)`)
    .bind(id, userId, n.title.slice(0, 120), n.body.slice(0, 500), n.type, JSON.stringify(n.data ?? {}), Date.now())
    .run();
  return id;
};

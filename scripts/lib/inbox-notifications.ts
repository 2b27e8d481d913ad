import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * Notifications live in each user's inbox Durable Object (decision 032). Scripts that check what a
 * local run stored (benchmarks, the soak) read them from the inbox objects' SQLite files in the
 * state folder (`--persist-to`), together with the rows D1 still holds (from before, or written
 * there while an inbox could not be reached).
 */
export interface StoredNotification {
  user_id: string;
  type: string;
  data: string;
  created_at: number;
}

const inboxFiles = (persist: string) => {
  const dir = join(persist, 'v3', 'do', 'sel-UserInbox');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite').map((f) => join(dir, f)) : [];
};

const hasTable = (db: DatabaseSync, name: string) => db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;

/** Every stored notification: the inboxes' and D1's (pass D1's database when it is open already). */
export const storedNotifications = (persist: string, d1?: DatabaseSync): StoredNotification[] => {
  const rows: StoredNotification[] = [];
  for (const file of inboxFiles(persist)) {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      if (hasTable(db, 'inbox_notifications')) rows.push(...(db.prepare('SELECT user_id, type, data, created_at FROM inbox_notifications').all() as unknown as StoredNotification[]));
    } finally {
      db.close();
    }
  }
  if (d1) rows.push(...(d1.prepare('SELECT user_id, type, data, created_at FROM notifications').all() as unknown as StoredNotification[]));
  return rows;
};

/** Empties every inbox's notifications (the worker must be stopped). */
export const clearInboxNotifications = (persist: string) => {
  for (const file of inboxFiles(persist)) {
    const db = new DatabaseSync(file);
    try {
      if (hasTable(db, 'inbox_notifications')) db.exec('DELETE FROM inbox_notifications');
    } finally {
      db.close();
    }
  }
};

/** json_extract(data, '$.<key>') in JavaScript. */
export const dataField = (n: StoredNotification, key: string): unknown => {
  try {
    return (JSON.parse(n.data) as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
};

import type { NotificationRow } from '../worker/durable-object-contracts';
import type { Env } from '../worker/env';
import { RETENTION } from '../worker/schemas/retention-data';
import { accountsDbForUser } from '../worker/db/accounts';

/**
 * A user's notifications in their inbox object's own SQLite storage (decision 032): the newest
 * `RETENTION.notificationsPerUser` are kept, unread counts are counted from them, and the rows D1
 * held from before are copied in on first use (and by the hourly job for users nobody sees).
 */

const COLUMNS = 'id, user_id, title, body, type, data, is_read, read_at, created_at';

export const createNotificationTables = (sql: SqlStorage) => {
  sql.exec(`CREATE TABLE IF NOT EXISTS inbox_notifications (
    id TEXT PRIMARY KEY, user_id TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL,
    is_read INTEGER NOT NULL DEFAULT 0, read_at INTEGER, created_at INTEGER NOT NULL)`);
  sql.exec('CREATE INDEX IF NOT EXISTS inbox_notifications_newest ON inbox_notifications (created_at DESC, id DESC)');
  sql.exec('CREATE INDEX IF NOT EXISTS inbox_notifications_unread ON inbox_notifications (is_read)');
  sql.exec('CREATE TABLE IF NOT EXISTS inbox_meta (k TEXT PRIMARY KEY, v INTEGER NOT NULL)');
};

export const isImported = (sql: SqlStorage) => sql.exec<{ v: number }>(`SELECT v FROM inbox_meta WHERE k = 'imported'`).toArray()[0]?.v === 1;
const markImported = (sql: SqlStorage) => sql.exec(`INSERT INTO inbox_meta VALUES ('imported', 1) ON CONFLICT (k) DO UPDATE SET v = 1`);

/** Only the newest N stay: the older ones leave with the insert that pushed them out. */
const trim = (sql: SqlStorage) =>
  sql.exec(
    `DELETE FROM inbox_notifications WHERE id IN (
       SELECT id FROM inbox_notifications ORDER BY created_at DESC, id DESC LIMIT -1 OFFSET ?)`,
    RETENTION.notificationsPerUser,
  );

/**
 * Stores rows (an id held already stores nothing, so a retried or repeated write is harmless) and
 * keeps the newest N; returns the rows this call created and that are still kept.
 */
export const insertRows = (sql: SqlStorage, storage: DurableObjectStorage, rows: NotificationRow[]): NotificationRow[] =>
  storage.transactionSync(() => {
    const created: NotificationRow[] = [];
    for (const r of rows) {
      const res = sql.exec(
        `INSERT OR IGNORE INTO inbox_notifications (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        r.id,
        r.user_id,
        r.title,
        r.body,
        r.type,
        r.data,
        r.is_read,
        r.read_at,
        r.created_at,
      );
      if (res.rowsWritten > 0) created.push(r);
    }
    trim(sql);
    if (!created.length) return created;
    const kept = new Set(sql.exec<{ id: string }>(`SELECT id FROM inbox_notifications ORDER BY created_at DESC, id DESC LIMIT ?`, RETENTION.notificationsPerUser).toArray().map((x) => x.id));
    return created.filter((r) => kept.has(r.id));
  });

/**
 * A chat's unread notification takes the newest message's words instead of a second one (one per
 * conversation until read). Returns the updated row, or null when there is none to replace.
 */
export const replaceUnread = (sql: SqlStorage, row: NotificationRow): NotificationRow | null => {
  const found = sql.exec<NotificationRow>(`SELECT ${COLUMNS} FROM inbox_notifications WHERE type = ? AND is_read = 0 AND data = ? LIMIT 1`, row.type, row.data).toArray()[0];
  if (!found) return null;
  sql.exec('UPDATE inbox_notifications SET title = ?, body = ?, created_at = ? WHERE id = ?', row.title, row.body, row.created_at, found.id);
  return { ...found, title: row.title, body: row.body, created_at: row.created_at };
};

export const pageOf = (sql: SqlStorage, q: { page: number; limit: number; type?: string }) => {
  const where = q.type ? 'WHERE type = ?' : '';
  const params = q.type ? [q.type] : [];
  const rows = sql
    .exec<NotificationRow>(`SELECT ${COLUMNS} FROM inbox_notifications ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, ...params, q.limit, (q.page - 1) * q.limit)
    .toArray();
  const total = sql.exec<{ n: number }>(`SELECT count(*) AS n FROM inbox_notifications ${where}`, ...params).one().n;
  return { rows, total };
};

export const unreadCount = (sql: SqlStorage) => sql.exec<{ n: number }>('SELECT count(*) AS n FROM inbox_notifications WHERE is_read = 0').one().n;

export const markOneRead = (sql: SqlStorage, id: string, now: number): NotificationRow | null =>
  sql.exec<NotificationRow>(`UPDATE inbox_notifications SET is_read = 1, read_at = coalesce(read_at, ?) WHERE id = ? RETURNING ${COLUMNS}`, now, id).toArray()[0] ?? null;

// counted by RETURNING: rowsWritten also counts the index entries an update rewrites
export const markAllRead = (sql: SqlStorage, now: number) => sql.exec('UPDATE inbox_notifications SET is_read = 1, read_at = ? WHERE is_read = 0 RETURNING id', now).toArray().length;

export const settleChat = (sql: SqlStorage, chatId: string, now: number) =>
  sql.exec(`UPDATE inbox_notifications SET is_read = 1, read_at = ? WHERE type = 'MESSAGE' AND is_read = 0 AND data = ? RETURNING id`, now, JSON.stringify({ chatId })).toArray().length;

export const allRows = (sql: SqlStorage) => sql.exec<NotificationRow>(`SELECT ${COLUMNS} FROM inbox_notifications ORDER BY created_at DESC, id DESC`).toArray();

/** D1 ids a statement deletes at once, under its 100 bound parameters. */
const IDS_PER_DELETE = 90;

/**
 * Copies the user's notifications D1 holds (from before decision 032, or written there when the
 * inbox could not be reached) into the object, then deletes from D1 exactly the rows it read: the
 * object holds them first (its storage write is confirmed before any later network call leaves it),
 * so a failure between the two leaves a copy in both and the next run deletes it. D1 keeps at most
 * the newest N per user (its trigger), so one read takes all of them. Returns how many D1 rows went.
 */
export const importFromD1 = async (env: Env, sql: SqlStorage, storage: DurableObjectStorage, userId: string) => {
  // the user's own accounts database holds their fallback rows (decision 034); with one, `DB`
  const db = accountsDbForUser(env, userId);
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`)
    .bind(userId, RETENTION.notificationsPerUser)
    .all<NotificationRow>();
  if (results.length) insertRows(sql, storage, results);
  markImported(sql);
  if (!results.length) return 0;
  await storage.sync();
  const deletes = [];
  for (let i = 0; i < results.length; i += IDS_PER_DELETE) {
    const ids = results.slice(i, i + IDS_PER_DELETE).map((r) => r.id);
    deletes.push(db.prepare(`DELETE FROM notifications WHERE user_id = ? AND id IN (${ids.map(() => '?').join(', ')})`).bind(userId, ...ids));
  }
  let deleted = 0;
  for (const r of await db.batch(deletes)) deleted += r.meta.changes;
  return deleted;
};

export const deleteAll = (sql: SqlStorage) => sql.exec('DELETE FROM inbox_notifications RETURNING id').toArray().length;

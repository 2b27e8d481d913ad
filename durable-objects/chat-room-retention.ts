import { archivedChatRemovalAt } from '../worker/schemas/retention-data';

/**
 * The retention of an archived conversation in its room (decision 021, second addendum). When the
 * conversation leaves D1 with its archived ad, the room is told and records when its messages are
 * due to go (`RETENTION.archivedChatDays` after the archive). Its alarm then deletes everything the
 * room holds, unless the ad has an open report (then it looks again later). One row, in the room's
 * own SQLite storage, so it survives evictions and restarts:
 * - `listing_id`: the ad the conversation was about (its reports decide a hold);
 * - `archived_at`: when the conversation left D1 (the first time the room was told);
 * - `remove_at`: when the alarm next decides (the due time, or the next look at a held room);
 * - `held_checks`: how many times it was found held (for the log and the tests).
 */
export interface RoomRetention {
  listing_id: string;
  archived_at: number;
  remove_at: number;
  held_checks: number;
}

/**
 * Created only in a room that is archived: an empty table still takes a page of storage, and most
 * rooms are never archived while they are used (hundreds of millions of rooms a year).
 */
const createRetentionTable = (sql: SqlStorage) => {
  sql.exec(`CREATE TABLE IF NOT EXISTS room_retention (
    id INTEGER PRIMARY KEY CHECK (id = 1), listing_id TEXT NOT NULL, archived_at INTEGER NOT NULL,
    remove_at INTEGER NOT NULL, held_checks INTEGER NOT NULL DEFAULT 0)`);
};

const hasRetentionTable = (sql: SqlStorage) => sql.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'room_retention'`).toArray().length > 0;

export const retentionOf = (sql: SqlStorage): RoomRetention | undefined =>
  hasRetentionTable(sql)
    ? sql.exec<RoomRetention & Record<string, SqlStorageValue>>('SELECT listing_id, archived_at, remove_at, held_checks FROM room_retention WHERE id = 1').toArray()[0]
    : undefined;

/**
 * Records the archive, once: a second call (the hourly sweep arming a room the archive job armed
 * already, or a retried call) keeps the first archive time, so the removal never moves later.
 */
export const recordArchived = (sql: SqlStorage, listingId: string, archivedAt: number): RoomRetention => {
  createRetentionTable(sql);
  sql.exec(
    'INSERT INTO room_retention (id, listing_id, archived_at, remove_at) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
    listingId,
    archivedAt,
    archivedChatRemovalAt(archivedAt),
  );
  return retentionOf(sql)!;
};

/** A held room: the next look, later. */
export const postpone = (sql: SqlStorage, at: number) => {
  sql.exec('UPDATE room_retention SET remove_at = ?, held_checks = held_checks + 1 WHERE id = 1', at);
};

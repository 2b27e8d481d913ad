import { encodeTime } from 'ulid';
import { accountsDatabases, type AccountsEnv } from '../../db/accounts';
import { TOKEN_TTL_SECONDS } from '../../lib/jwt';
import { RETENTION } from '../../schemas/retention-data';

/**
 * Expired sessions leave the accounts database (decision 020, addendum): a row per token issued
 * (its `sid` claim) is only needed while the token can be used; after `expires_at` nothing reads it
 * (a token past its `exp` is refused before any lookup). Nothing removed them before; at the
 * market leader's volume they would be the accounts databases' second-largest table (11 GB in
 * decision 020's model, with expired ones removed; without, they only grow).
 *
 * The hourly cron deletes them in bounded statements, walking the primary key instead of a new index:
 * a session's id is a ULID, which begins with the moment it was created, and every session lives
 * TOKEN_TTL_SECONDS, so every id below "created a token's lifetime ago" is expired and the walk reads
 * only rows it deletes. The `expires_at` condition keeps it exact should a session ever live longer.
 */
export const removeExpiredSessions = async (env: AccountsEnv, now = Date.now(), limits: { batchRows?: number; batchesPerRun?: number } = {}): Promise<number> => {
  const batchRows = limits.batchRows ?? RETENTION.expiredSessionsBatchRows;
  const batchesPerRun = limits.batchesPerRun ?? RETENTION.batchesPerRun;
  const createdBefore = encodeTime(Math.max(0, now - TOKEN_TTL_SECONDS * 1000), 10);
  // sessions live in the accounts databases (decision 034; with one, `DB`): each walks its own, side by side
  const perDatabase = await Promise.all(
    accountsDatabases(env).map(async (db) => {
      let removed = 0;
      for (let i = 0; i < batchesPerRun; i++) {
        const n = (
          await db.prepare(`DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE id < ?1 AND expires_at <= ?2 ORDER BY id LIMIT ?3)`)
            .bind(createdBefore, now, batchRows)
            .run()
        ).meta.changes;
        removed += n;
        if (n < batchRows) break;
      }
      return removed;
    }),
  );
  return perDatabase.reduce((a, b) => a + b, 0);
};

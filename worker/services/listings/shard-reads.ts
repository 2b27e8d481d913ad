/**
 * Reads of ads by id when the ads live in several databases (decision 033): the ids are grouped by
 * the database their tag names and every database is asked at once, in one round trip.
 */
import { listingDbForId, type ShardEnv } from '../../db/shards';

/** ids per statement: D1 binds at most 100 parameters */
const IDS_PER_STATEMENT = 90;

/**
 * Rows of `select` (columns of `listings l`, with `from` after it) for these ids, from each id's own
 * database side by side; `where` narrows further, bound to `params` after the ids.
 */
export const listingRowsByIds = async <T>(env: ShardEnv, ids: string[], select: string, where = '', params: unknown[] = [], from = 'FROM listings l'): Promise<T[]> => {
  const byDatabase = new Map<D1Database, string[]>();
  for (const id of ids) {
    const target = listingDbForId(env, id);
    byDatabase.set(target, [...(byDatabase.get(target) ?? []), id]);
  }
  const answers = await Promise.all(
    [...byDatabase].map(([target, some]) => {
      const statements: D1PreparedStatement[] = [];
      for (let i = 0; i < some.length; i += IDS_PER_STATEMENT - params.length) {
        const chunk = some.slice(i, i + IDS_PER_STATEMENT - params.length);
        statements.push(target.prepare(`SELECT ${select} ${from} WHERE l.id IN (${chunk.map(() => '?').join(', ')})${where ? ` AND ${where}` : ''}`).bind(...chunk, ...params));
      }
      return target.batch<T>(statements);
    }),
  );
  return answers.flatMap((results) => results.flatMap((r) => r.results));
};

/** Which of these ads are live (approved), each asked in its own database. */
export const liveListingIds = async (env: ShardEnv, ids: string[]): Promise<Set<string>> =>
  new Set(ids.length ? (await listingRowsByIds<{ id: string }>(env, ids, 'l.id', `l.status = 'APPROVED'`)).map((r) => r.id) : []);

/**
 * Where a user's `users` row lives: the ONE place that says so (decision 034). Today `users` is in the
 * core (`DB`) for every account; when it moves with its user, the rows of each account live in that
 * account's accounts database (`accountsDbForUser`) and every reader below follows without change.
 *
 * The switch is `USERS_WITH_ACCOUNTS = "1"` on a deployment with several accounts databases. It is
 * off everywhere until the rows have been copied over (the steps are in decision 034); the tests
 * turn it on to prove the readers over the real four accounts bindings. With one accounts database
 * that database is `DB`, so the switch changes nothing there.
 */

import { getTableColumns } from 'drizzle-orm';
import { accountsDatabases, accountsDbForUser, accountsSplit, type AccountsEnv } from './accounts';
import { users } from './schema';
import { getDb, type Db } from './client';

export type UsersEnv = AccountsEnv & { USERS_WITH_ACCOUNTS?: string };

/** Has `users` moved to the accounts databases on this deployment? */
export const usersWithAccounts = (env: UsersEnv): boolean => env.USERS_WITH_ACCOUNTS === '1' && accountsSplit(env);

/** The database holding this user's `users` row. */
export const usersDbFor = (env: UsersEnv, userId: string): D1Database => (usersWithAccounts(env) ? accountsDbForUser(env, userId) : env.DB);

/** Every database that holds `users` rows (side by side for readers by something other than the id: admin search, the checker). */
export const usersDatabases = (env: UsersEnv): D1Database[] => (usersWithAccounts(env) ? accountsDatabases(env) : [env.DB]);

/** The column names of `users` (snake case, as SQL spells them): the only names `readUsers` accepts. */
export const USER_COLUMN_NAMES: ReadonlySet<string> = new Set(Object.values(getTableColumns(users)).map((c) => c.name));

/** The ids grouped by the database holding their rows, in the order of the databases (duplicates once). */
export const groupUsersByDatabase = (env: UsersEnv, ids: readonly string[]): Map<D1Database, string[]> => {
  const grouped = new Map<D1Database, string[]>();
  for (const id of new Set(ids)) {
    const db = usersDbFor(env, id);
    const list = grouped.get(db);
    if (list) list.push(id);
    else grouped.set(db, [id]);
  }
  return grouped;
};

/**
 * Several users' rows by id: the ids grouped by database, every database asked side by side with ONE
 * statement (the ids as one JSON parameter, so no bind limit applies), so the read costs one round
 * trip whichever databases hold them. Ids with no row are absent from the answer. Columns are checked
 * against the table's own names: a name that is not a column is a programming mistake and throws.
 */
export const readUsers = async <T extends { id: string }>(env: UsersEnv, ids: readonly string[], columns: readonly string[]): Promise<Map<string, T>> => {
  const unknown = columns.filter((c) => !USER_COLUMN_NAMES.has(c));
  if (unknown.length) throw new Error(`readUsers: not columns of users: ${unknown.join(', ')}`);
  const grouped = groupUsersByDatabase(env, ids);
  if (!grouped.size) return new Map();
  const select = `SELECT ${['id', ...columns.filter((c) => c !== 'id')].join(', ')} FROM users WHERE id IN (SELECT value FROM json_each(?1))`;
  const answers = await Promise.all([...grouped].map(([db, some]) => db.prepare(select).bind(JSON.stringify(some)).all<T>()));
  return new Map(answers.flatMap((a) => a.results).map((row) => [row.id, row]));
};

/** Drizzle over the database holding this user's row, for the account's own reads and updates. */
export const usersDbOf = (env: UsersEnv, userId: string): Db => getDb(usersDbFor(env, userId));

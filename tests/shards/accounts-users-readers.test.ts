import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { readUsers, usersDatabases, usersDbFor, usersWithAccounts } from '../../worker/db/users';
import { accountsDbs, fourAccounts, GROUP_IN } from './four-accounts';

/**
 * Where a user's `users` row lives (worker/db/users.ts, decision 034), with the switch that moves
 * `users` to the accounts databases turned on over the real four accounts bindings: each row is read
 * from its user's accounts database, several users with one statement per database, side by side.
 * The core holds a decoy row of each user with another name, so a reader that still asks the core
 * answers the wrong name.
 */
const moved = { ...fourAccounts, USERS_WITH_ACCOUNTS: '1' };

const idIn = (database: number) => `usr_${ulid().toLowerCase()}${GROUP_IN[database]}`;
const insertUser = (db: D1Database, id: string, firstName: string) =>
  db
    .prepare(`INSERT INTO users (id, email, username, first_name, last_name, status, language, created_at, updated_at) VALUES (?, ?, ?, ?, 'Rao', 'ACTIVE', 'hi', 1, 1)`)
    .bind(id, `${id}@example.in`, id, firstName)
    .run();

/** The four accounts bindings wrapped to count the statements each is asked (and the core's). */
const counting = () => {
  const asked = new Map<string, number>();
  const wrap = (name: string, db: D1Database) =>
    ({ prepare: (sql: string) => (asked.set(name, (asked.get(name) ?? 0) + 1), db.prepare(sql)), batch: db.batch.bind(db) }) as unknown as D1Database;
  const wrapped = { ...moved, DB: wrap('DB', env.DB), ...Object.fromEntries(accountsDbs.map((db, i) => [`ACCOUNTS_${i}`, wrap(`ACCOUNTS_${i}`, db)])) };
  return { env: wrapped, asked };
};

let ids: string[];
beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
  ids = [idIn(0), idIn(1), idIn(2), idIn(3), idIn(1)];
  for (const [i, id] of ids.entries()) {
    await insertUser(accountsDbs[[0, 1, 2, 3, 1][i]!]!, id, `Asha${i}`);
    await insertUser(env.DB, id, `Core${i}`);
  }
});

describe("one place says where a user's row lives", () => {
  it('the core until the switch is on, and with one accounts database whatever the switch says', () => {
    expect(usersWithAccounts(fourAccounts)).toBe(false);
    expect(ids.map((id) => usersDbFor(fourAccounts, id))).toEqual(ids.map(() => env.DB));
    expect(usersDbFor({ ...env, USERS_WITH_ACCOUNTS: '1' }, ids[1]!)).toBe(env.DB);
    expect(usersDatabases(fourAccounts)).toEqual([env.DB]);
  });

  it("with the switch on: the accounts database of the group the id names (an untagged id: group 0's)", () => {
    expect(usersWithAccounts(moved)).toBe(true);
    expect(ids.map((id) => accountsDbs.indexOf(usersDbFor(moved, id)))).toEqual([0, 1, 2, 3, 1]);
    expect(accountsDbs.indexOf(usersDbFor(moved, 'seed-user-1'))).toBe(0);
    expect(usersDatabases(moved)).toEqual(accountsDbs);
  });
});

describe('the grouped reader', () => {
  it('reads each row from its own database, one statement per database asked, only where asked ids live', async () => {
    const { env: counted, asked } = counting();
    const rows = await readUsers<{ id: string; first_name: string; language: string }>(counted, [...ids, ids[0]!, idIn(2)], ['first_name', 'language']);
    expect([...rows.values()].sort((a, b) => a.first_name.localeCompare(b.first_name))).toEqual(
      ids.map((id, i) => ({ id, first_name: `Asha${i}`, language: 'hi' })),
    );
    // the unknown id of database 2 is asked there and simply absent; the core is never asked
    expect(Object.fromEntries(asked)).toEqual({ ACCOUNTS_0: 1, ACCOUNTS_1: 1, ACCOUNTS_2: 1, ACCOUNTS_3: 1 });

    const { env: two, asked: askedTwo } = counting();
    expect([...(await readUsers(two, [ids[1]!, ids[4]!], ['first_name'])).keys()].sort()).toEqual([ids[1], ids[4]].sort());
    expect(Object.fromEntries(askedTwo)).toEqual({ ACCOUNTS_1: 1 });
  });

  it('with the switch off it reads the core in one statement, as before', async () => {
    const rows = await readUsers<{ id: string; first_name: string }>(fourAccounts, ids, ['first_name']);
    expect(ids.map((id) => rows.get(id)?.first_name)).toEqual(ids.map((_, i) => `Core${i}`));
  });

  it('asks nothing for no ids, and refuses a name that is not a column', async () => {
    const { env: counted, asked } = counting();
    expect((await readUsers(counted, [], ['first_name'])).size).toBe(0);
    expect(asked.size).toBe(0);
    await expect(readUsers(counted, ids, ['first_name', 'password; DROP TABLE users'])).rejects.toThrow(/not columns of users/);
    expect(asked.size).toBe(0);
  });
});

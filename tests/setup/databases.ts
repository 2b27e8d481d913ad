import { env } from 'cloudflare:workers';
import { expect } from 'vitest';

/**
 * Every file that uses D1 starts from the migrated schema and reference data (a file sharing its
 * workerd with earlier files is put back to them: tests/setup/fresh-file.ts). The worker's own unit tests (worker/**) use no database, bar the few named here
 * that read the reference data: they skip the migrations, which are most of a small file's set-up
 * (about 0.7 s a database on a loaded 2-core machine). A new unit test that reads D1 joins the list.
 */
const UNIT_TESTS_WITH_DATABASE = ['worker/db/shards.test.ts', 'worker/services/search/places.test.ts', 'worker/services/search/understand.test.ts'];

export const needsDatabase = (testPath: string | undefined) => {
  if (!testPath) return true;
  const inWorker = testPath.lastIndexOf('/worker/');
  if (inWorker < 0 || testPath.includes('/tests/')) return true;
  return UNIT_TESTS_WITH_DATABASE.includes(testPath.slice(inWorker + 1));
};

/**
 * The migrations not yet applied, in one batch (one transaction, one call): `applyD1Migrations` sends
 * each migration on its own, about forty calls a database, and a file here migrates five databases.
 * Keeps wrangler's `d1_migrations` record, so a second call applies nothing.
 */
export const applyMigrations = async (db: D1Database) => {
  await db.prepare('CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)').run();
  const applied = new Set((await db.prepare('SELECT name FROM d1_migrations').all<{ name: string }>()).results.map((r) => r.name));
  const pending = (env.TEST_MIGRATIONS ?? []).filter((m) => !applied.has(m.name));
  if (pending.length === 0) return;
  await db.batch(pending.flatMap((m) => [...m.queries.map((q) => db.prepare(q)), db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(m.name)]));
};

/** Applies the migrations to these databases side by side, unless the test file uses none. */
export const migrate = async (databases: (D1Database | undefined)[]) => {
  if (!needsDatabase(expect.getState().testPath)) return;
  await Promise.all(databases.map((db) => applyMigrations(db!)));
};

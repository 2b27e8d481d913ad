import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';

/**
 * Storage is isolated per test file: every file that uses D1 starts from the migrated schema and
 * reference data. The worker's own unit tests (worker/**) use no database, bar the few named here
 * that read the reference data: they skip the migrations, which are most of a small file's set-up
 * (about 0.7 s a database on a loaded 2-core machine). A new unit test that reads D1 joins the list.
 */
const UNIT_TESTS_WITH_DATABASE = ['worker/db/shards.test.ts', 'worker/services/search/places.test.ts', 'worker/services/search/understand.test.ts'];

const needsDatabase = (testPath: string | undefined) => {
  if (!testPath) return true;
  const inWorker = testPath.lastIndexOf('/worker/');
  if (inWorker < 0 || testPath.includes('/tests/')) return true;
  return UNIT_TESTS_WITH_DATABASE.includes(testPath.slice(inWorker + 1));
};

/** Applies the migrations to these databases side by side, unless the test file uses none. */
export const migrate = async (databases: (D1Database | undefined)[]) => {
  if (!needsDatabase(expect.getState().testPath)) return;
  await Promise.all(databases.map((db) => applyD1Migrations(db!, env.TEST_MIGRATIONS ?? [])));
};

/**
 * Which worker suites run with how many listings databases (decision 033). `npm test` runs every
 * suite once: with four listings databases (tests/vitest.config.ts) unless listed here, and the
 * listed files with one (tests/vitest.one-db-only.config.ts). `npm run test:worker:one` runs every
 * suite with one database, as a deployment without LISTING_DATABASES (tests/vitest.one-db.config.ts).
 */

export const WORKER_SUITES = ['tests/api/**/*.test.ts', 'tests/durable-objects/**/*.test.ts', 'tests/hardening/**/*.test.ts', 'worker/**/*.test.ts'];

/**
 * Files whose point is one database: the database calls a request makes and how they wait on each
 * other, the SQL and its query plans, as one database runs them. The four-database figures have
 * their own tests under tests/shards.
 */
export const ONE_DATABASE_POINT: string[] = [
  // the round trips each journey waits on, counted by a simulated D1 around `DB` alone
  'tests/api/round-trips.test.ts',
  // statements per request by kind, counted by a wrapper around `DB` alone (the capacity model's inputs)
  'tests/api/capacity-queries.test.ts',
  // the SQL and its query plans, read from `DB`
  'tests/api/query-plans.test.ts',
  // a lagging replica simulated around `DB` alone; the compound bookmark over several databases: tests/shards/listings-shards.test.ts
  'tests/api/read-replicas.test.ts',
  // the statements `DB` ran, named in X-D1-Statements (a sharded search's statements run on the listings databases)
  'tests/api/server-timing.test.ts',
];

/** The files the one-database part of `npm test` runs: every other worker suite runs with four. */
export const ONE_DATABASE_IN_CI = ONE_DATABASE_POINT;

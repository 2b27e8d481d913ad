import type { Env as WorkerEnv } from '../worker/env';

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS?: import('cloudflare:test').D1Migration[];
      /** the simulated read replica's database (tests/vitest.config.ts) */
      DB_REPLICA?: D1Database;
    }
  }
}
export {};

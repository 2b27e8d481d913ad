import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { migrate, needsDatabase } from './databases';
import { startFileAfresh } from './fresh-file';

// The worker suites with four listings databases and four accounts databases (tests/vitest.config.ts):
// the migrations, on the core and each listings and accounts database alike (decisions 033, 034). The files of one vitest worker share its workerd,
// so each file that uses D1 starts afresh (tests/setup/fresh-file.ts).
const databases = [env.DB, env.LISTINGS_0, env.LISTINGS_1, env.LISTINGS_2, env.LISTINGS_3, env.ACCOUNTS_0, env.ACCOUNTS_1, env.ACCOUNTS_2, env.ACCOUNTS_3].filter((db): db is D1Database => db !== undefined);
await migrate(databases);
if (needsDatabase(expect.getState().testPath)) await startFileAfresh(databases);

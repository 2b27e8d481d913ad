import { env } from 'cloudflare:workers';
import { migrate } from './databases';

// The worker suites with four listings databases (tests/vitest.config.ts): every file starts its own
// workerd, so only the migrations, on the core and each listings database alike (decision 033).
await migrate([env.DB, env.LISTINGS_0, env.LISTINGS_1, env.LISTINGS_2, env.LISTINGS_3]);

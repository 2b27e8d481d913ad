import { defineConfig } from 'vitest/config';
import { oneDatabaseConfig } from './vitest.worker-base';
import { WORKER_SUITES } from './worker-suites';

// Every worker suite with one listings database (LISTING_DATABASES unset: the core `DB` holds the
// listings, as `npm start` and a small deployment run): `npm run test:worker:one`.
export default defineConfig(() => oneDatabaseConfig('worker suites, one database', WORKER_SUITES));

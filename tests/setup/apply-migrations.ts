import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { migrate, needsDatabase } from './databases';
import { startFileAfresh } from './fresh-file';

// One database: the core holds the listings too. The files of one vitest worker share its workerd, so
// each file that uses D1 starts afresh (tests/setup/fresh-file.ts).
await migrate([env.DB]);
if (needsDatabase(expect.getState().testPath)) await startFileAfresh([env.DB]);

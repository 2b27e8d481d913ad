import { env } from 'cloudflare:workers';
import { applyMigrations } from './databases';
import { startFileAfresh } from './fresh-file';

// Every database carries the same migrations for now (decision 033): the core and each listings database.
// The four-database suite shares one workerd between its files, so each starts afresh (tests/setup/fresh-file.ts).
const databases = [env.DB, env.LISTINGS_0!, env.LISTINGS_1!, env.LISTINGS_2!, env.LISTINGS_3!];
await Promise.all(databases.map((db) => applyMigrations(db)));
await startFileAfresh(databases);

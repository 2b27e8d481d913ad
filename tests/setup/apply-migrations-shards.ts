import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { resetToMigratedState } from './reset-databases';

// Every database carries the same migrations for now (decision 033): the core and each listings database.
const databases = [env.DB, env.LISTINGS_0!, env.LISTINGS_1!, env.LISTINGS_2!, env.LISTINGS_3!];
await Promise.all(databases.map((db) => applyD1Migrations(db, env.TEST_MIGRATIONS ?? [])));
// The four-database suite shares one workerd between its files (its config turns isolation off: starting
// and migrating five databases per file cost most of its time), so each file starts by putting the rows
// back to what the migrations left.
await Promise.all(databases.map((db) => resetToMigratedState(db)));

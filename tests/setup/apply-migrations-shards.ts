import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Every database carries the same migrations for now (decision 033): the core and each listings database.
await Promise.all([env.DB, env.LISTINGS_0!, env.LISTINGS_1!, env.LISTINGS_2!, env.LISTINGS_3!].map((db) => applyD1Migrations(db, env.TEST_MIGRATIONS ?? [])));

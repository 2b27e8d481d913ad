import { env } from 'cloudflare:workers';
import { viewCounter, viewShards } from '../../worker/services/listings/view-counter';
import { applyMigrations } from './databases';
import { resetToMigratedState } from './reset-databases';

// Every database carries the same migrations for now (decision 033): the core and each listings database.
const databases = [env.DB, env.LISTINGS_0!, env.LISTINGS_1!, env.LISTINGS_2!, env.LISTINGS_3!];
await Promise.all(databases.map((db) => applyMigrations(db)));
// The four-database suite shares one workerd between its files (its config turns isolation off: starting
// and migrating five databases per file cost most of its time), so each file starts from empty view
// counters (views an earlier file counted would otherwise be written by this file's flush) and from the
// rows the migrations left.
for (const shard of viewShards(env)) {
  for (let left = 1; left > 0; ) ({ left } = await viewCounter(env, shard).flush());
}
await Promise.all(databases.map((db) => resetToMigratedState(db)));

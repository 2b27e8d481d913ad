/**
 * The local D1 / R2 / KV that `wrangler dev` uses, for scripts (seed, benchmarks) that run no worker.
 * wrangler.toml also declares Durable Objects, which getPlatformProxy can only warn about without
 * the worker's code, so scripts get a copy of the config with just the storage bindings.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { experimental_readRawConfig, getPlatformProxy } from 'wrangler';
import { accountsD1, listingsD1 } from './shards-config';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * `listingDatabases` > 1: also the local listings databases LISTINGS_0 …; `accountsDatabases` > 1:
 * the accounts databases ACCOUNTS_0 … (scripts/lib/shards-config.ts).
 */
export const localBindings = async <Env extends Record<string, unknown>>(persistTo?: string, listingDatabases = 1, accountsDatabases = 1) => {
  const { rawConfig } = experimental_readRawConfig({ config: join(ROOT, 'wrangler.toml') });
  const storageOnly = {
    name: `${rawConfig.name ?? 'sel'}-scripts`,
    compatibility_date: rawConfig.compatibility_date,
    d1_databases: [...(rawConfig.d1_databases ?? []), ...listingsD1(listingDatabases), ...accountsD1(accountsDatabases)],
    r2_buckets: (rawConfig.r2_buckets ?? []).map((bucket: { binding: string; bucket_name?: string }) => ({ binding: bucket.binding, bucket_name: bucket.bucket_name })),
    kv_namespaces: rawConfig.kv_namespaces,
  };
  const configPath = join(ROOT, '.wrangler', 'scripts.wrangler.json');
  mkdirSync(dirname(configPath), { recursive: true });
  writeFileSync(configPath, JSON.stringify(storageOnly, null, 2));
  // explicit path: the default would be relative to the copied config's folder
  const path = join(persistTo ? resolve(ROOT, persistTo) : join(ROOT, '.wrangler', 'state'), 'v3');
  return getPlatformProxy<Env>({ configPath, persist: { path }, remoteBindings: false });
};

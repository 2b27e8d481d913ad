/**
 * `npm run photos:strip-metadata -- [--remote] [--batch 50] [--cursor C] [--persist-to DIR]`
 *
 * One-off clean-up (decision 012, "Photo metadata"): rewrites every uploaded photo in R2 (`u/…`)
 * without its metadata (GPS position, names, camera serials), fixes `media.bytes` and deletes the
 * photo's resized variants so they are made again from the clean photo. Uploads are stripped on
 * arrival since; this handles the ones stored before. Runs against the local R2/D1 of
 * `wrangler dev` (default) or the deployed ones (`--remote`, with wrangler logged in). Bounded
 * batches; safe to stop and run again (already clean photos are left as they are), or to resume
 * from the cursor it prints. After a remote run, purge the CDN cache for /api/media/u/* (photos are
 * served with a year-long cache).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { experimental_readRawConfig, getPlatformProxy } from 'wrangler';
import { STRIP_BATCH_DEFAULT, STRIP_BATCH_MAX, stripStoredPhotos } from '../worker/services/photos/media-metadata';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const remote = process.argv.includes('--remote');
const batch = Number(arg('batch') ?? STRIP_BATCH_DEFAULT);
if (!Number.isInteger(batch) || batch < 1 || batch > STRIP_BATCH_MAX) {
  console.error(`--batch must be 1..${STRIP_BATCH_MAX}`);
  process.exit(2);
}
process.env.WRANGLER_SEND_METRICS = 'false';
if (!remote) process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

// a copy of wrangler.toml with only the two bindings the job needs (marked remote for --remote)
const { rawConfig } = experimental_readRawConfig({ config: join(ROOT, 'wrangler.toml') });
const db = (rawConfig.d1_databases ?? []).find((d: { binding: string }) => d.binding === 'DB');
const media = (rawConfig.r2_buckets ?? []).find((b: { binding: string }) => b.binding === 'MEDIA');
const config = {
  name: `${rawConfig.name ?? 'sel'}-strip-metadata`,
  compatibility_date: rawConfig.compatibility_date,
  d1_databases: [{ ...db, ...(remote ? { remote: true } : {}) }],
  r2_buckets: [{ binding: 'MEDIA', bucket_name: media?.bucket_name, ...(remote ? { remote: true } : {}) }],
};
const configPath = join(ROOT, '.wrangler', 'strip-metadata.wrangler.json');
mkdirSync(dirname(configPath), { recursive: true });
writeFileSync(configPath, JSON.stringify(config, null, 2));
const persistTo = arg('persist-to');
const { env, dispose } = await getPlatformProxy<{ MEDIA: R2Bucket; DB: D1Database }>({
  configPath,
  remoteBindings: remote,
  ...(remote ? {} : { persist: { path: join(persistTo ? resolve(ROOT, persistTo) : join(ROOT, '.wrangler', 'state'), 'v3') } }),
});

const totals = { scanned: 0, stripped: 0, unchanged: 0, skipped: 0, gone: 0, bytesSaved: 0 };
let cursor: string | null = arg('cursor') ?? null;
console.log(`stripping metadata from uploaded photos in the ${remote ? 'deployed' : 'local'} bucket, ${batch} per batch${cursor ? `, from cursor ${cursor}` : ''}`);
try {
  do {
    const result = await stripStoredPhotos(env, { cursor, limit: batch });
    totals.scanned += result.scanned;
    totals.stripped += result.stripped;
    totals.unchanged += result.unchanged;
    totals.skipped += result.skipped.length;
    totals.gone += result.gone;
    totals.bytesSaved += result.bytesSaved;
    for (const key of result.skipped) console.log(`  left as it is (not a photo we can read): ${key}`);
    cursor = result.cursor;
    console.log(`  ${totals.scanned} looked at: ${totals.stripped} stripped, ${totals.unchanged} already clean, ${totals.skipped} left, ${totals.gone} gone meanwhile${cursor ? ` (resume with --cursor ${cursor})` : ''}`);
  } while (cursor);
  console.log(`done: ${totals.stripped} photos stripped, ${(totals.bytesSaved / 1024).toFixed(0)} KB of metadata removed`);
} finally {
  await dispose();
}

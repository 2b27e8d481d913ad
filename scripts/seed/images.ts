/**
 * Demo photos: 800×600 JPEGs drawn procedurally (./demo-photo.ts: each a different item in a scene of
 * its own) and uploaded once to R2 under `seed/{subcategoryId}/{n}.jpg`. Each ad takes the next unused
 * pictures of its subcategory (see MAX_POOL_PICTURES). Objects carry the drawing version in their
 * metadata, so a run only re-draws when the drawings changed (or the object is missing).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { drawDemoPhoto, HEIGHT, WIDTH } from './demo-photo';

/** Bump when drawings change so cached R2 objects are redrawn. */
export const IMAGE_VERSION = '3';
export { HEIGHT, WIDTH };
const QUALITY = 70;

/**
 * Draws pool picture n of a subcategory and saves it as a baseline JPEG. Encoded by sharp (libjpeg-turbo:
 * ~10 ms a picture against jpeg-js's ~50–140 ms), which is deterministic for its pinned version.
 */
export const renderImage = async (subcategoryId: string, n: number): Promise<Uint8Array> => {
  const c = drawDemoPhoto(subcategoryId, n);
  const out = await sharp(c.data, { raw: { width: WIDTH, height: HEIGHT, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: QUALITY })
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
};

export interface PoolImage {
  key: string;
  bytes: number;
  width: number;
  height: number;
}

/**
 * At most this many pool pictures are drawn in all. Up to it every photo slot of every demo ad gets a
 * picture of its own (600 ads need ~1,450, the e2e seed's 240 ~580), so no two ads show one photo;
 * bigger seeds (the 100k benchmark database) share the pictures out, a subcategory's in proportion to
 * what it needs. Measured cost: ~130 ms a picture on one core of the shared 2-core box under load ~12
 * (drawing ~120 ms, encoding ~10 ms), drawn on two threads: about 1.5 minutes at most, once per drawing
 * version (the pictures stay in R2).
 */
export const MAX_POOL_PICTURES = 1500;

/** Pool pictures per subcategory for what the ads need: all of it, or a proportional share of the cap (at least 3). */
export const poolPlan = (needs: Map<string, number>, max = MAX_POOL_PICTURES): Map<string, number> => {
  const total = [...needs.values()].reduce((a, b) => a + b, 0);
  const share = total <= max ? 1 : max / total;
  return new Map([...needs].map(([sub, need]) => [sub, share === 1 ? need : Math.min(need, Math.max(3, Math.floor(need * share)))]));
};

export const poolKey = (subcategoryId: string, n: number) => `seed/${subcategoryId}/${n}.jpg`;

/**
 * Makes sure every pool picture exists in R2 (drawing and uploading the missing or outdated ones)
 * and returns them per subcategory.
 */
export const ensureImagePool = async (
  bucket: R2Bucket,
  plan: Map<string, number>,
  log: (message: string) => void,
): Promise<Map<string, PoolImage[]>> => {
  const wanted = [...plan].flatMap(([sub, count]) => Array.from({ length: count }, (_, i) => ({ sub, n: i + 1, key: poolKey(sub, i + 1) })));
  const looked = limiter(32);
  const heads = await Promise.all(wanted.map((w) => looked(() => retried(() => bucket.head(w.key)))));
  const sizes = new Map<string, number>();
  const missing = wanted.filter((w, i) => {
    const head = heads[i];
    if (head && head.customMetadata?.seedImageVersion === IMAGE_VERSION) sizes.set(w.key, head.size);
    return !sizes.has(w.key);
  });
  let drawnBytes = 0;
  // at most a few uploads in flight, each retried: a thousand at once through the local proxy's one
  // socket were cut ("other side closed") on a busy machine, failing the whole seed
  const slots = limiter(8);
  await renderAll(missing, async (w, jpeg) => {
    await slots(() =>
      retried(() =>
        bucket.put(w.key, jpeg, {
          httpMetadata: { contentType: 'image/jpeg', cacheControl: 'public, max-age=31536000, immutable' },
          customMetadata: { seedImageVersion: IMAGE_VERSION },
        }),
      ),
    );
    sizes.set(w.key, jpeg.byteLength);
    drawnBytes += jpeg.byteLength;
  });
  const drawn = missing.length;
  const pool = new Map<string, PoolImage[]>();
  for (const w of wanted) {
    const list = pool.get(w.sub) ?? [];
    list.push({ key: w.key, bytes: sizes.get(w.key) ?? 0, width: WIDTH, height: HEIGHT });
    pool.set(w.sub, list);
  }
  log(
    drawn
      ? `images: uploaded ${drawn} of ${wanted.length} pool pictures, drawn or read from ${pictureCacheDir()} (avg ${Math.round(drawnBytes / drawn / 1024)} KB)`
      : `images: all ${wanted.length} pool pictures already in R2`,
  );
  return pool;
};

type Job = { sub: string; n: number; key: string };

/** Runs at most `n` of the given tasks at a time. */
const limiter = (n: number) => {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
};

/** A local storage call retried a few times (the proxy's connection may be reset under load). */
const retried = async <T>(task: () => Promise<T>, attempts = 4): Promise<T> => {
  for (let i = 1; ; i++) {
    try {
      return await task();
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200 * i));
    }
  }
};

/**
 * Drawn pictures are also kept as files under the OS tmp dir, per drawing version (as `bench:phash` keeps
 * its own), so a fresh state — every e2e run makes one — reads them instead of drawing them again.
 */
export const pictureCacheDir = () => join(tmpdir(), `sel-demo-photos-v${IMAGE_VERSION}`);

/**
 * Draws the jobs on worker threads (drawing ~50 ms a picture, encoding ~10) and hands each result to
 * `done` as it arrives; whatever the workers could not draw is drawn on this thread. Pictures already in
 * the tmp-dir cache are read from it.
 */
const renderAll = async (jobs: Job[], done: (job: Job, jpeg: Uint8Array) => Promise<void>) => {
  const completed = new Set<string>();
  const uploads: Promise<void>[] = [];
  const cacheDir = pictureCacheDir();
  const cached = (job: Job) => join(cacheDir, `${job.sub}-${job.n}.jpg`);
  let cacheOk = true;
  try {
    mkdirSync(cacheDir, { recursive: true });
  } catch {
    cacheOk = false;
  }
  const finish = (job: Job, jpeg: Uint8Array, fromCache = false) => {
    completed.add(job.key);
    if (cacheOk && !fromCache) {
      try {
        // written under another name first, so a reader never sees half a file
        const file = cached(job);
        writeFileSync(`${file}.${process.pid}.tmp`, jpeg);
        renameSync(`${file}.${process.pid}.tmp`, file);
      } catch {
        cacheOk = false;
      }
    }
    uploads.push(done(job, jpeg));
  };
  if (cacheOk) {
    for (const job of jobs) {
      if (!existsSync(cached(job))) continue;
      try {
        finish(job, new Uint8Array(readFileSync(cached(job))), true);
      } catch {
        /* drawn again below */
      }
    }
  }
  jobs = jobs.filter((job) => !completed.has(job.key));
  const threads = Math.min(4, availableParallelism(), Math.ceil(jobs.length / 8));
  if (threads >= 2) {
    const queue = [...jobs];
    try {
      await Promise.all(
        Array.from(
          { length: threads },
          () =>
            new Promise<void>((resolve, reject) => {
              const worker = new Worker(new URL('./image-worker.ts', import.meta.url));
              let current: Job | undefined;
              const next = () => {
                current = queue.shift();
                if (current) worker.postMessage({ sub: current.sub, n: current.n });
                else void worker.terminate().then(() => resolve());
              };
              worker.on('message', (m: { jpeg: Uint8Array }) => {
                if (current) finish(current, new Uint8Array(m.jpeg));
                next();
              });
              worker.on('error', (err) => {
                queue.length = 0;
                void worker.terminate();
                reject(err);
              });
              next();
            }),
        ),
      );
    } catch (err) {
      console.warn(`images: worker threads failed (${err instanceof Error ? err.message : String(err)}), drawing on the main thread`);
    }
  }
  for (const job of jobs) if (!completed.has(job.key)) finish(job, await renderImage(job.sub, job.n));
  await Promise.all(uploads);
};

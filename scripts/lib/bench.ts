/** Shared bits of the benchmark scripts: option parsing, child processes, a free port, percentiles. */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

export const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};

/** wrangler offline and quiet. */
export const benchEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_LOG: 'error' };

export const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: benchEnv });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
};

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });

/** The p-th percentile of an ascending list. */
export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

/** Polls until the worker answers, or fails after about a minute. */
export const waitForWorker = async (base: string) => {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/categories`)).ok) return;
    } catch {
      /* still starting */
    }
    if (i > 120) throw new Error('worker did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
};

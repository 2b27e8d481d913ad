/** Shared bits of the benchmark scripts: option parsing, child processes, a free port, percentiles, workerd CPU. */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

/** Every process this user can see (Linux /proc): id, parent, name, CPU seconds used so far. */
export const processTable = () => {
  const tick = 100; // USER_HZ on Linux
  const out: { pid: number; ppid: number; comm: string; cpu: number }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      out.push({ pid: Number(name), ppid: Number(fields[1]), comm: stat.slice(stat.indexOf('(') + 1, close), cpu: (Number(fields[11]) + Number(fields[12])) / tick });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
};

/** CPU seconds used so far by the workerd processes under `root` (Linux /proc). */
export const workerdCpuSeconds = (root: number) => {
  const table = processTable();
  const children = new Map<number, number[]>();
  for (const p of table) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const info = new Map(table.map((p) => [p.pid, p]));
  let total = 0;
  const walk = (pid: number) => {
    const me = info.get(pid);
    if (me && me.comm.startsWith('workerd')) total += me.cpu;
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(root);
  return total;
};

/**
 * The worker's own socket behind `wrangler dev` (Linux only). wrangler answers on its port through a
 * proxy of its own (a second workerd that forwards every request over loopback, for hot reloads);
 * production has no such hop. The worker's workerd is a sibling process of that proxy (same parent,
 * the wrangler process): of its listening sockets, the one that serves our pages is the worker's
 * entry. Returns `http://127.0.0.1:<port>`, or undefined when it cannot be found (not Linux, or
 * another layout), so a benchmark can report both paths or say why it reports one.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { processTable } from './bench';

const listening = () => {
  // inode → port of every listening TCP socket (state 0A)
  const out = new Map<string, number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] !== '0A' || !cols[1] || !cols[9]) continue;
      out.set(cols[9], parseInt(cols[1].split(':')[1]!, 16));
    }
  }
  return out;
};

const socketsOf = (pid: number, ports: Map<string, number>) => {
  const found: number[] = [];
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`, 'utf8'));
      const port = m && ports.get(m[1]!);
      if (port) found.push(port);
    }
  } catch {
    /* gone, or not ours to read */
  }
  return found;
};


export const workerdDirectBase = async (proxyBase: string, probePath = '/products'): Promise<string | undefined> => (await workerdDirect(proxyBase, probePath))?.base;

/** The worker's own socket (as above) and the pid of the workerd serving it, for its CPU time alone. */
export const workerdDirect = async (proxyBase: string, probePath = '/products'): Promise<{ base: string; pid: number } | undefined> => {
  if (process.platform !== 'linux') return undefined;
  const proxyPort = Number(new URL(proxyBase).port);
  const ports = listening();
  const workerds = processTable().filter((p) => p.comm.startsWith('workerd'));
  const proxy = workerds.find((p) => socketsOf(p.pid, ports).includes(proxyPort));
  if (proxy === undefined) return undefined;
  for (const sibling of workerds) {
    if (sibling.pid === proxy.pid || sibling.ppid !== proxy.ppid) continue;
    for (const port of socketsOf(sibling.pid, ports)) {
      const base = `http://127.0.0.1:${port}`;
      try {
        const res = await fetch(base + probePath, { signal: AbortSignal.timeout(3000) });
        await res.arrayBuffer();
        if (res.status === 200 && res.headers.has('x-edge-cache')) return { base, pid: sibling.pid };
      } catch {
        /* not an HTTP entry */
      }
    }
  }
  return undefined;
};

/**
 * `npm run bench:profile -- --port 9230 [--seconds 20] [--out .wrangler/profile.cpuprofile]`
 *
 * Records a CPU profile of the worker running under `wrangler dev --inspector-port <port>` (for
 * example `npm run bench:alerts -- --inspect 9230` while it posts), through the DevTools protocol
 * workerd speaks, and prints where the time went: self time by function and by source file. The
 * .cpuprofile opens in Chrome DevTools (Performance tab) for the full call tree. Time spent inside
 * D1's SQLite shows as the awaited calls' native frames, not here: this is the worker's JavaScript.
 */
import { writeFileSync } from 'node:fs';
import WebSocket from 'ws';
import { arg } from '../lib/bench';

const PORT = arg('port', '9230');
const SECONDS = Number(arg('seconds', '20'));
const OUT = arg('out', '.wrangler/profile.cpuprofile');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; scriptId: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const targets = (await (await fetch(`http://127.0.0.1:${PORT}/json/list`)).json()) as { title: string; webSocketDebuggerUrl: string }[];
if (!targets.length) throw new Error(`no inspector targets on port ${PORT}`);
console.log(`targets: ${targets.map((t) => t.title).join(', ')}`);
const target = targets.find((t) => !/^(?:__|miniflare|core:)/.test(t.title)) ?? targets[0]!;
console.log(`profiling ${target.title} for ${SECONDS} s`);

// (the `ws` client: wrangler's inspector proxy refuses Node's built-in WebSocket handshake)
const ws = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  ws.once('open', resolve);
  ws.once('error', reject);
});
let nextId = 1;
const pending = new Map<number, (result: unknown) => void>();
ws.on('message', (data) => {
  const msg = JSON.parse(String(data)) as { id?: number; result?: unknown };
  if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
});
const send = <T>(method: string, params: Record<string, unknown> = {}) =>
  new Promise<T>((resolve) => {
    const id = nextId++;
    pending.set(id, resolve as (r: unknown) => void);
    ws.send(JSON.stringify({ id, method, params }));
  });

await send('Debugger.enable'); // (getScriptSource below needs it)
await send('Profiler.enable');
await send('Profiler.setSamplingInterval', { interval: 200 });
await send('Profiler.start');
await new Promise((r) => setTimeout(r, SECONDS * 1000));
const { profile } = await send<{ profile: Profile }>('Profiler.stop');
// the bundle's source, to name the project file each function comes from (esbuild marks each
// module with a `// worker/…` comment line)
const sources = new Map<string, string[]>();
for (const id of new Set(profile.nodes.filter((n) => n.callFrame.url.endsWith('.js')).map((n) => n.callFrame.scriptId))) {
  const got = await send<{ scriptSource?: string }>('Debugger.getScriptSource', { scriptId: id });
  if (got?.scriptSource) sources.set(id, got.scriptSource.split('\n'));
}
await send('Debugger.disable');
ws.close();
if (!sources.size) console.log('(the bundle source was not available: functions are named without their project file)');
writeFileSync(OUT, JSON.stringify(profile));
const moduleOf = (scriptId: string, line: number) => {
  const lines = sources.get(scriptId);
  for (let i = Math.min(line, (lines?.length ?? 0) - 1); lines && i >= 0; i--) {
    const m = /^\/\/ ((?:worker|durable-objects|web|node_modules)\/\S+)/.exec(lines[i]!);
    if (m) return m[1]!;
  }
  return '';
};

// self time per node from the samples
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
const sum = (key: (n: ProfileNode) => string) => {
  const out = new Map<string, number>();
  for (const [id, us] of self) out.set(key(byNode.get(id)!), (out.get(key(byNode.get(id)!)) ?? 0) + us);
  return [...out].sort((a, b) => b[1] - a[1]);
};
const file = (url: string) => url.replace(/^.*\/(node_modules\/[^/]+|worker|durable-objects)\//, '$1/') || '(native)';
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms`;
const wall = (profile.endTime - profile.startTime) / 1000;
const idle = sum((n) => n.callFrame.functionName).find(([k]) => k === '(idle)')?.[1] ?? 0;
console.log(`\nsampled ${(total / 1000).toFixed(0)} ms over ${wall.toFixed(0)} ms wall; busy (not idle) ${((total - idle) / 1000).toFixed(0)} ms`);
// each sample charged to the nearest project function on its stack (D1's and the runtime's own
// work land on the project function that called them, when the stack shows it)
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const charged = new Map<string, number>();
for (const [id, us] of self) {
  let at: number | undefined = id;
  let label = `(runtime) ${byNode.get(id)!.callFrame.functionName || '(anonymous)'}`;
  while (at !== undefined) {
    const f = byNode.get(at)!.callFrame;
    const mod = moduleOf(f.scriptId, f.lineNumber);
    if (/^(worker|durable-objects)\//.test(mod)) {
      label = `${f.functionName || sources.get(f.scriptId)?.[f.lineNumber]?.trim().slice(0, 60) || '(anonymous)'}  ${mod}`;
      break;
    }
    at = parentOf.get(at);
  }
  charged.set(label, (charged.get(label) ?? 0) + us);
}
console.log('\ncharged to the nearest project function:');
for (const [k, us] of [...charged].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${pct(us)}  ${k}`);
console.log('\nself time by function:');
for (const [k, us] of sum((n) => `${n.callFrame.functionName || '(anonymous)'}  ${file(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`).slice(0, 30)) console.log(`${pct(us)}  ${k}`);
console.log('\nself time by file:');
for (const [k, us] of sum((n) => file(n.callFrame.url)).slice(0, 20)) console.log(`${pct(us)}  ${k}`);
console.log(`\nfull profile: ${OUT} (Chrome DevTools → Performance → Load profile)`);

/**
 * `npm run bench:bundle` — what each dependency costs the home page, against its JavaScript budget (decision 011).
 *
 * Builds the client (vite, production mode) and reads Rollup's own output: the JavaScript the home
 * page loads up front is the entry, everything it imports statically, and the home route's chunks
 * the worker preloads on "/" (dist/client/route-preloads.json). For every module in those chunks it
 * groups the rendered code by package (node_modules/<name>, or "app: web/src/<dir>" for our code)
 * and reports each group's share of the gzipped total: each group is gzipped on its own, and the
 * figures are scaled so they add up to the real gzipped size of the chunks (gzip of parts is a
 * little more than gzip of the whole). Prints a table, sorted by cost.
 */
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { build, type Rollup } from 'vite';

const gz = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)}`;

const groupOf = (id: string) => {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (pkg) {
    const name = pkg[1]!;
    // zod ships its core and the mini API side by side: name which one
    if (name === 'zod') return `zod/${/zod\/(?:v4\/)?([^/]+)/.exec(clean)?.[1] ?? ''}`;
    return name;
  }
  const app = /web\/src\/(.+)$/.exec(clean);
  if (app) {
    const parts = app[1]!.split('/');
    return `app: ${parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0]}`;
  }
  return clean.includes('vite') || clean.includes('preload') ? 'vite runtime' : `other: ${clean.slice(-40)}`;
};

const output = (await build({ logLevel: 'warn' })) as Rollup.RollupOutput | Rollup.RollupOutput[];
const chunks = (Array.isArray(output) ? output.flatMap((o) => o.output) : output.output).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
const byName = new Map(chunks.map((c) => [c.fileName, c]));
const closure = (names: string[], seen = new Set<string>()) => {
  for (const name of names) {
    if (seen.has(name)) continue;
    seen.add(name);
    closure(byName.get(name)?.imports ?? [], seen);
  }
  return seen;
};
const entry = chunks.find((c) => c.isEntry);
if (!entry) throw new Error('no entry chunk');
const preloads = JSON.parse(readFileSync('dist/client/route-preloads.json', 'utf8')) as Record<string, { js: string[] }>;
const initial = new Set([...closure([entry.fileName]), ...(preloads['/']?.js ?? []).map((f) => f.slice(1))]);

const groups = new Map<string, { code: string; raw: number }>();
let total = 0;
const perChunk: string[] = [];
for (const name of initial) {
  const chunk = byName.get(name)!;
  const size = gz(chunk.code);
  total += size;
  perChunk.push(`${name.replace('assets/', '')} ${kb(size)} KB`);
  for (const [id, mod] of Object.entries(chunk.modules)) {
    if (!mod.code) continue;
    const g = groups.get(groupOf(id)) ?? { code: '', raw: 0 };
    g.code += mod.code;
    g.raw += mod.renderedLength;
    groups.set(groupOf(id), g);
  }
}
const parts = [...groups].map(([name, g]) => ({ name, raw: g.raw, gz: gz(g.code) }));
const partsTotal = parts.reduce((s, p) => s + p.gz, 0);
const rows = parts.map((p) => ({ ...p, share: (p.gz / partsTotal) * total })).sort((a, b) => b.share - a.share);

console.log(`home page initial JavaScript: ${initial.size} files, ${kb(total)} KB gzipped`);
console.log(`  ${perChunk.join(', ')}`);
console.log('\n| part | rendered KB (before minifying) | gzipped KB (share) |\n|---|---:|---:|');
for (const r of rows) if (r.share >= 256) console.log(`| ${r.name} | ${kb(r.raw)} | ${kb(r.share)} |`);
const small = rows.filter((r) => r.share < 256);
if (small.length) console.log(`| ${small.length} smaller parts | ${kb(small.reduce((s, r) => s + r.raw, 0))} | ${kb(small.reduce((s, r) => s + r.share, 0))} |`);

if (process.argv.includes('--modules')) {
  const mods: { id: string; gz: number }[] = [];
  for (const name of initial)
    for (const [id, mod] of Object.entries(byName.get(name)!.modules)) if (mod.code) mods.push({ id: id.replace(/^.*?(node_modules|web\/src)\//, '$1/'), gz: gz(mod.code) });
  mods.sort((a, b) => b.gz - a.gz);
  console.log('\nlargest modules (each gzipped alone):');
  for (const m of mods.slice(0, Number(process.argv[process.argv.indexOf('--modules') + 1]) || 60)) console.log(`${kb(m.gz).padStart(6)}  ${m.id}`);
}

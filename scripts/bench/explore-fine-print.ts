import { readFileSync } from 'node:fs';
import { CATALOG } from '/work/wt/phash-zero/scripts/seed/catalog';
import { printPixels, turnHashes, windowHashes, PRINT_RULES, align, fineAgreement, PRINT_WINDOWS, encodePrint, decodePrint } from '/work/wt/phash-zero/worker/lib/photo-print';
import { hammingDistance } from '/work/wt/phash-zero/worker/lib/phash';
import * as v from '/work/wt/phash-zero/tests/factories/photo-variants';
const groups = [['jobs-full-time', 'jobs-part-time'], ['jobs-freelance', 'jobs-internships', 'services-professional', 'services-personal', 'services-consulting'], ['electronics-laptops', 'jobs-remote'], ['properties-apartments', 'properties-houses', 'properties-rentals']];
const groupOf = (sub: string) => groups.findIndex((g) => g.includes(sub));
const demo: { sub: string; name: string; img: v.Rgba }[] = [];
for (const sub of Object.keys(CATALOG)) for (let n = 1; n <= 6; n++) demo.push({ sub, name: `${sub}/${n}`, img: v.decodeJpeg(new Uint8Array(readFileSync(`/tmp/sel-demo-photos-v2/${sub}-${n}.jpg`))) });
const hashed = (img: v.Rgba) => { const print = decodePrint(encodePrint(printPixels(img.data, img.width, img.height, 4)!))!; return { print, windows: windowHashes(print), turns: turnHashes(print) }; };
type H = ReturnType<typeof hashed>;
const judge = (a: H, b: H) => {
  const hints: { win: number; turn: number; d: number }[] = [];
  for (const w of a.windows) b.turns.forEach((t, turn) => { if (!t) return; const shares = [0,4,8,12].some((i) => t.slice(i,i+4) === w.hash.slice(i,i+4)); const d = hammingDistance(t, w.hash); if (shares && d <= PRINT_RULES.candidateDistance) hints.push({ win: w.win, turn, d }); });
  hints.sort((x, y) => x.d - y.d);
  let out: { g64: number; g48: number; g40: number } | null = null;
  const seen = new Set<string>();
  for (const { win, turn } of hints.slice(0, 4)) {
    if (seen.has(`${win}:${turn}`)) continue; seen.add(`${win}:${turn}`);
    const { score, crop } = align(a.print, b.print, turn, PRINT_WINDOWS[win]!);
    if (score >= PRINT_RULES.minCorrelation) {
      const r = { g64: fineAgreement(a.print, b.print, turn, crop, 64)!, g48: fineAgreement(a.print, b.print, turn, crop, 48)!, g40: fineAgreement(a.print, b.print, turn, crop, 40)! };
      out = out ? { g64: Math.max(out.g64, r.g64), g48: Math.max(out.g48, r.g48), g40: Math.max(out.g40, r.g40) } : r;
    }
  }
  return out;
};
const mode = process.argv[2];
if (mode === 'pairs') {
  const H = demo.map((d) => hashed(d.img));
  const falses: { name: string; g64: number; g48: number; g40: number }[] = [];
  let n = 0;
  for (let i = 0; i < H.length; i++) for (let j = 0; j < H.length; j++) {
    if (i === j) continue;
    const si = demo[i]!.sub, sj = demo[j]!.sub;
    if (si !== sj && (groupOf(si) < 0 || groupOf(si) !== groupOf(sj))) continue;
    n++;
    const r = judge(H[i]!, H[j]!); if (r) falses.push({ name: `${demo[j]!.name} -> ${demo[i]!.name}`, ...r });
  }
  console.log('pairs checked', n, 'coarse false', falses.length);
  for (const k of ['g64', 'g48', 'g40'] as const) console.log(k, falses.map((f) => f[k]).sort((a, b) => b - a).slice(0, 12).map((x) => x.toFixed(3)).join(' '));
  console.log(falses.sort((a, b) => b.g48 - a.g48).slice(0, 12).map((f) => `${f.name} ${f.g64.toFixed(3)} ${f.g48.toFixed(3)} ${f.g40.toFixed(3)}`).join('\n'));
} else {
  const every = Number(process.argv[3] ?? 6);
  const scaled = (img: v.Rgba, width: number) => v.resize(img, width, Math.round((width * img.height) / img.width));
  const edits: [string, (img: v.Rgba) => v.Rgba][] = [
    ['resize400', (img) => scaled(img, 400)],
    ['turn90', (img) => v.turn(img, 1)],
    ['crop10left', (img) => v.crop(img, { left: 0.1 })],
    ['crop10all', (img) => v.crop(img, { left: 0.1, right: 0.1, top: 0.1, bottom: 0.1 })],
    ['crop8lt', (img) => v.crop(img, { left: 0.08, top: 0.08 })],
    ['border3white', (img) => v.addBorder(img, 0.03, [255, 255, 255])],
    ['border10black', (img) => v.addBorder(img, 0.1, [0, 0, 0])],
    ['border15red', (img) => v.addBorder(img, 0.15, [200, 30, 40])],
    ['crop7resize', (img) => scaled(v.crop(img, { right: 0.07 }), 400)],
    ['turn+crop+resize', (img) => scaled(v.crop(v.turn(img, 1), { left: 0.08, bottom: 0.04 }), 300)],
    ['mirror+border+resize', (img) => scaled(v.addBorder(v.mirror(img), 0.08, [250, 250, 250]), 400)],
  ].filter(([w]) => !process.argv[4] || process.argv[4].split(',').includes(w as string)) as [string, (img: v.Rgba) => v.Rgba][];
  const H: H[] = [];
  for (const [what, edit] of edits) {
    const rs: { g64: number; g48: number; g40: number }[] = []; let miss = 0;
    for (let i = 0; i < demo.length; i += every) { H[i] ??= hashed(demo[i]!.img); const c = hashed(v.decodeJpeg(v.toJpeg(edit(demo[i]!.img), 60))); const r = judge(H[i]!, c); if (!r) miss++; else rs.push(r); }
    const q = (k: 'g64' | 'g48' | 'g40') => { const xs = rs.map((r) => r[k]).sort((a, b) => a - b); return `${k} ${xs.slice(0, 4).map((x) => x.toFixed(3)).join(' ')}`; };
    console.log(`${what}: caught ${rs.length} miss ${miss} | ${q('g64')} | ${q('g48')} | ${q('g40')}`);
  }
}

/**
 * Cost of hashing one uploaded photo (issue 20, docs/decisions/012): decode (jpeg-js / fast-png) +
 * 9×8 box average + dHash, in V8 (the engine workerd runs). Photos are the demo drawings scaled up
 * to typical phone sizes with sensor grain, saved at quality 85 (like a phone) — real photos decode
 * at about the same cost per pixel. Reports CPU time per photo (process.cpuUsage, not wall time,
 * so a busy machine inflates it less), median of the runs.
 *   npm run bench:phash [-- --runs 7]
 */
import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { renderImage } from '../seed/images';
import { photoHash } from '../../worker/lib/phash';
import { resize } from '../../tests/factories/photo-variants';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const base = jpeg.decode(renderImage('electronics-smartphones', 1), { useTArray: true });

const photo = (width: number, height: number) => {
  const img = resize({ width: base.width, height: base.height, data: base.data }, width, height);
  let state = 12345;
  for (let i = 0; i < img.data.length; i += 4) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const noise = ((state / 0x7fffffff) - 0.5) * 12;
    for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c]! + noise));
  }
  return img;
};

const cpuMs = (fn: () => void) => {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const cases: [string, number, number, 'jpeg' | 'png'][] = [
  ['1600×1200 JPEG (what the post form uploads, 1.9 MP)', 1600, 1200, 'jpeg'],
  ['2000×1500 JPEG (3 MP)', 2000, 1500, 'jpeg'],
  ['2300×1725 JPEG (3.97 MP, just under the cap)', 2300, 1725, 'jpeg'],
  ['2800×2100 JPEG (5.9 MP)', 2800, 2100, 'jpeg'],
  ['3264×2448 JPEG (8 MP)', 3264, 2448, 'jpeg'],
  ['4000×3000 JPEG (12 MP, straight from a phone)', 4000, 3000, 'jpeg'],
  ['1600×1200 PNG', 1600, 1200, 'png'],
];
console.log(`phash bench: ${runs} runs each, CPU ms per photo (median / min / max)`);
for (const [label, w, h, kind] of cases) {
  const img = photo(w, h);
  const bytes = kind === 'jpeg' ? new Uint8Array(jpeg.encode(img, 85).data) : encodePng({ width: w, height: h, data: img.data, channels: 4 });
  const hashed = photoHash(bytes, kind) !== null; // also warms up the JIT
  const times = Array.from({ length: runs }, () => cpuMs(() => photoHash(bytes, kind)));
  const result = hashed ? 'hashed' : 'NOT hashed (over the 4 MP cap: refused from the header)';
  console.log(`${label}: ${Math.round(bytes.length / 1024)} KB, ${result}, ${median(times).toFixed(0)} ms (${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)})`);
}

/**
 * Cost of hashing one uploaded photo (issue 20, docs/decisions/012): decode (jpeg-js / fast-png) +
 * 9×8 box average + dHash, in V8 (the engine workerd runs). Photos are the demo drawings scaled up
 * to typical phone sizes with sensor grain, saved at quality 85 (like a phone) — real photos decode
 * at about the same cost per pixel. Reports CPU time per photo (process.cpuUsage, not wall time,
 * so a busy machine inflates it less), median of the runs. WebP: libwebp's WASM decoder (the module
 * the Worker bundles, compiled here from the package's file), measured per photo after instantiation.
 *   npm run bench:phash [-- --runs 7]
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode';
import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { renderImage } from '../seed/images';
import { MAX_HASH_PIXELS, hashPhoto, photoHash } from '../../worker/lib/phash';
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

const cases: [string, number, number, 'jpeg' | 'png' | 'webp'][] = [
  ['1600×1200 JPEG (what the post form uploads, 1.9 MP)', 1600, 1200, 'jpeg'],
  ['2000×1500 JPEG (3 MP)', 2000, 1500, 'jpeg'],
  ['2300×1725 JPEG (3.97 MP, just under the cap)', 2300, 1725, 'jpeg'],
  ['2800×2100 JPEG (5.9 MP)', 2800, 2100, 'jpeg'],
  ['3264×2448 JPEG (8 MP)', 3264, 2448, 'jpeg'],
  ['4000×3000 JPEG (12 MP, straight from a phone)', 4000, 3000, 'jpeg'],
  ['1600×1200 PNG', 1600, 1200, 'png'],
  ['1600×1200 WebP (q75)', 1600, 1200, 'webp'],
  ['2300×1725 WebP (q75, just under the cap)', 2300, 1725, 'webp'],
  ['4000×3000 WebP (12 MP)', 4000, 3000, 'webp'],
];
// the same .wasm files the Worker bundles (wrangler's CompiledWasm), compiled here by Node
const require = createRequire(import.meta.url);
const wasmModule = (file: string) => new WebAssembly.Module(readFileSync(require.resolve(`@jsquash/webp/codec/${file}`)));
const webpDec = wasmModule('dec/webp_dec.wasm');
await (initWebpEncoder as (m: WebAssembly.Module) => Promise<unknown>)(wasmModule('enc/webp_enc_simd.wasm'));
const toWebp = async (img: { width: number; height: number; data: Uint8Array }) =>
  new Uint8Array(await encodeWebp({ width: img.width, height: img.height, data: new Uint8ClampedArray(img.data.buffer), colorSpace: 'srgb' } as ImageData, { quality: 75, method: img.width * img.height > MAX_HASH_PIXELS ? 0 : 4 }));
const cpuMsAsync = async (fn: () => Promise<unknown>) => {
  const start = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

console.log(`phash bench: ${runs} runs each, CPU ms per photo (median / min / max)`);
for (const [label, w, h, kind] of cases) {
  const img = photo(w, h);
  const bytes = kind === 'jpeg' ? new Uint8Array(jpeg.encode(img, 85).data) : kind === 'png' ? encodePng({ width: w, height: h, data: img.data, channels: 4 }) : await toWebp(img);
  const hashed = (await hashPhoto(bytes, kind, webpDec)) !== null; // also warms up the JIT (and instantiates the WebP decoder)
  const times: number[] = [];
  for (let r = 0; r < runs; r++) times.push(kind === 'webp' ? await cpuMsAsync(() => hashPhoto(bytes, kind, webpDec)) : cpuMs(() => photoHash(bytes, kind)));
  const result = hashed ? 'hashed' : 'NOT hashed (over the 4 MP cap: refused from the header)';
  console.log(`${label}: ${Math.round(bytes.length / 1024)} KB, ${result}, ${median(times).toFixed(0)} ms (${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)})`);
}

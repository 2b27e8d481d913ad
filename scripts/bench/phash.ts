/**
 * Cost of hashing one uploaded photo (docs/decisions/012): decode (jpeg-js / fast-png) +
 * 9×8 box average + dHash, in V8 (the engine workerd runs). Photos are the demo drawings scaled up
 * to typical phone sizes with sensor grain, saved at quality 85 (like a phone) — real photos decode
 * at about the same cost per pixel. Reports CPU time per photo (process.cpuUsage, not wall time,
 * so a busy machine inflates it less), median of the runs. WebP: libwebp's WASM decoder (the module
 * the Worker bundles, compiled here from the package's file), measured per photo after instantiation.
 * Over 4 MP: the Images binding scales the photo down to 512 px and the Worker decodes that PNG. Here
 * the binding is sharp, called the way miniflare's local Images binding calls it; what the Worker
 * pays (decoding the small PNG + dHash, CPU) is reported apart from the resize itself (wall time,
 * done by Cloudflare Images when deployed, not on the Worker's CPU).
 *   npm run bench:phash [-- --runs 7]
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode';
import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import sharp from 'sharp';
import { renderImage } from '../seed/images';
import { MAX_HASH_PIXELS, hammingDistance, hashPhoto, photoHash } from '../../worker/lib/phash';
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
  ['8000×6000 JPEG (48 MP, near the 50 MP cap; with grain over 5 MB, a worst case)', 8000, 6000, 'jpeg'],
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

/** The Images binding as miniflare's local one runs it (sharp, auto-orient, `fit: scale-down` = inside without enlarging). */
const localImages = {
  input: (stream: ReadableStream<Uint8Array>) => ({
    transform: (t: { width?: number; height?: number }) => ({
      output: async (o: { format: string }) => {
        if (o.format !== 'image/png') throw new Error('the bench stand-in only makes PNG');
        const source = Buffer.from(await new Response(stream).arrayBuffer());
        const png = await sharp(source, { autoOrient: true }).resize(t.width ?? null, t.height ?? null, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
        return { response: () => new Response(new Uint8Array(png)), contentType: () => 'image/png' };
      },
    }),
  }),
} as unknown as ImagesBinding;
/** The binding's half of the work alone: the 512 px PNG the Worker gets back. */
const sampleOf = async (bytes: Uint8Array) => {
  const copy = await localImages.input(new Blob([bytes.slice()]).stream()).transform({ width: 512, height: 512, fit: 'scale-down' }).output({ format: 'image/png' });
  return new Uint8Array(await copy.response().arrayBuffer());
};

console.log(`phash bench: ${runs} runs each, CPU ms per photo (median / min / max)`);
const copy1600 = photoHash(new Uint8Array(jpeg.encode(photo(1600, 1200), 85).data), 'jpeg')!;
for (const [label, w, h, kind] of cases) {
  const img = photo(w, h);
  const bytes = kind === 'jpeg' ? new Uint8Array(jpeg.encode(img, 85).data) : kind === 'png' ? encodePng({ width: w, height: h, data: img.data, channels: 4 }) : await toWebp(img);
  const tools = { webpWasm: webpDec, images: localImages };
  const first = await hashPhoto(bytes, kind, tools); // also warms up the JIT (and instantiates the WebP decoder)
  const size = `${Math.round(bytes.length / 1024)} KB`;
  if (!first.checked || !first.hash) {
    console.log(`${label}: ${size}, NOT hashed (${JSON.stringify(first)})`);
    continue;
  }
  const distance = `${hammingDistance(first.hash, copy1600)} bits from its 1600×1200 copy`;
  if (first.via === 'worker') {
    const times: number[] = [];
    for (let r = 0; r < runs; r++) times.push(kind === 'webp' ? await cpuMsAsync(() => hashPhoto(bytes, kind, tools)) : cpuMs(() => photoHash(bytes, kind)));
    console.log(`${label}: ${size}, decoded in the Worker, ${distance}, ${median(times).toFixed(0)} ms (${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)})`);
    continue;
  }
  const worker: number[] = [];
  const resize: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    const png = await sampleOf(bytes);
    resize.push(performance.now() - start);
    worker.push(cpuMs(() => photoHash(png, 'png')));
  }
  console.log(
    `${label}: ${size}, via the Images binding, ${distance}: in the Worker ${median(worker).toFixed(1)} ms CPU (${Math.min(...worker).toFixed(1)}–${Math.max(...worker).toFixed(1)}); ` +
      `the resize (sharp standing in for Cloudflare Images, wall) ${median(resize).toFixed(0)} ms (${Math.min(...resize).toFixed(0)}–${Math.max(...resize).toFixed(0)})`,
  );
}

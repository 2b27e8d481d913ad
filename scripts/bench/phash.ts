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
const base = jpeg.decode(await renderImage('electronics-smartphones', 1), { useTArray: true });

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
for (const [label, w, h, kind] of process.argv.includes('--edits-only') ? [] : cases) {
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

// ------------------------------------------------------------------ edited copies (decision 012, "Mirrors, turns, crops and borders")
//   npm run bench:phash [-- --demo 6 --every 3 --no-pairs]: false matches between distinct demo photos (drawn the way the seed draws them,
//   --demo per subcategory), and per edit kind how many copies of every --every'th photo the plain hash and the print catch.
//   --same-drawing: the same with the demo photos of drawing version 2 (one drawing per subcategory, re-staged with a small
//   jitter: its "distinct" pictures are in effect crops of one picture), kept to show how the check scores those.
{
  const perSub = Number(process.argv[process.argv.indexOf('--demo') + 1]) || 6;
  const every = Number(process.argv[process.argv.indexOf('--every') + 1]) || 3;
  const sameDrawing = process.argv.includes('--same-drawing');
  const { CATALOG } = await import('../seed/catalog');
  const { printPixels, printMatch, turnHashes, windowHashes } = await import('../../worker/lib/photo-print');
  const { dhashPixels, MATCH_DISTANCE } = await import('../../worker/lib/phash');
  const v = await import('../../tests/factories/photo-variants');

  const decoded = jpeg.decode(new Uint8Array(jpeg.encode(photo(1600, 1200), 85).data), { useTArray: true, formatAsRGBA: false });
  const time = (fn: () => void) => {
    const xs: number[] = [];
    for (let r = 0; r < runs; r++) xs.push(cpuMs(fn));
    return `${median(xs).toFixed(1)} ms (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`;
  };
  console.log(`\nper 1600×1200 photo, on its decoded pixels: plain dHash ${time(() => dhashPixels(decoded.data, 1600, 1200, 3))}; print ${time(() => printPixels(decoded.data, 1600, 1200, 3))}`);

  // drawn photos are cached as JPEG files under the OS tmp dir, per drawing version: reruns skip the drawing
  const { existsSync, mkdirSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { IMAGE_VERSION } = await import('../seed/images');
  const { drawSameDrawingPhoto } = await import('../seed/demo-photo');
  const cacheDir = join(tmpdir(), `sel-phash-bench-v${sameDrawing ? '2' : IMAGE_VERSION}`);
  mkdirSync(cacheDir, { recursive: true });
  const drawn = async (sub: string, n: number) => {
    const file = join(cacheDir, `${sub}-${n}.jpg`);
    if (existsSync(file)) return new Uint8Array(readFileSync(file));
    // version 2 saved its pictures with jpeg-js at quality 70
    const bytes = sameDrawing ? drawSameDrawingPhoto(sub, n).toJpeg(70) : await renderImage(sub, n);
    writeFileSync(file, bytes);
    return bytes;
  };
  const started = performance.now();
  const demo: { name: string; img: ReturnType<typeof v.decodeJpeg> }[] = [];
  for (const sub of Object.keys(CATALOG)) for (let n = 1; n <= perSub; n++) demo.push({ name: `${sub}/${n}`, img: v.decodeJpeg(await drawn(sub, n)) });
  console.log(`demo photos${sameDrawing ? ' of drawing version 2 (one drawing per subcategory, jittered)' : ` of drawing version ${IMAGE_VERSION}`}: ${demo.length} (${Object.keys(CATALOG).length} subcategories × ${perSub}, 800×600 as the seed draws them, cached in ${cacheDir}; ${((performance.now() - started) / 1000).toFixed(0)} s to draw or read)`);
  type Hashed = { hash: string; print: NonNullable<ReturnType<typeof printPixels>>; windows: { win: number; hash: string }[]; turns: (string | null)[] };
  const hashedOf = (img: { width: number; height: number; data: Uint8Array }): Hashed => {
    const print = printPixels(img.data, img.width, img.height, 4)!;
    return { hash: dhashPixels(img.data, img.width, img.height, 4), print, windows: windowHashes(print), turns: turnHashes(print) };
  };
  const { PRINT_RULES } = await import('../../worker/lib/photo-print');
  /** the lookup's rule: a window hash sharing a 16-bit band with a turn, within candidateDistance, then verified */
  const printCaught = (stored: Hashed, copy: Hashed) => {
    const hints: { win: number; turn: number; d: number }[] = [];
    for (const w of stored.windows) {
      copy.turns.forEach((t, turn) => {
        if (!t) return;
        const shares = [0, 4, 8, 12].some((i) => t.slice(i, i + 4) === w.hash.slice(i, i + 4));
        const d = hammingDistance(t, w.hash);
        if (shares && d <= PRINT_RULES.candidateDistance) hints.push({ win: w.win, turn, d });
      });
    }
    if (!hints.length) return false;
    return printMatch(stored.print, copy.print, hints.sort((a, b) => a.d - b.d)) !== null;
  };
  const hashes = demo.map((d) => hashedOf(d.img));
  // index cost: framings per photo (decision 012, "three framings") and the window rows they store
  const framings = [1, 2, 3].map((n) => hashes.filter((h) => h.print.frames.length === n).length);
  console.log(`framings per demo photo: 1 → ${framings[0]}, 2 → ${framings[1]}, 3 → ${framings[2]}; window rows ${(hashes.reduce((a, h) => a + h.windows.length, 0) / hashes.length).toFixed(1)} per photo`);
  let plainFalse = 0;
  let printFalse = 0;
  const falseOnes: string[] = [];
  //   --no-pairs: recall only (the pair scan is most of the run's time)
  for (let i = 0; i < (process.argv.includes('--no-pairs') ? 0 : hashes.length); i++) {
    for (let j = 0; j < hashes.length; j++) {
      if (i === j) continue;
      if (j > i && hammingDistance(hashes[i]!.hash, hashes[j]!.hash) <= MATCH_DISTANCE) plainFalse++;
      if (printCaught(hashes[i]!, hashes[j]!)) {
        printFalse++;
        if (falseOnes.length < 8) falseOnes.push(`${demo[j]!.name} → ${demo[i]!.name}`);
      }
    }
  }
  const pairs = (hashes.length * (hashes.length - 1)) / 2;
  if (!process.argv.includes('--no-pairs')) console.log(`false matches among ${pairs} pairs of distinct demo photos: plain hash ≤ ${MATCH_DISTANCE}: ${plainFalse}; print rule (either way round): ${printFalse}${falseOnes.length ? ` (e.g. ${falseOnes.join(', ')})` : ''}`);

  const scaled = (img: Rgba, width: number) => resize(img, width, Math.round((width * img.height) / img.width));
  type Rgba = { width: number; height: number; data: Uint8Array };
  const edits: [string, (img: Rgba) => Rgba][] = [
    ['resized to 400 px, quality 60', (img) => scaled(img, 400)],
    ['mirrored left–right', v.mirror],
    ['mirrored top–bottom', v.flipVertical],
    ['turned 90°', (img) => v.turn(img, 1)],
    ['turned 180°', (img) => v.turn(img, 2)],
    ['turned 270°', (img) => v.turn(img, 3)],
    ...(['left', 'top', 'right', 'bottom'] as const).flatMap((side) => [0.05, 0.1].map((f): [string, (img: Rgba) => Rgba] => [`cropped ${f * 100}% off the ${side}`, (img) => v.crop(img, { [side]: f })])),
    ['cropped 5% all round', (img) => v.crop(img, { left: 0.05, right: 0.05, top: 0.05, bottom: 0.05 })],
    ['cropped 10% all round', (img) => v.crop(img, { left: 0.1, right: 0.1, top: 0.1, bottom: 0.1 })],
    ['cropped 8% off left and top', (img) => v.crop(img, { left: 0.08, top: 0.08 })],
    ['border 3% white', (img) => v.addBorder(img, 0.03, [255, 255, 255])],
    ['border 10% black', (img) => v.addBorder(img, 0.1, [0, 0, 0])],
    ['border 15% red', (img) => v.addBorder(img, 0.15, [200, 30, 40])],
    ['cropped 7% + resized to 400 px', (img) => scaled(v.crop(img, { right: 0.07 }), 400)],
    ['turned 90° + cropped 8% + resized', (img) => scaled(v.crop(v.turn(img, 1), { left: 0.08, bottom: 0.04 }), 300)],
    ['mirrored + border 8% + resized', (img) => scaled(v.addBorder(v.mirror(img), 0.08, [250, 250, 250]), 400)],
  ];
  console.log(`\nrecall on edits of every ${every}th demo photo (saved as JPEG quality 60):`);
  console.log('| edit | plain hash ≤ 6 | print rule |');
  console.log('|---|---|---|');
  for (const [what, edit] of edits) {
    let plain = 0;
    let print = 0;
    let n = 0;
    for (let i = 0; i < demo.length; i += every) {
      const copy = v.decodeJpeg(v.toJpeg(edit(demo[i]!.img), 60));
      const h = hashedOf(copy);
      n++;
      if (hammingDistance(h.hash, hashes[i]!.hash) <= MATCH_DISTANCE) plain++;
      if (printCaught(hashes[i]!, h)) print++;
    }
    console.log(`| ${what} | ${plain}/${n} | ${print}/${n} |`);
  }
}

/**
 * Perceptual hash of a photo (docs/decisions/012): a 64-bit difference hash (dHash) of the
 * decoded pixels, so the same photo at another size or JPEG quality, or lightly cropped, gets a
 * hash a few bits away, and a copied ad photo can be found by Hamming distance.
 *
 * Photos up to 4 MP are decoded in the Worker: JPEG and PNG with pure-JS decoders (jpeg-js, fast-png),
 * WebP with libwebp compiled to WASM (@jsquash/webp's decoder, its module bundled with the Worker and
 * handed in by the caller, see webp-wasm.ts). Bigger photos (a phone's 12 MP straight to the API), and
 * any the Worker's decoders cannot read, are first scaled down by the Cloudflare Images binding and
 * the small copy is hashed the same way (hashPhoto).
 */
import decodeWebp, { init as initWebp } from '@jsquash/webp/decode';
import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { jpegDecodableHere, pngInflatesWithinBudget } from './decode-budget';
import { jpegOrientation, sniffImage, type ImageKind } from './images';
import { printPixels, type PhotoPrint } from './photo-print';

/** Photos within this Hamming distance are "the same photo" (decision 012). */
export const MATCH_DISTANCE = 6;

/**
 * The near-neighbour index: the 64 bits in 4 bands of 16. Two hashes within distance 6 differ in
 * at most 6 bits spread over 4 bands, so (pigeonhole) at least one band differs in at most 1 bit:
 * looking up each band's value and its 16 one-bit neighbours (4 × 17 = 68 keys) finds every match.
 */
export const BANDS = 4;

/**
 * Larger photos are not decoded in the Worker: jpeg-js counts ~14 bytes per pixel while decoding
 * (component planes, then RGB twice) and refuses past its 80 MB budget (a 5.9 MP photo was decoded
 * and then refused), so 4 MP is the cap, checked from the frame header before decoding. The post
 * form sends 1600 px photos (1.9 MP); a bigger upload straight to the API is hashed from a copy
 * scaled down by the Images binding (HASH_SAMPLE_SIDE).
 */
export const MAX_HASH_PIXELS = 4_000_000;

/**
 * The longest side of the copy the Images binding makes of a photo too big to decode here. dHash
 * only needs 9×8 cell means; at 512 px each cell still averages ~2,400 pixels, so the hash is the
 * one the full photo or a 1600 px copy of it gives (within a bit or two), and the lossless PNG the
 * binding returns is ~0.1–0.5 MB and decodes in a few ms.
 */
export const HASH_SAMPLE_SIDE = 512;

/**
 * A hash with at most this many bits set (or unset) says "brightness falls (or rises) left to right
 * almost everywhere": a blank, gradient or heavily vignetted picture. Such hashes collide across
 * unrelated photos, so they are not stored (no false holds for plain pictures).
 */
export const FLAT_HASH_BITS = 12;

const W = 9;
const H = 8;

/**
 * dHash from greyscale-able pixels: box-average into 9×8 cells, then one bit per horizontal
 * neighbour pair (left brighter than right). `channels` bytes per pixel; grey from the first three
 * (or the only one). `orientation` (EXIF, 1–8) hashes the photo as it is shown, not as stored, so a
 * sideways-stored phone photo matches an upright copy of it.
 */
export const dhashPixels = (data: ArrayLike<number>, width: number, height: number, channels: number, orientation = 1): string => {
  const sum = new Float64Array(W * H);
  const count = new Uint32Array(W * H);
  // cell of stored pixel (x, y) = byX[x] + byY[y]: for 1–4 x picks the shown column and y the row;
  // for 5–8 (turned a quarter) x picks the shown row and y the column
  const turned = orientation >= 5;
  const shownWidth = turned ? height : width;
  const shownHeight = turned ? width : height;
  const col = (shownX: number) => Math.min(W - 1, Math.floor((shownX * W) / shownWidth));
  const row = (shownY: number) => Math.min(H - 1, Math.floor((shownY * H) / shownHeight)) * W;
  const flipX = turned ? orientation === 7 || orientation === 8 : orientation === 2 || orientation === 3;
  const flipY = turned ? orientation === 6 || orientation === 7 : orientation === 3 || orientation === 4;
  const byX = new Uint8Array(width);
  for (let x = 0; x < width; x++) {
    const at = flipX ? width - 1 - x : x;
    byX[x] = turned ? row(at) : col(at);
  }
  const byY = new Uint8Array(height);
  for (let y = 0; y < height; y++) {
    const at = flipY ? height - 1 - y : y;
    byY[y] = turned ? col(at) : row(at);
  }
  for (let y = 0; y < height; y++) {
    const base = byY[y]!;
    let i = y * width * channels;
    for (let x = 0; x < width; x++, i += channels) {
      const grey = channels >= 3 ? 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]! : data[i]!;
      const cell = base + byX[x]!;
      sum[cell]! += grey;
      count[cell]!++;
    }
  }
  const mean = (cell: number) => sum[cell]! / Math.max(1, count[cell]!);
  let hi = 0;
  let lo = 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W - 1; x++) {
      const bit = mean(y * W + x) > mean(y * W + x + 1) ? 1 : 0;
      const n = y * (W - 1) + x; // 0..63
      if (n < 32) hi = (hi << 1) | bit;
      else lo = (lo << 1) | bit;
    }
  }
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
};

/** null for flat hashes (see FLAT_HASH_BITS). */
const notFlat = (hash: string | null) => {
  if (!hash) return null;
  const ones = hammingDistance(hash, '0000000000000000');
  return ones <= FLAT_HASH_BITS || ones >= 64 - FLAT_HASH_BITS ? null : hash;
};

/**
 * What hashing decoded pixels gives: the plain dHash (media.phash, the index every stored photo
 * has) and the print that catches mirrored, turned, cropped and bordered copies (photo-print.ts).
 */
export interface Hashed {
  hash: string;
  print: PhotoPrint | null;
}

const hashed = (data: ArrayLike<number>, width: number, height: number, channels: number, orientation = 1): Hashed => ({
  hash: dhashPixels(data, width, height, channels, orientation),
  print: printPixels(data, width, height, channels, orientation),
});

/** A flat picture has neither (FLAT_HASH_BITS): it is stored unchecked on purpose. */
const notFlatHashed = (h: Hashed | null): Hashed | null => (h && notFlat(h.hash) ? h : null);

/**
 * The hash of a JPEG or PNG file's bytes (synchronous, pure JS), or null when it cannot be decoded
 * here (WebP: use hashPhoto; too large, damaged) or is flat.
 */
export const photoHash = (bytes: Uint8Array, kind: ImageKind): string | null => notFlat(decodedHash(bytes, kind)?.hash ?? null);

/** photoHash with the photo's print (null for a flat picture or one that cannot be decoded here). */
export const photoHashed = (bytes: Uint8Array, kind: ImageKind): Hashed | null => notFlatHashed(decodedHash(bytes, kind));

let webpReady: { wasm: WebAssembly.Module; ready: Promise<void> } | null = null;

/**
 * The hash of a WebP file's bytes, decoded by libwebp (WASM). The module is instantiated once per
 * isolate from `wasm` (never fetched). Dimensions come from the VP8/VP8L/VP8X header first: over
 * MAX_HASH_PIXELS nothing is decoded. Null when too large, damaged or flat; never throws.
 */
export const webpPhotoHash = async (bytes: Uint8Array, wasm: WebAssembly.Module): Promise<string | null> => notFlat((await webpDecodedHash(bytes, wasm))?.hash ?? null);

const webpDecodedHash = async (bytes: Uint8Array, wasm: WebAssembly.Module): Promise<Hashed | null> => {
  try {
    const header = sniffImage(bytes);
    if (header?.kind !== 'webp' || !header.width || !header.height || header.width * header.height > MAX_HASH_PIXELS) return null;
    if (webpReady?.wasm !== wasm) webpReady = { wasm, ready: initWebp(wasm) };
    await webpReady.ready;
    const copy = bytes.slice().buffer; // the decoder takes an ArrayBuffer of exactly the file
    const img = await decodeWebp(copy);
    if (img.width * img.height > MAX_HASH_PIXELS) return null;
    return hashed(img.data, img.width, img.height, 4);
  } catch {
    return null;
  }
};

/**
 * The hash of a copy of the photo scaled down to HASH_SAMPLE_SIDE by the Images binding (lossless
 * PNG, decoded here). The Worker only holds the file and the small copy, so a 5 MB, 50 MP photo
 * costs a few MB, never a full decode. Null when the copy cannot be decoded; throws what the
 * binding throws (the photo is not an image it can read, or the service failed).
 */
export const downscaledHash = async (bytes: Uint8Array, images: ImagesBinding): Promise<string | null> => (await downscaledHashed(bytes, images))?.hash ?? null;

/** downscaledHash with the photo's print. */
export const downscaledHashed = async (bytes: Uint8Array, images: ImagesBinding): Promise<Hashed | null> => {
  const input = new Blob([bytes.slice()]).stream();
  const copy = await images.input(input).transform({ width: HASH_SAMPLE_SIDE, height: HASH_SAMPLE_SIDE, fit: 'scale-down' }).output({ format: 'image/png' });
  const png = new Uint8Array(await copy.response().arrayBuffer());
  return decodedHash(png, 'png');
};

/**
 * What hashing an upload found. Checked: its hash, or null for a flat picture (FLAT_HASH_BITS, left
 * out on purpose), and which decoder read it. Not checked: neither the Worker's decoders nor the
 * Images binding could read it (`overCap`: it is over MAX_HASH_PIXELS) — the caller refuses such a
 * photo, because one stored without a hash would escape the duplicate check.
 */
export type PhotoHashOutcome =
  | { checked: true; hash: string | null; print: PhotoPrint | null; via: 'worker' | 'images' }
  | { checked: false; overCap: boolean; reason: 'NO_IMAGES_BINDING' | 'IMAGES_FAILED' };

/**
 * Any upload's hash: up to 4 MP decoded in the Worker (JPEG/PNG in pure JS, WebP with the WASM
 * decoder `webpWasm`); bigger photos, or ones those decoders cannot read, from the Images binding's
 * scaled-down copy (`images`; without it they are not checked).
 */
export const hashPhoto = async (bytes: Uint8Array, kind: ImageKind, tools: { webpWasm: WebAssembly.Module; images?: ImagesBinding }): Promise<PhotoHashOutcome> => {
  const header = sniffImage(bytes);
  const overCap = !!header?.width && !!header.height && header.width * header.height > MAX_HASH_PIXELS;
  if (!overCap) {
    const local = kind === 'webp' ? await webpDecodedHash(bytes, tools.webpWasm) : decodedHash(bytes, kind);
    if (local) return { checked: true, ...flatOrNot(local), via: 'worker' };
  }
  if (!tools.images) return { checked: false, overCap, reason: 'NO_IMAGES_BINDING' };
  try {
    const sampled = await downscaledHashed(bytes, tools.images);
    if (sampled) return { checked: true, ...flatOrNot(sampled), via: 'images' };
  } catch (err) {
    console.warn('phash: the Images binding could not scale the photo down:', err instanceof Error ? err.message : String(err));
  }
  return { checked: false, overCap, reason: 'IMAGES_FAILED' };
};

const flatOrNot = (h: Hashed) => (notFlatHashed(h) ? h : { hash: null, print: null });

const decodedHash = (bytes: Uint8Array, kind: ImageKind): Hashed | null => {
  try {
    if (kind === 'jpeg') {
      // too many passes or tables for the Worker to decode: the Images binding's copy is hashed instead
      if (!jpegDecodableHere(bytes)) return null;
      const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: MAX_HASH_PIXELS / 1e6, maxMemoryUsageInMB: 80 });
      return hashed(img.data, img.width, img.height, 3, jpegOrientation(bytes));
    }
    if (kind === 'png') {
      // a zlib bomb (image data or ICC profile inflating past its declared size) is never inflated here
      if (!pngInflatesWithinBudget(bytes)) return null;
      const img = decodePng(bytes);
      if (img.width * img.height > MAX_HASH_PIXELS) return null;
      const data = img.depth === 16 ? Uint8Array.from(img.data, (v) => v >> 8) : img.data;
      if (img.palette) {
        const rgb = new Uint8Array(img.width * img.height * 3);
        for (let p = 0; p < img.width * img.height; p++) {
          const colour = img.palette[data[p]!] ?? [0, 0, 0];
          rgb[p * 3] = colour[0]!;
          rgb[p * 3 + 1] = colour[1]!;
          rgb[p * 3 + 2] = colour[2]!;
        }
        return hashed(rgb, img.width, img.height, 3);
      }
      if (img.depth !== 8 && img.depth !== 16) return null; // 1/2/4-bit grey: too rare to bother
      return hashed(data, img.width, img.height, img.channels);
    }
    return null;
  } catch {
    // a photo we cannot decode is still a photo: it is stored, only without a hash
    return null;
  }
};

const popcount32 = (v: number) => {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/** Bits that differ between two 16-hex-digit hashes. */
export const hammingDistance = (a: string, b: string) =>
  popcount32(Number.parseInt(a.slice(0, 8), 16) ^ Number.parseInt(b.slice(0, 8), 16)) +
  popcount32(Number.parseInt(a.slice(8, 16), 16) ^ Number.parseInt(b.slice(8, 16), 16));

/** The 4 band values (16 bits each) stored in media.phash_b0..b3. */
export const hashBands = (hash: string): number[] => Array.from({ length: BANDS }, (_, i) => Number.parseInt(hash.slice(i * 4, i * 4 + 4), 16));

/** Per band, the values a match within MATCH_DISTANCE may have there (its own and its 16 one-bit neighbours). */
export const bandProbes = (hash: string): number[][] =>
  hashBands(hash).map((v) => [v, ...Array.from({ length: 16 }, (_, bit) => v ^ (1 << bit))]);

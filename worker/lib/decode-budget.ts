/**
 * How much work decoding a photo would be, read from its structure before anything decodes it
 * (decision 012, "Decode budget"). A small file can ask for a lot: a JPEG with thousands of
 * progressive scans makes the decoder walk the whole picture once per scan, a PNG's image data can
 * inflate a thousandfold. The Worker runs one request's JavaScript at a time, so one such photo would
 * stall every other request of the isolate while it decodes.
 */
import { Unzlib } from 'fflate';
import {
  MAX_ICC_PROFILE_BYTES,
  MAX_JPEG_HUFFMAN_TABLES,
  MAX_JPEG_QUANT_TABLES,
  MAX_JPEG_SCANS,
  MAX_WORKER_JPEG_BLOCK_SCANS,
  PNG_INFLATE_SLACK,
} from '../schemas/photo-safety-data';

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);

export interface JpegComponent {
  id: number;
  h: number;
  v: number;
}

export interface JpegStructure {
  /** SOFn marker of the (first) frame: C0 baseline, C1 extended, C2 progressive, others exotic */
  sof: number | null;
  frames: number;
  precision: number;
  width: number;
  height: number;
  components: JpegComponent[];
  scans: number;
  huffmanTables: number;
  quantTables: number;
  /** hierarchical-mode markers (DHP, EXP) seen */
  hierarchical: boolean;
  /** the decoding work: per scan, the 8×8 blocks of the components it carries, summed */
  blockScans: number;
  /** the walk ended at EOI (false: cut short or malformed) */
  complete: boolean;
}

/**
 * Walks a JPEG's markers (skipping entropy-coded data with a native byte search), counting scans and
 * tables and adding up each scan's blocks. Linear in the file size, no decoding.
 */
export const jpegStructure = (b: Uint8Array): JpegStructure => {
  const s: JpegStructure = { sof: null, frames: 0, precision: 0, width: 0, height: 0, components: [], scans: 0, huffmanTables: 0, quantTables: 0, hierarchical: false, blockScans: 0, complete: false };
  let hMax = 1;
  let vMax = 1;
  const blocksOf = (c: JpegComponent) =>
    Math.ceil(Math.ceil((s.width * c.h) / hMax) / 8) * Math.ceil(Math.ceil((s.height * c.v) / vMax) / 8);
  let i = 2;
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) {
      // inside entropy-coded data: the next marker is an 0xFF not followed by 0x00 (stuffing) or RSTn
      const next = b.indexOf(0xff, i);
      if (next < 0) break;
      i = next;
      continue;
    }
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xd8) {
      i += 2;
      continue;
    }
    if (marker === 0xd9) {
      s.complete = true;
      break;
    }
    if (i + 4 > b.length) break;
    const len = u16be(b, i + 2);
    if (len < 2) break;
    const body = i + 4;
    const end = i + 2 + len;
    if (end > b.length) break;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      s.frames++;
      if (s.frames === 1 && len >= 8) {
        s.sof = marker;
        s.precision = b[body]!;
        s.height = u16be(b, body + 1);
        s.width = u16be(b, body + 3);
        const count = b[body + 5]!;
        for (let c = 0; c < count && body + 6 + c * 3 + 2 < end; c++) {
          const at = body + 6 + c * 3;
          s.components.push({ id: b[at]!, h: b[at + 1]! >> 4, v: b[at + 1]! & 15 });
        }
        hMax = Math.max(1, ...s.components.map((c) => c.h));
        vMax = Math.max(1, ...s.components.map((c) => c.v));
      }
    } else if (marker === 0xc4) {
      // each table: class/id byte, 16 counts, then that many symbols
      for (let t = body; t + 17 <= end; ) {
        let symbols = 0;
        for (let k = 1; k <= 16; k++) symbols += b[t + k]!;
        s.huffmanTables++;
        t += 17 + symbols;
      }
    } else if (marker === 0xdb) {
      for (let t = body; t < end; t += 1 + (b[t]! >> 4 ? 128 : 64)) s.quantTables++;
    } else if (marker === 0xde || marker === 0xdf) {
      s.hierarchical = true;
    } else if (marker === 0xda) {
      s.scans++;
      const count = b[body] ?? 0;
      for (let c = 0; c < count; c++) {
        const component = s.components.find((x) => x.id === b[body + 1 + c * 2]);
        if (component) s.blockScans += blocksOf(component);
      }
    }
    i = end;
  }
  return s;
};

/** Why a JPEG is refused before decoding; null when nothing is wrong with its structure. */
export type JpegRefusal =
  | { code: 'JPEG_TOO_MANY_SCANS'; scans: number }
  | { code: 'UNUSUAL_JPEG'; what: string };

const EXOTIC_SOF: Record<number, string> = {
  0xc3: 'lossless JPEG',
  0xc5: 'hierarchical JPEG',
  0xc6: 'hierarchical JPEG',
  0xc7: 'hierarchical lossless JPEG',
  0xc9: 'arithmetic coding',
  0xca: 'arithmetic coding',
  0xcb: 'lossless arithmetic coding',
  0xcd: 'hierarchical arithmetic coding',
  0xce: 'hierarchical arithmetic coding',
  0xcf: 'hierarchical lossless arithmetic coding',
};

/**
 * JPEGs no camera or common app writes, which browsers cannot show or which make decoding cost far
 * more than the picture: too many scans, arithmetic / lossless / hierarchical coding, 12-bit samples,
 * several frames, other than 1, 3 or 4 components, sampling factors outside 1–4, thousands of tables.
 * A missing frame header is not judged here (the size check refuses it).
 */
export const jpegRefusal = (s: JpegStructure): JpegRefusal | null => {
  if (s.scans > MAX_JPEG_SCANS) return { code: 'JPEG_TOO_MANY_SCANS', scans: s.scans };
  if (s.sof === null) return null;
  const exotic = EXOTIC_SOF[s.sof];
  if (exotic) return { code: 'UNUSUAL_JPEG', what: exotic };
  if (s.hierarchical || s.frames > 1) return { code: 'UNUSUAL_JPEG', what: 'several frames' };
  if (s.precision !== 8) return { code: 'UNUSUAL_JPEG', what: `${s.precision}-bit samples` };
  if (![1, 3, 4].includes(s.components.length)) return { code: 'UNUSUAL_JPEG', what: `${s.components.length} colour components` };
  if (s.components.some((c) => c.h < 1 || c.h > 4 || c.v < 1 || c.v > 4)) return { code: 'UNUSUAL_JPEG', what: 'unusual colour sampling' };
  if (s.huffmanTables > MAX_JPEG_HUFFMAN_TABLES || s.quantTables > MAX_JPEG_QUANT_TABLES) return { code: 'UNUSUAL_JPEG', what: 'too many coding tables' };
  return null;
};

/** Whether the Worker may decode this JPEG itself: its structure is fine and its decoding work within budget. */
export const jpegDecodableHere = (b: Uint8Array) => {
  const s = jpegStructure(b);
  return jpegRefusal(s) === null && s.blockScans <= MAX_WORKER_JPEG_BLOCK_SCANS;
};

/** Inflates `data` in small pieces, giving up as soon as the output passes `limit` bytes. */
const inflatesWithin = (pieces: Uint8Array[], limit: number) => {
  let total = 0;
  let over = false;
  const inflater = new Unzlib((chunk) => {
    total += chunk.length;
    if (total > limit) over = true;
  });
  try {
    for (const piece of pieces) {
      // 16 KB of deflate inflates to at most ~16.5 MB: the check runs before the next piece
      for (let at = 0; at < piece.length && !over; at += 16_384) inflater.push(piece.subarray(at, Math.min(piece.length, at + 16_384)), false);
      if (over) return false;
    }
    inflater.push(new Uint8Array(0), true);
  } catch {
    return false; // not valid zlib data: the decoder would fail on it too
  }
  return !over;
};

/** Channels per pixel of each PNG colour type (grey, RGB, palette, grey+alpha, RGBA). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Whether a PNG's zlib streams inflate to no more than they should: the image data to its declared
 * rows (plus filter bytes, and Adam7's extra rows), the ICC profile to MAX_ICC_PROFILE_BYTES. Costs
 * one inflate, stopped early for a bomb.
 */
export const pngInflatesWithinBudget = (b: Uint8Array) => {
  let i = 8;
  let rawLimit = 0;
  const idat: Uint8Array[] = [];
  while (i + 12 <= b.length) {
    const length = u32be(b, i);
    const type = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
    const data = b.subarray(i + 8, i + 8 + length);
    if (type === 'IHDR') {
      const width = u32be(b, i + 8);
      const height = u32be(b, i + 12);
      const bits = (PNG_CHANNELS[b[i + 17]!] ?? 4) * Math.min(16, b[i + 16]!);
      rawLimit = height * (1 + Math.ceil((width * bits) / 8)) + (b[i + 20] === 1 ? 7 * (height + 8) * 2 : 0) + PNG_INFLATE_SLACK;
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'iCCP') {
      const nul = data.indexOf(0);
      if (nul < 0 || !inflatesWithin([data.subarray(nul + 2)], MAX_ICC_PROFILE_BYTES)) return false;
    } else if (type === 'IEND') {
      break;
    }
    i += 12 + length;
  }
  return rawLimit > 0 && idat.length > 0 && inflatesWithin(idat, rawLimit);
};

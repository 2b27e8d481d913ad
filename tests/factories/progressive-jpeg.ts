/**
 * A valid progressive JPEG with as many scans (passes) as asked for, written from pixels in pure JS
 * (runs in workerd and in Node), for the hostile-upload tests and the bench. Real encoders write
 * about 10 scans (libjpeg's default script) or a few more (mozjpeg); a crafted file with thousands
 * of scans makes a decoder walk every block of the picture once per scan.
 *
 * How: the picture itself goes into a DC scan and one AC scan per component covering the first
 * `contentCoefficients` zigzag coefficients. Every further scan is a legal but empty pass over a
 * coefficient band the picture leaves at zero: a first pass at successive approximation 13, then
 * refinement passes bit by bit down to 0 (the spec's sequence), each one an end-of-band run over all
 * blocks. Any prefix of that sequence is a valid file, so any count from 4 up to ~2,300 can be made.
 * Components are YCbCr without subsampling; all Huffman codes are fixed length (valid, not optimal).
 */
import type { Rgba } from './photo-variants';

/** natural (row-major) index of each zigzag position */
const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29,
  22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

const QUANT = 10;
/** the highest successive-approximation bit a pass may start at (libjpeg accepts up to 13) */
const TOP_BIT = 13;

class BitWriter {
  private acc = 0;
  private n = 0;
  constructor(private readonly bytes: number[]) {}
  bits(value: number, count: number) {
    for (let i = count - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >> i) & 1);
      if (++this.n === 8) this.flushByte();
    }
  }
  private flushByte() {
    this.bytes.push(this.acc);
    if (this.acc === 0xff) this.bytes.push(0); // byte stuffing
    this.acc = 0;
    this.n = 0;
  }
  /** pad the last byte with 1-bits, as the spec asks */
  end() {
    while (this.n !== 0) this.bits(1, 1);
  }
}

const DC_SYMBOLS = Array.from({ length: 12 }, (_, s) => s);
const AC_SYMBOLS = [
  ...Array.from({ length: 15 }, (_, r) => r << 4), // EOB0..EOB14 (end-of-band runs)
  0xf0, // sixteen zeros
  ...Array.from({ length: 16 * 10 }, (_, i) => (Math.floor(i / 10) << 4) | ((i % 10) + 1)), // run/size
];
/** every symbol gets an `length`-bit code, in order (a canonical code with one length) */
const fixedCode = (symbols: number[], length: number) => new Map(symbols.map((s, i) => [s, i] as const)).set(-1, length);

const category = (v: number) => (v === 0 ? 0 : 32 - Math.clz32(Math.abs(v)));
const magnitudeBits = (v: number, s: number) => (v >= 0 ? v : v + (1 << s) - 1);

const segment = (out: number[], marker: number, payload: number[]) => {
  out.push(0xff, marker, ((payload.length + 2) >> 8) & 255, (payload.length + 2) & 255, ...payload);
};

/** forward 8×8 DCT (orthonormal, as JPEG defines it) of level-shifted samples, rows then columns */
const COS = Array.from({ length: 64 }, (_, i) => Math.cos(((2 * (i % 8) + 1) * Math.floor(i / 8) * Math.PI) / 16) * (i < 8 ? Math.SQRT1_2 : 1) * 0.5);
const rows = new Float64Array(64);
const fdct = (block: Float64Array, out: Int32Array) => {
  for (let y = 0; y < 8; y++) {
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let x = 0; x < 8; x++) sum += block[y * 8 + x]! * COS[u * 8 + x]!;
      rows[y * 8 + u] = sum;
    }
  }
  for (let u = 0; u < 8; u++) {
    for (let v = 0; v < 8; v++) {
      let sum = 0;
      for (let y = 0; y < 8; y++) sum += rows[y * 8 + u]! * COS[v * 8 + y]!;
      out[v * 8 + u] = Math.round(sum / QUANT);
    }
  }
};

export interface ProgressiveJpegOptions {
  /** total scans (SOS markers) in the file, at least 4 */
  scans: number;
  /** zigzag coefficients 1..N carry the picture (the rest stay zero and make the extra passes); default 14 */
  contentCoefficients?: number;
}

/** How many scans `progressiveJpeg` can write at most for a given content band. */
export const maxProgressiveScans = (contentCoefficients = 14) => 4 + 3 * (63 - contentCoefficients) * (TOP_BIT + 1);

export const progressiveJpeg = (img: Rgba, options: ProgressiveJpegOptions): Uint8Array => {
  const content = options.contentCoefficients ?? 14;
  if (options.scans < 4 || options.scans > maxProgressiveScans(content)) throw new Error(`scans must be 4..${maxProgressiveScans(content)}`);
  const { width, height } = img;
  const bw = Math.ceil(width / 8);
  const bh = Math.ceil(height / 8);
  const blocks = bw * bh;
  // quantized coefficients per component, natural order, block after block in raster order
  const coef = [0, 1, 2].map(() => new Int32Array(blocks * 64));
  const planes = [new Float64Array(64), new Float64Array(64), new Float64Array(64)];
  const out64 = new Int32Array(64);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      for (let y = 0; y < 8; y++) {
        const py = Math.min(height - 1, by * 8 + y);
        for (let x = 0; x < 8; x++) {
          const px = Math.min(width - 1, bx * 8 + x);
          const i = (py * width + px) * 4;
          const r = img.data[i]!;
          const g = img.data[i + 1]!;
          const b = img.data[i + 2]!;
          planes[0]![y * 8 + x] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
          planes[1]![y * 8 + x] = -0.168736 * r - 0.331264 * g + 0.5 * b;
          planes[2]![y * 8 + x] = 0.5 * r - 0.418688 * g - 0.081312 * b;
        }
      }
      for (let c = 0; c < 3; c++) {
        fdct(planes[c]!, out64);
        coef[c]!.set(out64, (by * bw + bx) * 64);
      }
    }
  }

  const out: number[] = [0xff, 0xd8];
  segment(out, 0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]); // JFIF 1.01
  segment(out, 0xdb, [0, ...Array<number>(64).fill(QUANT)]);
  segment(out, 0xc2, [8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
  const bitsOf = (count: number, length: number) => Array.from({ length: 16 }, (_, i) => (i === length - 1 ? count : 0));
  segment(out, 0xc4, [0x00, ...bitsOf(DC_SYMBOLS.length, 4), ...DC_SYMBOLS, 0x10, ...bitsOf(AC_SYMBOLS.length, 8), ...AC_SYMBOLS]);
  const dcCode = fixedCode(DC_SYMBOLS, 4);
  const acCode = fixedCode(AC_SYMBOLS, 8);
  const code = (w: BitWriter, table: Map<number, number>, symbol: number) => w.bits(table.get(symbol)!, table.get(-1)!);

  let scans = 0;
  const scan = (components: number[], ss: number, se: number, ah: number, al: number, body: (w: BitWriter) => void) => {
    segment(out, 0xda, [components.length, ...components.flatMap((c) => [c + 1, 0x00]), ss, se, (ah << 4) | al]);
    const w = new BitWriter(out);
    body(w);
    w.end();
    scans++;
  };
  const eobRun = (w: BitWriter, count: number) => {
    for (let left = count; left > 0; ) {
      const run = Math.min(left, 0x7fff);
      const r = 31 - Math.clz32(run);
      code(w, acCode, r << 4);
      w.bits(run - (1 << r), r);
      left -= run;
    }
  };

  // DC of all three components, interleaved
  scan([0, 1, 2], 0, 0, 0, 0, (w) => {
    const pred = [0, 0, 0];
    for (let b = 0; b < blocks; b++) {
      for (let c = 0; c < 3; c++) {
        const dc = coef[c]![b * 64]!;
        const diff = dc - pred[c]!;
        pred[c] = dc;
        const s = category(diff);
        code(w, dcCode, s);
        w.bits(magnitudeBits(diff, s), s);
      }
    }
  });
  // the picture's AC band, one component per scan
  for (let c = 0; c < 3; c++) {
    scan([c], 1, content, 0, 0, (w) => {
      for (let b = 0; b < blocks; b++) {
        let run = 0;
        for (let k = 1; k <= content; k++) {
          const v = coef[c]![b * 64 + ZIGZAG[k]!]!;
          if (v === 0) {
            run++;
            continue;
          }
          for (; run > 15; run -= 16) code(w, acCode, 0xf0);
          const s = Math.min(10, category(v));
          const clamped = Math.max(-1023, Math.min(1023, v));
          code(w, acCode, (run << 4) | s);
          w.bits(magnitudeBits(clamped, s), s);
          run = 0;
        }
        if (run > 0) code(w, acCode, 0x00);
      }
    });
  }
  // the empty passes over the zero band: first pass at bit 13, then each lower bit
  outer: for (let k = content + 1; k <= 63; k++) {
    for (let c = 0; c < 3; c++) {
      for (let bit = TOP_BIT; bit >= 0; bit--) {
        if (scans >= options.scans) break outer;
        scan([c], k, k, bit === TOP_BIT ? 0 : bit + 1, bit, (w) => eobRun(w, blocks));
      }
    }
  }
  out.push(0xff, 0xd9);
  return Uint8Array.from(out);
};

/**
 * Edit-proof duplicate-photo detection (docs/decisions/012, "Mirrors, turns, crops and borders"):
 * the plain dHash of a photo misses a copy that was mirrored, turned a quarter, cropped by a few
 * per cent or framed with a border. A photo's "print" is what it takes to catch those:
 *
 * - a grid of cell colours of the photo as shown (one pass over the pixels), from which uniform
 *   borders are trimmed (a border added by a copycat, or a plain backdrop, whichever it is: both
 *   the original and the copy lose the same rows);
 * - the trimmed frame's aspect ratio and a 32×32 greyscale thumbnail of it (the stored print).
 *
 * From the thumbnail come, cheaply and without the pixels: the dHash of a few crop windows of the
 * photo (stored and indexed, so a crop of it can be found) and the dHash of the photo in each of
 * the 8 orientations (looked up, so a mirrored or turned copy finds the upright original). A
 * candidate the index finds is then verified by aligning the two thumbnails (crop window within
 * MAX_CROP per side, the copy's own aspect ratio) and requiring a near-perfect correlation, which
 * is what keeps alike-staged photos of the same model apart.
 */
import { FLAT_HASH_BITS, hammingDistance } from './phash';

/** Reviewed numbers of the rule; tests in photo-print.test.ts pin what each one is for. */
export const PRINT_RULES = {
  /** cells of the colour grid along each side (fewer when the photo is smaller in pixels) */
  gridSide: 128,
  /** side of the stored greyscale thumbnail of the trimmed frame */
  thumbSide: 32,
  /** a border row may differ from the border's colour by this much per channel (JPEG noise, grain) */
  borderTolerance: 6,
  /** a border's edge is placed inside the cell it half covers only where it differs from the photo by this much per channel (RMS) */
  borderContrast: 20,
  /** only runs of at least this fraction of the side count as a border (thinner ones the hash tolerates) */
  borderMinRun: 0.02,
  /** a trim that would leave less than this fraction of a side is not a border: keep the frame */
  borderKeep: 0.3,
  /** largest crop per side a verified match may assume */
  maxCrop: 0.13,
  /**
   * how far past the original's trimmed frame a copy may reach: a border the colour of the photo's
   * own edge is trimmed together with part of that edge, so the copy's frame can end up a little
   * larger than the original's
   */
  maxOutside: 0.05,
  /** how far a copy's aspect ratio may be off the crop's (pixel rounding, a slightly careless resize) */
  aspectSlack: 0.03,
  /** an index candidate is verified only when its window hash is this close to one of the copy's turns */
  candidateDistance: 12,
  /**
   * the aligned thumbnails must correlate at least this well: edits of the demo photos score ≥ 0.983
   * (a sample of 200), the most alike distinct demo pair 0.976 once crops are compared at their own
   * resolution (0.97 before that change)
   */
  minCorrelation: 0.98,
  /** aligned thumbnails are compared at the crop's own cell count, but never coarser than this */
  minCompareSide: 24,
  /** at most this many (stored frame and window, copy frame and turn) pairs are aligned per stored photo */
  maxAlignments: 6,
  /** two framings of one photo whose sides all lie within this fraction of a side are kept once */
  sameFrame: 0.02,
} as const;

/**
 * The framings a print keeps, as the number of trimming passes (see trimmedFrame): all of them
 * (borders and plain backdrops trimmed side after side: what version-1 prints held), one (the
 * outermost uniform run of each side: an added border, without the photo's own backdrop behind
 * it) and none (the photo as it is). A copy's border cannot always be told from the photo's own
 * plain edge, and a backdrop trimmed in the original may be cropped or bordered in the copy, so
 * the original's and the copy's framings are compared with each other and the best alignment wins.
 */
export const FRAMINGS = [16, 1, 0] as const;

/**
 * The crop windows stored per photo, as [left, top, right, bottom] fractions of the trimmed frame:
 * the whole frame, 5 % and 10 % off each side, 5 % and 10 % all round, and 10 % off each corner.
 * dHash itself tolerates about 2–3 % per side; verification then aligns precisely.
 */
export const PRINT_WINDOWS: readonly (readonly [number, number, number, number])[] = [
  [0, 0, 0, 0],
  [0.05, 0, 0, 0], [0, 0.05, 0, 0], [0, 0, 0.05, 0], [0, 0, 0, 0.05],
  [0.1, 0, 0, 0], [0, 0.1, 0, 0], [0, 0, 0.1, 0], [0, 0, 0, 0.1],
  [0.05, 0.05, 0.05, 0.05], [0.1, 0.1, 0.1, 0.1],
  [0.1, 0.1, 0, 0], [0, 0.1, 0.1, 0], [0, 0, 0.1, 0.1], [0.1, 0, 0, 0.1],
];

/** One framing of a photo: what is left after trimming (or not trimming) its edges. */
export interface PrintFrame {
  /** width / height of the frame, in pixels */
  aspect: number;
  /** thumbSide² greyscale means of the frame, row by row */
  thumb: Float64Array;
}

/**
 * A photo's print: up to MAX_FRAMES framings of it (see FRAMINGS), each compared on its own. Frame
 * 0 is always the fully trimmed one (what a version-1 print held).
 */
export interface PhotoPrint {
  frames: PrintFrame[];
}

const T = PRINT_RULES.thumbSide;

// ------------------------------------------------------------------ from pixels

interface Grid {
  w: number;
  h: number;
  r: Float64Array;
  g: Float64Array;
  b: Float64Array;
}

/**
 * Colour means of a grid of cells over the photo as shown (EXIF `orientation` 1–8 applied the way
 * dhashPixels does): one pass over the pixels.
 */
const colourGrid = (data: ArrayLike<number>, width: number, height: number, channels: number, orientation: number): Grid => {
  const turned = orientation >= 5;
  const shownWidth = turned ? height : width;
  const shownHeight = turned ? width : height;
  const gw = Math.min(PRINT_RULES.gridSide, shownWidth);
  const gh = Math.min(PRINT_RULES.gridSide, shownHeight);
  const col = (shownX: number) => Math.min(gw - 1, Math.floor((shownX * gw) / shownWidth));
  const row = (shownY: number) => Math.min(gh - 1, Math.floor((shownY * gh) / shownHeight)) * gw;
  const flipX = turned ? orientation === 7 || orientation === 8 : orientation === 2 || orientation === 3;
  const flipY = turned ? orientation === 6 || orientation === 7 : orientation === 3 || orientation === 4;
  const byX = new Uint32Array(width);
  for (let x = 0; x < width; x++) {
    const at = flipX ? width - 1 - x : x;
    byX[x] = turned ? row(at) : col(at);
  }
  const byY = new Uint32Array(height);
  for (let y = 0; y < height; y++) {
    const at = flipY ? height - 1 - y : y;
    byY[y] = turned ? col(at) : row(at);
  }
  const n = gw * gh;
  const r = new Float64Array(n);
  const g = new Float64Array(n);
  const b = new Float64Array(n);
  const count = new Uint32Array(n);
  const grey = channels < 3;
  for (let y = 0; y < height; y++) {
    const base = byY[y]!;
    let i = y * width * channels;
    for (let x = 0; x < width; x++, i += channels) {
      const cell = base + byX[x]!;
      const v = data[i]!;
      r[cell]! += v;
      g[cell]! += grey ? v : data[i + 1]!;
      b[cell]! += grey ? v : data[i + 2]!;
      count[cell]!++;
    }
  }
  for (let c = 0; c < n; c++) {
    const k = Math.max(1, count[c]!);
    r[c]! /= k;
    g[c]! /= k;
    b[c]! /= k;
  }
  return { w: gw, h: gh, r, g, b };
};

interface Frame {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The frame left after taking uniform runs off the edges, side after side, until none is left: a
 * border added around a photo goes, and so does a plain backdrop at an edge — in the original and
 * in a bordered copy alike, because each run starts where the one before ended.
 */
const trimmedFrame = (s: Grid, passes: number): Frame => {
  const f = { x0: 0, y0: 0, x1: s.w, y1: s.h };
  const tol = PRINT_RULES.borderTolerance;
  const minX = Math.max(2, Math.ceil(PRINT_RULES.borderMinRun * s.w));
  const minY = Math.max(2, Math.ceil(PRINT_RULES.borderMinRun * s.h));
  const mean = (cells: number[]) => {
    let r = 0;
    let g = 0;
    let b = 0;
    for (const c of cells) (r += s.r[c]!), (g += s.g[c]!), (b += s.b[c]!);
    return [r / cells.length, g / cells.length, b / cells.length] as const;
  };
  const uniform = (cells: number[], ref: readonly [number, number, number]) =>
    cells.every((c) => Math.abs(s.r[c]! - ref[0]) <= tol && Math.abs(s.g[c]! - ref[1]) <= tol && Math.abs(s.b[c]! - ref[2]) <= tol);
  const rowCells = (y: number) => Array.from({ length: f.x1 - f.x0 }, (_, i) => y * s.w + f.x0 + i);
  const colCells = (x: number) => Array.from({ length: f.y1 - f.y0 }, (_, i) => (f.y0 + i) * s.w + x);
  /**
   * How many lines from `start` (stepping by `step`) match the first one, and how much of the next
   * line is still border: a border rarely ends on a cell boundary, and the cell it half covers is a
   * blend of the border and the photo (its share found by projecting the blend onto the line from
   * the photo's next line to the border colour). Left in, that sliver of border colour is enough to
   * move a 32-cell thumbnail's edge cells noticeably.
   */
  const run = (start: number, step: number, end: number, cells: (at: number) => number[]) => {
    const ref = mean(cells(start));
    let at = start;
    while (at !== end && uniform(cells(at), ref)) at += step;
    let share = 0;
    if (at !== end && at + step !== end) {
      const mixed = cells(at);
      const next = cells(at + step);
      let num = 0;
      let den = 0;
      mixed.forEach((c, i) => {
        const n = next[i]!;
        for (const ch of [s.r, s.g, s.b]) {
          const toBorder = ref[ch === s.r ? 0 : ch === s.g ? 1 : 2] - ch[n]!;
          num += (ch[c]! - ch[n]!) * toBorder;
          den += toBorder * toBorder;
        }
      });
      // only where the border stands out from the photo (≥ ~borderContrast per channel on average)
      if (den >= mixed.length * 3 * PRINT_RULES.borderContrast ** 2) share = Math.max(0, Math.min(1, num / den));
    }
    return { k: Math.abs(at - start), share };
  };
  const part = { x0: 0, y0: 0, x1: 0, y1: 0 };
  for (let pass = 0; pass < passes; pass++) {
    let changed = false;
    let r = run(f.y0, 1, f.y1, rowCells);
    if (r.k >= minY) (f.y0 += r.k), (part.y0 = r.share), (changed = true);
    r = run(f.y1 - 1, -1, f.y0 - 1, rowCells);
    if (r.k >= minY) (f.y1 -= r.k), (part.y1 = r.share), (changed = true);
    r = run(f.x0, 1, f.x1, colCells);
    if (r.k >= minX) (f.x0 += r.k), (part.x0 = r.share), (changed = true);
    r = run(f.x1 - 1, -1, f.x0 - 1, colCells);
    if (r.k >= minX) (f.x1 -= r.k), (part.x1 = r.share), (changed = true);
    if (f.x1 - f.x0 < s.w * PRINT_RULES.borderKeep || f.y1 - f.y0 < s.h * PRINT_RULES.borderKeep) return { x0: 0, y0: 0, x1: s.w, y1: s.h };
    if (!changed) break;
  }
  return { x0: f.x0 + part.x0, y0: f.y0 + part.y0, x1: f.x1 - part.x1, y1: f.y1 - part.y1 };
};

/** Summed-area table of one channel of `w`×`h` values, (w+1)×(h+1). */
interface Sat {
  w: number;
  h: number;
  s: Float64Array;
}
const summed = (w: number, h: number, value: (i: number) => number): Sat => {
  const s = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let line = 0;
    for (let x = 0; x < w; x++) {
      line += value(y * w + x);
      s[(y + 1) * (w + 1) + x + 1] = s[y * (w + 1) + x + 1]! + line;
    }
  }
  return { w, h, s };
};
/** The integral at a fractional point (cells taken as uniform inside). */
const integral = (S: Sat, x: number, y: number) => {
  const x0 = Math.max(0, Math.min(S.w - 1, Math.floor(x)));
  const y0 = Math.max(0, Math.min(S.h - 1, Math.floor(y)));
  const fx = Math.max(0, Math.min(1, x - x0));
  const fy = Math.max(0, Math.min(1, y - y0));
  const W = S.w + 1;
  const a = S.s[y0 * W + x0]!;
  const b = S.s[y0 * W + x0 + 1]!;
  const c = S.s[(y0 + 1) * W + x0]!;
  const d = S.s[(y0 + 1) * W + x0 + 1]!;
  return a * (1 - fx) * (1 - fy) + b * fx * (1 - fy) + c * (1 - fx) * fy + d * fx * fy;
};
/** `cols`×`rows` means over the rectangle (x0, y0)–(x1, y1) in cell units. */
const resample = (S: Sat, x0: number, y0: number, x1: number, y1: number, cols: number, rows = cols) => {
  const out = new Float64Array(cols * rows);
  const cw = (x1 - x0) / cols;
  const ch = (y1 - y0) / rows;
  const area = Math.max(1e-9, cw * ch);
  for (let j = 0; j < rows; j++) {
    const ya = y0 + j * ch;
    const yb = ya + ch;
    for (let i = 0; i < cols; i++) {
      const xa = x0 + i * cw;
      const xb = xa + cw;
      if (xa >= 0 && ya >= 0 && xb <= S.w && yb <= S.h) {
        out[j * cols + i] = (integral(S, xb, yb) - integral(S, xa, yb) - integral(S, xb, ya) + integral(S, xa, ya)) / area;
        continue;
      }
      // a cell reaching past the edge: the mean of its part inside (the edge carried on)
      const cx0 = Math.max(0, Math.min(S.w - 0.5, xa));
      const cx1 = Math.max(cx0 + 0.5, Math.min(S.w, xb));
      const cy0 = Math.max(0, Math.min(S.h - 0.5, ya));
      const cy1 = Math.max(cy0 + 0.5, Math.min(S.h, yb));
      out[j * cols + i] = (integral(S, cx1, cy1) - integral(S, cx0, cy1) - integral(S, cx1, cy0) + integral(S, cx0, cy0)) / ((cx1 - cx0) * (cy1 - cy0));
    }
  }
  return out;
};

/**
 * The print of decoded pixels (`channels` bytes per pixel, EXIF `orientation` applied), or null for
 * a picture too small to have one: one frame per FRAMINGS entry, leaving out a framing that ends up
 * where an earlier one did.
 */
export const printPixels = (data: ArrayLike<number>, width: number, height: number, channels: number, orientation = 1): PhotoPrint | null => {
  if (width < 2 || height < 2) return null;
  const grid = colourGrid(data, width, height, channels, orientation);
  const luma = summed(grid.w, grid.h, (i) => 0.299 * grid.r[i]! + 0.587 * grid.g[i]! + 0.114 * grid.b[i]!);
  const shownWidth = orientation >= 5 ? height : width;
  const shownHeight = orientation >= 5 ? width : height;
  const kept: Frame[] = [];
  const same = (a: Frame, b: Frame) =>
    Math.max(Math.abs(a.x0 - b.x0), Math.abs(a.x1 - b.x1)) <= PRINT_RULES.sameFrame * grid.w && Math.max(Math.abs(a.y0 - b.y0), Math.abs(a.y1 - b.y1)) <= PRINT_RULES.sameFrame * grid.h;
  for (const passes of FRAMINGS) {
    const f = trimmedFrame(grid, passes);
    if (!kept.some((k) => same(k, f))) kept.push(f);
  }
  return {
    frames: kept.map((f) => ({
      aspect: (((f.x1 - f.x0) / grid.w) * shownWidth) / (((f.y1 - f.y0) / grid.h) * shownHeight),
      thumb: resample(luma, f.x0, f.y0, f.x1, f.y1, T),
    })),
  };
};

// ------------------------------------------------------------------ stored form

/**
 * Version 1 held one frame (the fully trimmed one) in 1,029 bytes: version byte, aspect (float32),
 * thumbSide² greyscale bytes. Version 2: version byte, frame count, then per frame its aspect and
 * thumbnail (2 + 1,028 bytes per frame). Version 1 is still read (as a print with its one frame).
 */
const PRINT_VERSION = 2;
const FRAME_BYTES = 4 + T * T;
/** a stored print of version 1 is exactly this long (the re-print job looks for these) */
export const V1_PRINT_BYTES = 1 + FRAME_BYTES;

export const encodePrint = (p: PhotoPrint): Uint8Array => {
  const out = new Uint8Array(2 + FRAME_BYTES * p.frames.length);
  out[0] = PRINT_VERSION;
  out[1] = p.frames.length;
  const view = new DataView(out.buffer);
  p.frames.forEach((f, k) => {
    const at = 2 + k * FRAME_BYTES;
    view.setFloat32(at, f.aspect, true);
    for (let i = 0; i < T * T; i++) out[at + 4 + i] = Math.max(0, Math.min(255, Math.round(f.thumb[i]!)));
  });
  return out;
};

const readFrame = (b: Uint8Array, at: number): PrintFrame | null => {
  const aspect = new DataView(b.buffer, b.byteOffset, b.byteLength).getFloat32(at, true);
  if (!(aspect > 0) || !Number.isFinite(aspect)) return null;
  return { aspect, thumb: Float64Array.from(b.subarray(at + 4, at + FRAME_BYTES)) };
};

export const decodePrint = (bytes: ArrayBuffer | Uint8Array | null | undefined): PhotoPrint | null => {
  if (!bytes) return null;
  const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (b.length === V1_PRINT_BYTES && b[0] === 1) {
    const f = readFrame(b, 1);
    return f ? { frames: [f] } : null;
  }
  const n = b[1] ?? 0;
  if (b[0] !== PRINT_VERSION || n < 1 || n > FRAMINGS.length || b.length !== 2 + n * FRAME_BYTES) return null;
  const frames: PrintFrame[] = [];
  for (let k = 0; k < n; k++) {
    const f = readFrame(b, 2 + k * FRAME_BYTES);
    if (!f) return null;
    frames.push(f);
  }
  return { frames };
};

// ------------------------------------------------------------------ hashes from a print

/** dHash (9×8 cells, left brighter than right) of a rectangle of a thumbnail's summed-area table. */
const windowDhash = (S: Sat, x0: number, y0: number, x1: number, y1: number) => {
  const m = resample(S, x0, y0, x1, y1, 9, 8);
  let hi = 0;
  let lo = 0;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const bit = m[y * 9 + x]! > m[y * 9 + x + 1]! ? 1 : 0;
      const n = y * 8 + x;
      if (n < 32) hi = (hi << 1) | bit;
      else lo = (lo << 1) | bit;
    }
  }
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
};

const isFlat = (hash: string) => {
  const ones = hammingDistance(hash, '0000000000000000');
  return ones <= FLAT_HASH_BITS || ones >= 64 - FLAT_HASH_BITS;
};

/**
 * One of the 8 orientations of a square `n`×`n` array: bit 4 transposes, then bit 1 mirrors
 * left–right and bit 2 top–bottom (in the result). 0 is as is; all 8 are distinct.
 */
export const turnSquare = (a: ArrayLike<number>, n: number, turn: number): Float64Array => {
  const out = new Float64Array(n * n);
  const transpose = (turn & 4) !== 0;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const ox = turn & 1 ? n - 1 - x : x;
      const oy = turn & 2 ? n - 1 - y : y;
      out[y * n + x] = transpose ? a[ox * n + oy]! : a[oy * n + ox]!;
    }
  }
  return out;
};

/**
 * Window and turn numbers carry their frame: a stored window is `frame * WINDOW_SLOTS + window`, a
 * looked-up turn `frame * 8 + turn` (so a version-1 print's numbers are unchanged).
 */
export const WINDOW_SLOTS = 16;

/** The stored, indexed hashes: one per crop window of each frame (flat ones left out: they would match anything). */
export const windowHashes = (p: PhotoPrint): { win: number; hash: string }[] => {
  const out: { win: number; hash: string }[] = [];
  p.frames.forEach((f, k) => {
    const S = summed(T, T, (i) => f.thumb[i]!);
    PRINT_WINDOWS.forEach(([l, t, r, b], win) => {
      const hash = windowDhash(S, l * T, t * T, T - r * T, T - b * T);
      if (!isFlat(hash)) out.push({ win: k * WINDOW_SLOTS + win, hash });
    });
  });
  return out;
};

/** The looked-up hashes: each frame whole in each of the 8 orientations (index = frame * 8 + turn). Flat → null. */
export const turnHashes = (p: PhotoPrint): (string | null)[] =>
  p.frames.flatMap((f) =>
    Array.from({ length: 8 }, (_, turn) => {
      const turned = turnSquare(f.thumb, T, turn);
      const hash = windowDhash(summed(T, T, (i) => turned[i]!), 0, 0, T, T);
      return isFlat(hash) ? null : hash;
    }),
  );

// ------------------------------------------------------------------ verification

const correlation = (a: Float64Array, b: Float64Array) => {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) (ma += a[i]!), (mb += b[i]!);
  ma /= n;
  mb /= n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i]! - ma;
    const y = b[i]! - mb;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return aa * bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
};

/**
 * How well `copy`, turned by `turn`, lines up with a crop of `original` (the best correlation of
 * their greyscale thumbnails, -1 when no crop within MAX_CROP per side fits the copy's aspect ratio).
 * The search starts from `window` (the crop whose hash found the candidate) and moves the crop's
 * left, top and width; its height follows from the copy's aspect ratio (within aspectSlack), since
 * a copy is cropped and resized, not stretched.
 */
export const alignment = (original: PrintFrame, copy: PrintFrame, turn: number, window: readonly number[] = PRINT_WINDOWS[0]!) => {
  const seen = turnSquare(copy.thumb, T, turn);
  const copyAspect = turn & 4 ? 1 / copy.aspect : copy.aspect;
  const S = summed(T, T, (i) => original.thumb[i]!);
  // p = [width, left, top, aspect error]: the crop's height follows from the copy's aspect ratio
  const crop = (p: readonly number[]) => {
    const wf = p[0]!;
    const hf = ((wf * original.aspect) / copyAspect) * (1 + p[3]!);
    return [p[1]!, p[2]!, 1 - p[1]! - wf, 1 - p[2]! - hf];
  };
  const fits = (c: number[], p: readonly number[]) => Math.abs(p[3]!) <= PRINT_RULES.aspectSlack && c.every((v) => v >= -PRINT_RULES.maxOutside && v <= PRINT_RULES.maxCrop);
  // The crop is compared at the resolution the original has for it: enlarging a 26-cell crop to 32
  // cells blurs it, and a sharp copy never correlates well with a blurred crop of itself (10 %
  // crops all round stayed at 0.95–0.97). So the copy is reduced to the crop's own cell count.
  const seenSat = summed(T, T, (i) => seen[i]!);
  const seenAt = new Map<number, Float64Array>();
  const score = (p: readonly number[]) => {
    const c = crop(p);
    if (!fits(c, p)) return -1;
    const m = Math.max(PRINT_RULES.minCompareSide, Math.min(T, Math.round(T * Math.min(1 - c[0]! - c[2]!, 1 - c[1]! - c[3]!))));
    let ours = seenAt.get(m);
    if (!ours) seenAt.set(m, (ours = m === T ? seen : resample(seenSat, 0, 0, T, T, m)));
    return correlation(resample(S, c[0]! * T, c[1]! * T, T - c[2]! * T, T - c[3]! * T, m), ours);
  };
  let p = [1 - window[0]! - window[2]!, window[0]!, window[1]!, 0];
  if (!fits(crop(p), p)) {
    // start from the centred crop of the copy's shape
    const wf = Math.min(1, copyAspect / original.aspect);
    p = [wf, (1 - wf) / 2, (1 - (wf * original.aspect) / copyAspect) / 2, 0];
  }
  let best = score(p);
  for (const step of [0.03, 0.015, 0.0075, 0.004]) {
    for (let round = 0; round < 4; round++) {
      let moved = false;
      // moves: each parameter alone, and a zoom about the crop's centre (a crop taken off all
      // sides at once, which single moves reach only through worse crops)
      for (let k = 0; k < 5; k++) {
        for (const d of [-step, step]) {
          const q = [...p];
          if (k < 4) q[k]! += d;
          else (q[0]! -= 2 * d), (q[1]! += d), (q[2]! += (d * original.aspect) / copyAspect);
          const s = score(q);
          if (s > best + 1e-9) (best = s), (p = q), (moved = true);
        }
      }
      if (!moved) break;
    }
  }
  return best;
};

/**
 * Whether `copy` is an edit of `original` (mirrored, turned, cropped, bordered, resized, saved
 * again): one of the copy's turn hashes within candidateDistance of one of the original's window
 * hashes, and the thumbnails aligned from there correlating at least minCorrelation. Returns the
 * best correlation found, or null.
 */
export const printMatch = (original: PhotoPrint, copy: PhotoPrint, hints?: { win: number; turn: number }[]) => {
  let tries = hints;
  if (!tries) {
    const turns = turnHashes(copy);
    const found: { win: number; turn: number; d: number }[] = [];
    for (const { win, hash } of windowHashes(original)) {
      turns.forEach((t, turn) => {
        if (!t) return;
        const d = hammingDistance(t, hash);
        if (d <= PRINT_RULES.candidateDistance) found.push({ win, turn, d });
      });
    }
    tries = found.sort((a, b) => a.d - b.d);
  }
  let best = -1;
  const done = new Set<string>();
  for (const { win, turn } of tries) {
    if (done.size >= PRINT_RULES.maxAlignments) break;
    const theirs = original.frames[Math.floor(win / WINDOW_SLOTS)];
    const window = PRINT_WINDOWS[win % WINDOW_SLOTS];
    const ours = copy.frames[Math.floor(turn / 8)];
    if (!theirs || !window || !ours) continue;
    const key = `${win}:${turn}`;
    if (done.has(key)) continue;
    done.add(key);
    best = Math.max(best, alignment(theirs, ours, turn % 8, window));
    if (best >= PRINT_RULES.minCorrelation) return best;
  }
  return null;
};

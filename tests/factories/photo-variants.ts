import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';

/**
 * Edits of one photo, as a copycat would make them (the duplicate-photo hash test set, decision 012): resized, saved again
 * at another JPEG quality, lightly cropped, turned into a PNG. Pure JS, so it runs in workerd.
 */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

export const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

export const decodeJpeg = (bytes: Uint8Array): Rgba => {
  const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
  return { width: img.width, height: img.height, data: img.data };
};

export const toJpeg = (img: Rgba, quality: number) => new Uint8Array(jpeg.encode(img, quality).data);

export const toPng = (img: Rgba) => encodePng({ width: img.width, height: img.height, data: img.data, channels: 4 });

/** Bilinear resize to the given size (up or down). */
export const resize = (img: Rgba, width: number, height: number): Rgba => {
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(img.height - 1, ((y + 0.5) * img.height) / height - 0.5);
    const y0 = Math.max(0, Math.floor(sy));
    const y1 = Math.min(img.height - 1, y0 + 1);
    const fy = Math.max(0, sy - y0);
    for (let x = 0; x < width; x++) {
      const sx = Math.min(img.width - 1, ((x + 0.5) * img.width) / width - 0.5);
      const x0 = Math.max(0, Math.floor(sx));
      const x1 = Math.min(img.width - 1, x0 + 1);
      const fx = Math.max(0, sx - x0);
      for (let c = 0; c < 4; c++) {
        const at = (xx: number, yy: number) => img.data[(yy * img.width + xx) * 4 + c]!;
        const top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx;
        const bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
        out[(y * width + x) * 4 + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { width, height, data: out };
};

/** Cuts the given fractions off each side. */
export const crop = (img: Rgba, sides: { left?: number; right?: number; top?: number; bottom?: number }): Rgba => {
  const x0 = Math.round(img.width * (sides.left ?? 0));
  const x1 = img.width - Math.round(img.width * (sides.right ?? 0));
  const y0 = Math.round(img.height * (sides.top ?? 0));
  const y1 = img.height - Math.round(img.height * (sides.bottom ?? 0));
  const width = x1 - x0;
  const height = y1 - y0;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) out.set(img.data.subarray(((y0 + y) * img.width + x0) * 4, ((y0 + y) * img.width + x1) * 4), y * width * 4);
  return { width, height, data: out };
};

/** Mirror image, left to right (a common trick to dodge duplicate checks). */
export const mirror = (img: Rgba): Rgba => {
  const out = new Uint8Array(img.data.length);
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) out.set(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4), (y * img.width + img.width - 1 - x) * 4);
  return { ...img, data: out };
};

/** Mirror image, top to bottom. */
export const flipVertical = (img: Rgba): Rgba => {
  const out = new Uint8Array(img.data.length);
  const line = img.width * 4;
  for (let y = 0; y < img.height; y++) out.set(img.data.subarray(y * line, (y + 1) * line), (img.height - 1 - y) * line);
  return { ...img, data: out };
};

/** Turned clockwise by `quarters` quarter turns (1 = 90°, 2 = 180°, 3 = 270°). */
export const turn = (img: Rgba, quarters: 1 | 2 | 3): Rgba => {
  let cur = img;
  for (let q = 0; q < quarters; q++) {
    const width = cur.height;
    const height = cur.width;
    const out = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const from = ((cur.height - 1 - x) * cur.width + y) * 4;
        out.set(cur.data.subarray(from, from + 4), (y * width + x) * 4);
      }
    }
    cur = { width, height, data: out };
  }
  return cur;
};

/** A solid border of `rgb` around the photo, `fraction` of its width (and height) on each side. */
export const addBorder = (img: Rgba, fraction: number, rgb: readonly [number, number, number]): Rgba => {
  const bx = Math.round(img.width * fraction);
  const by = Math.round(img.height * fraction);
  const width = img.width + 2 * bx;
  const height = img.height + 2 * by;
  const out = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) out.set([rgb[0], rgb[1], rgb[2], 255], i * 4);
  for (let y = 0; y < img.height; y++) out.set(img.data.subarray(y * img.width * 4, (y + 1) * img.width * 4), ((y + by) * width + bx) * 4);
  return { width, height, data: out };
};

/**
 * A made-up photo of any size: soft-edged shapes of different colours over a shaded background,
 * drawn from `seed`. The picture does not depend on the size, so a large one and a small one of the
 * same seed are the same photo; smooth, so even 12 MP stays well under 5 MB as JPEG, yet with enough
 * structure that its hash is not "flat" (FLAT_HASH_BITS). Other seeds give unrelated photos.
 */
const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

export const scene = (width: number, height: number, seed: number): Rgba => {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const shapes = Array.from({ length: 14 }, () => ({ x: next(), y: next(), rx: 0.05 + next() * 0.2, ry: 0.05 + next() * 0.2, rgb: [next() * 255, next() * 255, next() * 255] as const }));
  const tilt = next() * 2 - 1;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const v = y / height;
    for (let x = 0; x < width; x++) {
      const u = x / width;
      let r = 60 + 120 * v;
      let g = 90 + 60 * u * tilt + 40 * Math.sin(6 * u + 3 * v);
      let b = 140 + 30 * Math.cos(5 * v - 2 * u);
      for (const s of shapes) {
        const d = ((u - s.x) / s.rx) ** 2 + ((v - s.y) / s.ry) ** 2;
        if (d >= 1.2) continue;
        const a = d < 1 ? 1 : (1.2 - d) / 0.2; // a soft edge
        r += (s.rgb[0] - r) * a;
        g += (s.rgb[1] - g) * a;
        b += (s.rgb[2] - b) * a;
      }
      const i = (y * width + x) * 4;
      data[i] = clamp(r);
      data[i + 1] = clamp(g);
      data[i + 2] = clamp(b);
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
};

/**
 * How a camera stores `upright` when it writes EXIF Orientation `orientation` (1–8): the pixels
 * turned/mirrored so that applying the orientation shows `upright` again (6: stored a quarter turn
 * anticlockwise, shown turned clockwise).
 */
export const storedAs = (upright: Rgba, orientation: number): Rgba => {
  const turned = orientation >= 5;
  const width = turned ? upright.height : upright.width;
  const height = turned ? upright.width : upright.height;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // where stored (x, y) is shown (EXIF orientation semantics)
      const sx = orientation === 2 || orientation === 3 ? width - 1 - x : orientation === 5 || orientation === 8 ? y : orientation === 6 || orientation === 7 ? height - 1 - y : x;
      const sy = orientation === 3 || orientation === 4 ? height - 1 - y : orientation === 5 || orientation === 6 ? x : orientation === 7 || orientation === 8 ? width - 1 - x : y;
      const from = (sy * upright.width + sx) * 4;
      const to = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) out[to + c] = upright.data[from + c]!;
    }
  }
  return { width, height, data: out };
};

/** `jpeg` with an EXIF APP1 segment right after SOI carrying only Orientation (big-endian TIFF). */
export const withExifOrientation = (jpegBytes: Uint8Array, orientation: number) => {
  const exif = [
    0xff, 0xe1, 0x00, 0x22, // APP1, length 34
    0x45, 0x78, 0x69, 0x66, 0x00, 0x00, // "Exif\0\0"
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // "MM", 42, IFD0 at 8
    0x00, 0x01, // one entry
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00, // Orientation, SHORT, 1, value
    0x00, 0x00, 0x00, 0x00, // no next IFD
  ];
  const out = new Uint8Array(jpegBytes.length + exif.length);
  out.set(jpegBytes.subarray(0, 2));
  out.set(exif, 2);
  out.set(jpegBytes.subarray(2), 2 + exif.length);
  return out;
};

import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';

/**
 * Edits of one photo, as a copycat would make them (issue 20 hash test set): resized, saved again
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

/** Mirror image (a common trick to dodge duplicate checks; dHash does not catch it — documented). */
export const mirror = (img: Rgba): Rgba => {
  const out = new Uint8Array(img.data.length);
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) out.set(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4), (y * img.width + img.width - 1 - x) * 4);
  return { ...img, data: out };
};

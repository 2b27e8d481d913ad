import jpeg from 'jpeg-js';

const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

/** A real baseline JPEG of the given size (jpeg-js, no files). */
export const jpegBytes = (width = 64, height = 48): Uint8Array<ArrayBuffer> => {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = (i / 4) % 255;
    data[i + 1] = 120;
    data[i + 2] = 200;
    data[i + 3] = 255;
  }
  return new Uint8Array(jpeg.encode({ data, width, height }, 80).data);
};

/** 1×1 PNG and 1×1 lossless WebP. */
export const pngBytes = () => fromBase64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==');
export const webpBytes = () => fromBase64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==');
export const gifBytes = () => fromBase64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7');

/** A JPEG header that claims 20,000 × 20,000 pixels (a decompression bomb), with a valid end marker. */
export const jpegBombBytes = (): Uint8Array<ArrayBuffer> => {
  const real = jpegBytes(8, 8);
  const out = real.slice();
  for (let i = 2; i < out.length - 9; i++) {
    if (out[i] === 0xff && out[i + 1] === 0xc0) {
      out[i + 5] = 0x4e; // height 20000 = 0x4E20
      out[i + 6] = 0x20;
      out[i + 7] = 0x4e;
      out[i + 8] = 0x20;
      break;
    }
  }
  return out;
};

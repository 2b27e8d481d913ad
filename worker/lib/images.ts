/**
 * What an uploaded file really is, from its bytes (never its name or Content-Type), and its pixel
 * size from the header, so decompression bombs are refused before anything decodes them.
 */
export type ImageKind = 'jpeg' | 'png' | 'webp';

export interface SniffedImage {
  kind: ImageKind;
  contentType: `image/${ImageKind}`;
  width: number | null;
  height: number | null;
}

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);

const jpegSize = (b: Uint8Array): { width: number; height: number } | null => {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const len = u16be(b, i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8), DAC (CC) carry the frame size
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    if (len < 2) return null;
    i += 2 + len;
  }
  return null;
};

export const sniffImage = (b: Uint8Array): SniffedImage | null => {
  if (b.length >= 4 && startsWith(b, [0xff, 0xd8, 0xff])) {
    const size = jpegSize(b);
    return { kind: 'jpeg', contentType: 'image/jpeg', width: size?.width ?? null, height: size?.height ?? null };
  }
  if (b.length >= 24 && startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && startsWith(b, [0x49, 0x48, 0x44, 0x52], 12)) {
    return { kind: 'png', contentType: 'image/png', width: u32be(b, 16), height: u32be(b, 20) };
  }
  if (b.length >= 30 && startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8)) {
    const chunk = String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!);
    if (chunk === 'VP8X') return { kind: 'webp', contentType: 'image/webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
    if (chunk === 'VP8L' && b[20] === 0x2f) {
      const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
      return { kind: 'webp', contentType: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8 ' && startsWith(b, [0x9d, 0x01, 0x2a], 23)) {
      return { kind: 'webp', contentType: 'image/webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
    }
    return null;
  }
  return null;
};

/** A JPEG must end with its end-of-image marker (a few trailing bytes are tolerated). */
export const looksTruncated = (b: Uint8Array, kind: ImageKind) => {
  if (kind === 'jpeg') {
    const tail = b.subarray(Math.max(0, b.length - 64));
    for (let i = tail.length - 2; i >= 0; i--) if (tail[i] === 0xff && tail[i + 1] === 0xd9) return false;
    return true;
  }
  if (kind === 'png') {
    // IEND chunk type near the end
    const tail = b.subarray(Math.max(0, b.length - 32));
    for (let i = 0; i + 3 < tail.length; i++) if (tail[i] === 0x49 && tail[i + 1] === 0x45 && tail[i + 2] === 0x4e && tail[i + 3] === 0x44) return false;
    return true;
  }
  // WebP: the RIFF size must cover the file
  const riffSize = b[4]! | (b[5]! << 8) | (b[6]! << 16) | (b[7]! << 24);
  return riffSize + 8 > b.length;
};

export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

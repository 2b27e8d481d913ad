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

/**
 * A JPEG's EXIF Orientation (1–8; 1 when absent or unreadable): how the stored pixels must be turned
 * to show the photo upright. Phones store portrait photos sideways with Orientation 6 or 8; browsers
 * (and copies made by them, like the post form's resize) show them turned.
 */
export const jpegOrientation = (b: Uint8Array): number => {
  let i = 2;
  while (i + 4 < b.length && b[i] === 0xff) {
    const marker = b[i + 1]!;
    if (marker === 0xda || marker === 0xd9) return 1; // image data: no EXIF before it
    const len = u16be(b, i + 2);
    if (marker === 0xe1 && len >= 16 && String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!) === 'Exif') {
      const tiff = i + 10;
      const little = b[tiff] === 0x49; // "II" little-endian, "MM" big-endian
      const u16 = (at: number) => (little ? u16le(b, at) : u16be(b, at));
      const u32 = (at: number) => (little ? (u16le(b, at) | (u16le(b, at + 2) << 16)) >>> 0 : u32be(b, at));
      const ifd = tiff + u32(tiff + 4);
      const end = Math.min(b.length, i + 2 + len);
      if (ifd + 2 > end) return 1;
      const entries = u16(ifd);
      for (let e = 0; e < entries && ifd + 2 + e * 12 + 12 <= end; e++) {
        const entry = ifd + 2 + e * 12;
        if (u16(entry) === 0x0112) {
          const value = u16(entry + 8);
          return value >= 1 && value <= 8 ? value : 1;
        }
      }
      return 1;
    }
    if (len < 2) return 1;
    i += 2 + len;
  }
  return 1;
};

/** Channels per pixel of each PNG colour type (grey, RGB, palette, grey+alpha, RGBA). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * A PNG's chunks must run from IHDR to IEND and end there, and its compressed image data can be
 * no larger than the pixels it declares (deflate never expands by more than a few bytes per 16 KB).
 * This refuses data smuggled after IEND and a "1×1" picture carrying megabytes of payload.
 */
const pngIntact = (b: Uint8Array) => {
  let i = 8;
  let idat = 0;
  let maxIdat = 0;
  while (i + 12 <= b.length) {
    const length = u32be(b, i);
    const type = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
    const end = i + 12 + length;
    if (end > b.length || (i === 8 && type !== 'IHDR')) return false;
    if (type === 'IHDR') {
      const width = u32be(b, i + 8);
      const height = u32be(b, i + 12);
      const bits = (PNG_CHANNELS[b[i + 17]!] ?? 4) * Math.min(16, b[i + 16]!);
      const raw = height * (1 + Math.ceil((width * bits) / 8));
      // + filter bytes of the 7 interlace passes, zlib framing and stored-block headers
      maxIdat = raw + 7 * (height + 8) + Math.ceil(raw / 16_000) * 5 + 1024;
    }
    if (type === 'IDAT') idat += length;
    if (type === 'IEND') return end === b.length && idat > 0 && idat <= maxIdat;
    i = end;
  }
  return false;
};

/**
 * Damaged or carrying something else: a JPEG must end with its end-of-image marker (a few trailing
 * bytes are tolerated, cameras write them); a PNG must be intact chunk by chunk; a WebP's RIFF size
 * must be the file's size.
 */
export const looksTruncated = (b: Uint8Array, kind: ImageKind) => {
  if (kind === 'jpeg') {
    const tail = b.subarray(Math.max(0, b.length - 64));
    for (let i = tail.length - 2; i >= 0; i--) if (tail[i] === 0xff && tail[i + 1] === 0xd9) return false;
    return true;
  }
  if (kind === 'png') return !pngIntact(b);
  const riffSize = (b[4]! | (b[5]! << 8) | (b[6]! << 16) | (b[7]! << 24)) >>> 0;
  // a RIFF chunk may carry one pad byte; anything more past it is not part of the image
  return riffSize + 8 > b.length || riffSize + 8 < b.length - 1;
};

export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

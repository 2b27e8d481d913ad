/**
 * Removes what a photo file says besides its picture (decision 012, "Photo metadata"): EXIF (GPS
 * position, camera make, model and serial number, owner's name, dates), XMP, IPTC, comments, text
 * chunks, embedded thumbnails and trailers. Lossless: segments and chunks are dropped, the picture's
 * bytes are copied untouched, so the photo decodes to exactly the same pixels.
 *
 * Orientation: a phone stores a portrait photo sideways with EXIF Orientation 6 or 8 and every
 * browser turns it upright from that tag. A JPEG whose Orientation is not 1 keeps a minimal EXIF
 * block holding that tag alone (one number, 1–8: how the phone was held), so it still shows upright
 * without being re-encoded.
 */
import { JPEG_KEPT_APP_SEGMENTS, PNG_KEPT_CHUNKS, WEBP_KEPT_CHUNKS } from '../schemas/photo-safety-data';
import { concatBytes } from './crypto';
import { jpegOrientation, type ImageKind } from './images';

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);
const u32le = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

const join = (parts: Uint8Array[]) => concatBytes(...parts);

/** APP1 "Exif" with a big-endian TIFF header and one IFD entry: Orientation (SHORT) = `orientation`. */
export const orientationOnlyExif = (orientation: number) =>
  Uint8Array.from([
    0xff, 0xe1, 0x00, 0x22, // APP1, 34 bytes
    0x45, 0x78, 0x69, 0x66, 0x00, 0x00, // "Exif\0\0"
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // "MM", 42, IFD0 at 8
    0x00, 0x01, // one entry
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00, // Orientation, SHORT, 1 value
    0x00, 0x00, 0x00, 0x00, // no further IFD
  ]);

const keptApp = (b: Uint8Array, at: number, marker: number, len: number) =>
  JPEG_KEPT_APP_SEGMENTS.some(
    (kept) => kept.marker === marker && len - 2 >= kept.signature.length && ascii(b, at + 4, kept.signature.length) === kept.signature && (kept.marker !== 0xe0 || len === 16),
  );

/**
 * The JPEG with only the segments that make its picture, the colour profile and transform
 * (JPEG_KEPT_APP_SEGMENTS), and an Orientation-only EXIF block when the photo is turned; nothing
 * after the end-of-image marker. Null when its segments cannot be followed to the end.
 */
const stripJpeg = (b: Uint8Array): Uint8Array | null => {
  const orientation = jpegOrientation(b);
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  if (orientation !== 1) parts.push(orientationOnlyExif(orientation));
  let i = 2;
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      parts.push(b.subarray(i, i + 2));
      return join(parts);
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xd8) return null; // not where a segment belongs
    if (i + 4 > b.length) return null;
    const len = u16be(b, i + 2);
    const end = i + 2 + len;
    if (len < 2 || end > b.length) return null;
    const metadata = marker === 0xfe || (marker >= 0xe0 && marker <= 0xef && !keptApp(b, i, marker, len));
    if (marker !== 0xda) {
      if (!metadata) parts.push(b.subarray(i, end));
      i = end;
      continue;
    }
    // a scan: its header, then entropy-coded data up to the next marker that is not stuffing or RSTn
    let next = end;
    for (;;) {
      next = b.indexOf(0xff, next);
      if (next < 0 || next + 1 >= b.length) return null;
      const after = b[next + 1]!;
      if (after === 0x00 || (after >= 0xd0 && after <= 0xd7) || after === 0xff) {
        next += after === 0xff ? 1 : 2;
        continue;
      }
      break;
    }
    parts.push(b.subarray(i, next));
    i = next;
  }
  return null;
};

/** The PNG with only PNG_KEPT_CHUNKS, ending at IEND. Null when its chunks do not reach IEND. */
const stripPng = (b: Uint8Array): Uint8Array | null => {
  const kept = new Set<string>(PNG_KEPT_CHUNKS);
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= b.length) {
    const end = i + 12 + u32be(b, i);
    if (end > b.length) return null;
    const type = ascii(b, i + 4, 4);
    if (kept.has(type)) parts.push(b.subarray(i, end));
    if (type === 'IEND') return join(parts);
    i = end;
  }
  return null;
};

/** VP8X flags: the file carries EXIF / XMP */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

/**
 * The WebP with only WEBP_KEPT_CHUNKS; VP8X no longer announces EXIF or XMP and the RIFF size is the
 * new length. Null when its chunks do not add up to the RIFF size.
 */
const stripWebp = (b: Uint8Array): Uint8Array | null => {
  const kept = new Set<string>(WEBP_KEPT_CHUNKS);
  const riffEnd = Math.min(b.length, 8 + u32le(b, 4));
  const parts: Uint8Array[] = [];
  let i = 12;
  while (i + 8 <= riffEnd) {
    const size = u32le(b, i + 4);
    const end = i + 8 + size + (size & 1); // chunks are padded to an even length
    if (i + 8 + size > riffEnd) return null;
    const type = ascii(b, i, 4);
    if (kept.has(type)) {
      const chunk = b.slice(i, Math.min(end, riffEnd));
      if (type === 'VP8X') chunk[8] = chunk[8]! & ~(VP8X_EXIF | VP8X_XMP);
      parts.push(chunk);
    }
    i = end;
  }
  const body = join(parts);
  const out = new Uint8Array(12 + body.length);
  out.set(b.subarray(0, 12));
  out.set(body, 12);
  const riffSize = out.length - 8;
  out.set([riffSize & 255, (riffSize >>> 8) & 255, (riffSize >>> 16) & 255, (riffSize >>> 24) & 255], 4);
  return out;
};

/**
 * The photo without its metadata (see above), or null when the file's structure cannot be followed
 * (the caller refuses it rather than store it with its metadata). A clean file comes back with the
 * same bytes, so stripping again changes nothing.
 */
export const stripMetadata = (bytes: Uint8Array, kind: ImageKind): Uint8Array | null => {
  if (kind === 'jpeg') return stripJpeg(bytes);
  if (kind === 'png') return stripPng(bytes);
  return stripWebp(bytes);
};

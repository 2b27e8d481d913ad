/**
 * Reviewed limits and lists for photo uploads (decision 012, "Decode budget" and "Photo metadata"):
 * how much decoding work one photo may ask of the Worker, and which parts of a photo file are kept
 * when its metadata is removed. Plain data, no imports. Change it here and in
 * worker/schemas/photo-safety-data.test.ts.
 */

/**
 * Most scans (SOS markers, one per decoding pass) a JPEG may have. A decoder walks every block of
 * the picture once per scan, so time grows with the scan count while the file stays small (a crafted
 * 200 KB file with 2,000 empty passes took seconds). Baseline JPEGs have 1 scan (3 when a component
 * is sent per scan); libjpeg's default progressive script has 10; mozjpeg's scripts (with
 * optimize_scans) up to ~20; Photoshop's "progressive, 5 scans" 5. 64 leaves three times the largest
 * real encoder's count, and the work of the passes is bounded on its own by MAX_WORKER_JPEG_BLOCK_SCANS.
 */
export const MAX_JPEG_SCANS = 64;

/**
 * Most Huffman / quantisation table definitions in one JPEG. Every table is built before decoding
 * (a small, fixed cost each), so thousands of them are work without picture. Encoders define 2–4 of
 * each; progressive files send new Huffman tables before most scans (at most 4 per scan).
 */
export const MAX_JPEG_HUFFMAN_TABLES = 4 * MAX_JPEG_SCANS;
export const MAX_JPEG_QUANT_TABLES = 16;

/**
 * Decoding work the Worker does for a photo itself, in blocks decoded: every scan costs one pass
 * over the 8×8 blocks of the components it carries. A 4 MP photo (the in-Worker size cap,
 * MAX_HASH_PIXELS) without colour subsampling is 187,500 blocks; libjpeg's 10-scan progressive script
 * over it is ~750,000 block-passes, a 20-scan mozjpeg script ~1,375,000. Photos over this are hashed from the Images
 * binding's small copy instead (like photos over 4 MP), so no photo makes the Worker walk more blocks
 * than the largest normal one (~0.3 s at ~200 ns per block-pass measured on the dev box).
 */
export const MAX_WORKER_JPEG_BLOCK_SCANS = 1_500_000;

/**
 * A PNG's image data may inflate to at most its declared pixels' size plus this many bytes (zlib
 * output is exactly the filtered rows; the slack covers a stray zero-length block or padding).
 * Anything more is a zlib bomb: 5 MB of deflate can expand ~1,000 times.
 */
export const PNG_INFLATE_SLACK = 64 * 1024;

/** The largest ICC colour profile a PNG may carry once inflated (real profiles are 0.5–600 KB). */
export const MAX_ICC_PROFILE_BYTES = 1024 * 1024;

/**
 * JPEG segments kept when metadata is removed, besides the ones that make the picture (SOI, DQT,
 * DHT, SOFn, DRI, SOS and its data, RSTn, EOI), each with why. Every other APPn (Exif, XMP, IPTC /
 * Photoshop, MPF secondary images, maker notes, FlashPix, …), COM, and any bytes after EOI (phone
 * makers' trailers, appended motion-photo videos) are dropped.
 */
export const JPEG_KEPT_APP_SEGMENTS = [
  { marker: 0xe0, signature: 'JFIF\0', why: 'pixel density and the colour convention; kept only without a thumbnail (16 bytes)' },
  { marker: 0xe2, signature: 'ICC_PROFILE\0', why: 'the colour profile: without it wide-gamut phone photos show with wrong colours' },
  { marker: 0xee, signature: 'Adobe', why: 'the colour transform flag: without it CMYK / RGB JPEGs from Adobe tools decode with wrong colours' },
] as const;

/**
 * PNG chunks kept; every other chunk (tEXt, zTXt, iTXt, eXIf, tIME, and private ones such as
 * camera or editor data) is dropped. APNG animation chunks are dropped too: the still IDAT picture
 * stays, and it is the picture the duplicate-photo hash sees.
 */
export const PNG_KEPT_CHUNKS = ['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'pHYs', 'bKGD', 'cICP', 'mDCV', 'cLLI'] as const;

/** WebP (RIFF) chunks kept; EXIF, XMP and unknown chunks are dropped and VP8X's flags say so. */
export const WEBP_KEPT_CHUNKS = ['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ICCP', 'ANIM', 'ANMF'] as const;

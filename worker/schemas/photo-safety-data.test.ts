import { describe, expect, it } from 'vitest';
import { MAX_HASH_PIXELS } from '../lib/phash';
import {
  JPEG_KEPT_APP_SEGMENTS,
  MAX_JPEG_HUFFMAN_TABLES,
  MAX_JPEG_SCANS,
  MAX_WORKER_JPEG_BLOCK_SCANS,
  PNG_KEPT_CHUNKS,
  WEBP_KEPT_CHUNKS,
} from './photo-safety-data';

describe('photo safety data', () => {
  it('the scan limit leaves room for every real encoder (mozjpeg writes up to ~20) and tables for each scan', () => {
    expect(MAX_JPEG_SCANS).toBeGreaterThanOrEqual(3 * 20);
    expect(MAX_JPEG_HUFFMAN_TABLES).toBeGreaterThanOrEqual(4 * MAX_JPEG_SCANS);
  });

  it('the Worker decode budget covers a photo at the 4 MP cap without subsampling and with up to 20 scans, not one with the scan limit', () => {
    const blocks = MAX_HASH_PIXELS / 64; // per component
    // the DC scan carries the three components, each AC scan one
    const work = (scans: number) => 3 * blocks + (scans - 1) * blocks;
    expect(work(10)).toBeLessThanOrEqual(MAX_WORKER_JPEG_BLOCK_SCANS); // libjpeg's default script
    expect(work(20)).toBeLessThanOrEqual(MAX_WORKER_JPEG_BLOCK_SCANS); // mozjpeg's longest
    expect(work(MAX_JPEG_SCANS)).toBeGreaterThan(MAX_WORKER_JPEG_BLOCK_SCANS);
  });

  it('no kept segment or chunk is one that carries metadata', () => {
    expect(JPEG_KEPT_APP_SEGMENTS.map((s) => s.signature)).not.toContain('Exif\0');
    const keptMarkers: number[] = JPEG_KEPT_APP_SEGMENTS.map((s) => s.marker);
    for (const marker of [0xe1, 0xed, 0xfe]) expect(keptMarkers).not.toContain(marker); // Exif/XMP, IPTC, comments
    for (const chunk of ['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']) expect(PNG_KEPT_CHUNKS).not.toContain(chunk);
    for (const chunk of ['EXIF', 'XMP ']) expect(WEBP_KEPT_CHUNKS).not.toContain(chunk);
    for (const name of [...PNG_KEPT_CHUNKS, ...WEBP_KEPT_CHUNKS]) expect(name).toHaveLength(4);
  });
});

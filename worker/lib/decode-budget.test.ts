import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { pngChunk } from '../../tests/factories/png-chunks';
import { progressiveJpeg } from '../../tests/factories/progressive-jpeg';
import { scene, toJpeg, toPng } from '../../tests/factories/photo-variants';
import { MAX_ICC_PROFILE_BYTES, MAX_JPEG_SCANS, MAX_WORKER_JPEG_BLOCK_SCANS } from '../schemas/photo-safety-data';
import { jpegDecodableHere, jpegRefusal, jpegStructure, pngInflatesWithinBudget } from './decode-budget';
import { photoHash } from './phash';

const picture = scene(320, 240, 41);
const baseline = toJpeg(picture, 85);

/** `jpeg` with the byte after its first SOF marker's length (the precision) or the marker itself changed */
const patchSof = (jpeg: Uint8Array, change: (bytes: Uint8Array, sofAt: number) => void) => {
  const out = jpeg.slice();
  for (let i = 2; i < out.length; i++) {
    if (out[i] === 0xff && (out[i + 1] === 0xc0 || out[i + 1] === 0xc2)) {
      change(out, i);
      return out;
    }
  }
  throw new Error('no SOF');
};
/** `jpeg` with `segment` (marker + payload) inserted right after SOI */
const withSegment = (jpeg: Uint8Array, marker: number, payload: number[]) => {
  const seg = [0xff, marker, ((payload.length + 2) >> 8) & 255, (payload.length + 2) & 255, ...payload];
  return Uint8Array.from([...jpeg.subarray(0, 2), ...seg, ...jpeg.subarray(2)]);
};

describe('jpegStructure', () => {
  it('reads a baseline JPEG: one frame, one scan over all three components', () => {
    const s = jpegStructure(baseline);
    expect(s).toMatchObject({ sof: 0xc0, frames: 1, precision: 8, width: 320, height: 240, scans: 1, complete: true, hierarchical: false });
    expect(s.components).toHaveLength(3);
    expect(s.blockScans).toBe(3 * 40 * 30);
    expect(jpegRefusal(s)).toBeNull();
  });

  it('counts every scan of a progressive JPEG and the blocks each one walks', () => {
    for (const scans of [4, 10, MAX_JPEG_SCANS, MAX_JPEG_SCANS + 1, 500]) {
      const s = jpegStructure(progressiveJpeg(picture, { scans }));
      expect(s).toMatchObject({ sof: 0xc2, scans, complete: true });
      // the DC scan carries three components, every other scan one
      expect(s.blockScans).toBe(40 * 30 * (3 + scans - 1));
    }
  });

  it('refuses more scans than MAX_JPEG_SCANS, and accepts up to it', () => {
    expect(jpegRefusal(jpegStructure(progressiveJpeg(picture, { scans: MAX_JPEG_SCANS })))).toBeNull();
    expect(jpegRefusal(jpegStructure(progressiveJpeg(picture, { scans: MAX_JPEG_SCANS + 1 })))).toEqual({ code: 'JPEG_TOO_MANY_SCANS', scans: MAX_JPEG_SCANS + 1 });
  });

  it('refuses the codings browsers cannot show or no camera writes', () => {
    const arithmetic = patchSof(baseline, (b, at) => (b[at + 1] = 0xc9));
    expect(jpegRefusal(jpegStructure(arithmetic))).toEqual({ code: 'UNUSUAL_JPEG', what: 'arithmetic coding' });
    const lossless = patchSof(baseline, (b, at) => (b[at + 1] = 0xc3));
    expect(jpegRefusal(jpegStructure(lossless))).toEqual({ code: 'UNUSUAL_JPEG', what: 'lossless JPEG' });
    const twelveBit = patchSof(baseline, (b, at) => (b[at + 4] = 12));
    expect(jpegRefusal(jpegStructure(twelveBit))).toEqual({ code: 'UNUSUAL_JPEG', what: '12-bit samples' });
    const oddSampling = patchSof(baseline, (b, at) => (b[at + 11] = 0x51));
    expect(jpegRefusal(jpegStructure(oddSampling))).toEqual({ code: 'UNUSUAL_JPEG', what: 'unusual colour sampling' });
    const hierarchical = withSegment(baseline, 0xde, [8, 0, 240, 1, 64, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
    expect(jpegRefusal(jpegStructure(hierarchical))).toEqual({ code: 'UNUSUAL_JPEG', what: 'several frames' });
  });

  it('refuses thousands of Huffman tables (work before any picture)', () => {
    const table = [0x00, 0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    let jpeg = baseline;
    for (let i = 0; i < 40; i++) jpeg = withSegment(jpeg, 0xc4, Array.from({ length: 8 }, () => table).flat());
    expect(jpegStructure(jpeg).huffmanTables).toBeGreaterThan(300);
    expect(jpegRefusal(jpegStructure(jpeg))).toEqual({ code: 'UNUSUAL_JPEG', what: 'too many coding tables' });
  });

  it('a file cut off inside its image data is read without throwing', () => {
    const s = jpegStructure(progressiveJpeg(picture, { scans: 10 }).subarray(0, 3000));
    expect(s.complete).toBe(false);
    expect(s.scans).toBeGreaterThanOrEqual(1);
  });
});

describe('the Worker decodes a JPEG itself only within its budget', () => {
  it('a 1600 × 1200 photo with a real encoder’s 10 scans is decoded and hashed here', () => {
    const photo = progressiveJpeg(scene(1600, 1200, 42), { scans: 10 });
    expect(jpegStructure(photo).blockScans).toBeLessThanOrEqual(MAX_WORKER_JPEG_BLOCK_SCANS);
    expect(jpegDecodableHere(photo)).toBe(true);
    expect(photoHash(photo, 'jpeg')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('the same photo with 64 scans is over the budget: not decoded here (photoHash gives null, hashPhoto asks the Images binding)', () => {
    const photo = progressiveJpeg(scene(1600, 1200, 42), { scans: 64 });
    expect(jpegRefusal(jpegStructure(photo))).toBeNull();
    expect(jpegStructure(photo).blockScans).toBeGreaterThan(MAX_WORKER_JPEG_BLOCK_SCANS);
    expect(jpegDecodableHere(photo)).toBe(false);
    expect(photoHash(photo, 'jpeg')).toBeNull();
  });
});

describe('pngInflatesWithinBudget', () => {
  const te = new TextEncoder();
  const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const chunk = (type: string, data: Uint8Array) => [...pngChunk(type, data)];
  const png = (width: number, height: number, chunks: number[][]) =>
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk('IHDR', Uint8Array.from([...u32(width), ...u32(height), 8, 6, 0, 0, 0])), ...chunks.flat(), ...chunk('IEND', new Uint8Array())]);

  it('a real PNG is within budget and is hashed', () => {
    const real = toPng(scene(400, 300, 43));
    expect(pngInflatesWithinBudget(real)).toBe(true);
    expect(photoHash(real, 'png')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('a 100 × 100 PNG whose 20 KB of image data inflate to 20 MB is a bomb: never inflated in full, not decoded here', () => {
    const bomb = png(100, 100, [chunk('IDAT', zlibSync(new Uint8Array(20 * 1024 * 1024), { level: 9 }))]);
    expect(bomb.length).toBeLessThan(40_000);
    expect(pngInflatesWithinBudget(bomb)).toBe(false);
    expect(photoHash(bomb, 'png')).toBeNull();
  });

  it('an ICC profile inflating past MAX_ICC_PROFILE_BYTES is a bomb too', () => {
    const rows = zlibSync(new Uint8Array(100 * 401));
    const profile = (size: number) => chunk('iCCP', Uint8Array.from([...te.encode('icc'), 0, 0, ...zlibSync(new Uint8Array(size), { level: 9 })]));
    expect(pngInflatesWithinBudget(png(100, 100, [profile(3000), chunk('IDAT', rows)]))).toBe(true);
    expect(pngInflatesWithinBudget(png(100, 100, [profile(MAX_ICC_PROFILE_BYTES + 1), chunk('IDAT', rows)]))).toBe(false);
  });
});

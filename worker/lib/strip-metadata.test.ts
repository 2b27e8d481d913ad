import { describe, expect, it } from 'vitest';
import { containsBytes, jpegWithMetadata, pngWithMetadata } from '../../tests/factories/photo-metadata';
import { scene, toJpeg, toPng } from '../../tests/factories/photo-variants';
import { jpegOrientation } from './images';
import { stripMetadata } from './strip-metadata';

const te = new TextEncoder();
const segment = (marker: number, payload: Uint8Array) => Uint8Array.from([0xff, marker, ((payload.length + 2) >> 8) & 255, (payload.length + 2) & 255, ...payload]);
const afterSoi = (jpeg: Uint8Array, ...segments: Uint8Array[]) => Uint8Array.from([...jpeg.subarray(0, 2), ...segments.flatMap((s) => [...s]), ...jpeg.subarray(2)]);
const base = toJpeg(scene(64, 48, 71), 85);

describe('stripMetadata (JPEG)', () => {
  it('keeps the colour profile (APP2 ICC_PROFILE) and Adobe’s colour transform (APP14), drops MPF and other APP2 data', () => {
    const icc = segment(0xe2, Uint8Array.from([...te.encode('ICC_PROFILE\0'), 1, 1, ...te.encode('profile-bytes')]));
    const adobe = segment(0xee, Uint8Array.from([...te.encode('Adobe'), 0, 100, 0, 0, 0, 0, 1]));
    const mpf = segment(0xe2, Uint8Array.from([...te.encode('MPF\0'), ...te.encode('second-image-index')]));
    const out = stripMetadata(afterSoi(base, icc, mpf, adobe), 'jpeg')!;
    expect(containsBytes(out, icc)).toBe(true);
    expect(containsBytes(out, adobe)).toBe(true);
    expect(containsBytes(out, 'second-image-index')).toBe(false);
  });

  it('a JFIF header with an embedded thumbnail is dropped (the thumbnail may show the uncropped photo)', () => {
    const withThumb = segment(0xe0, Uint8Array.from([...te.encode('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 1, 1, 9, 9, 9]));
    expect(containsBytes(stripMetadata(afterSoi(base, withThumb), 'jpeg')!, withThumb)).toBe(false);
  });

  it('is idempotent, also for a turned photo (the Orientation-only block is kept as it is)', () => {
    for (const orientation of [1, 3, 6, 8]) {
      const once = stripMetadata(jpegWithMetadata(base, orientation), 'jpeg')!;
      expect(jpegOrientation(once)).toBe(orientation);
      expect(stripMetadata(once, 'jpeg')).toEqual(once);
    }
    expect(stripMetadata(base, 'jpeg')).toEqual(base);
  });

  it('a file whose segments cannot be followed gives null (refused, never stored with its metadata)', () => {
    expect(stripMetadata(base.subarray(0, base.length - 200), 'jpeg')).toBeNull();
    const broken = base.slice();
    broken[2] = 0x00;
    expect(stripMetadata(broken, 'jpeg')).toBeNull();
  });
});

describe('stripMetadata (PNG)', () => {
  it('removes text, eXIf and tIME chunks and is idempotent; a cut-off PNG gives null', () => {
    const png = toPng(scene(32, 24, 72));
    expect(stripMetadata(pngWithMetadata(png), 'png')).toEqual(png);
    expect(stripMetadata(png, 'png')).toEqual(png);
    expect(stripMetadata(png.subarray(0, png.length - 12), 'png')).toBeNull();
  });
});

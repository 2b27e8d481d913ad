import { describe, expect, it } from 'vitest';
import { fitWithin, jpegName, photoFileProblem, photosThatFit, planImage } from './image-processing';

const MB = 1024 * 1024;

describe('downscale size', () => {
  it('keeps the longest side at most 1600 px and the aspect ratio', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(2400, 1600)).toEqual({ width: 1600, height: 1067 });
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10000, 10)).toEqual({ width: 1600, height: 2 });
    expect(fitWithin(20000, 1)).toEqual({ width: 1600, height: 1 });
  });

  it('re-encodes big photos, keeps small PNG/WebP and small JPEGs that fit', () => {
    expect(planImage({ type: 'image/jpeg', bytes: 3 * MB, width: 4000, height: 3000 })).toEqual({ action: 'encode', width: 1600, height: 1200 });
    expect(planImage({ type: 'image/jpeg', bytes: 900 * 1024, width: 1200, height: 900 })).toEqual({ action: 'encode', width: 1200, height: 900 });
    expect(planImage({ type: 'image/jpeg', bytes: 200 * 1024, width: 1200, height: 900 })).toEqual({ action: 'keep' });
    expect(planImage({ type: 'image/jpeg', bytes: 200 * 1024, width: 2000, height: 1000 })).toEqual({ action: 'encode', width: 1600, height: 800 });
    expect(planImage({ type: 'image/png', bytes: 250 * 1024, width: 3000, height: 3000 })).toEqual({ action: 'keep' });
    expect(planImage({ type: 'image/webp', bytes: 300 * 1024, width: 800, height: 800 })).toEqual({ action: 'keep' });
    expect(planImage({ type: 'image/png', bytes: 2 * MB, width: 800, height: 800 })).toEqual({ action: 'encode', width: 800, height: 800 });
  });

  it('names a re-encoded photo .jpg', () => {
    expect(jpegName('IMG_2041.PNG')).toBe('IMG_2041.jpg');
    expect(jpegName('scan.final.webp')).toBe('scan.final.jpg');
    expect(jpegName('noext')).toBe('noext.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });
});

describe('photo checks', () => {
  it('uses the spec messages', () => {
    expect(photoFileProblem({ name: 'car.jpg', type: 'image/jpeg', size: 2 * MB })).toBeNull();
    expect(photoFileProblem({ name: 'car.webp', type: 'image/webp', size: 5 * MB })).toBeNull();
    expect(photoFileProblem({ name: 'big.jpg', type: 'image/jpeg', size: 5 * MB + 1 })).toBe('big.jpg is too large. Please use images smaller than 5MB.');
    expect(photoFileProblem({ name: 'photo.heic', type: 'image/heic', size: MB })).toBe(
      'photo.heic is not a supported image format. Please use JPEG, PNG, or WebP.',
    );
    expect(photoFileProblem({ name: 'doc.pdf', type: 'application/pdf', size: MB })).toBe('doc.pdf is not a supported image format. Please use JPEG, PNG, or WebP.');
    expect(photoFileProblem({ name: 'empty.png', type: 'image/png', size: 0 })).toBe('Failed to process empty.png. Please try again.');
  });

  it('falls back to the file name when the browser gives no type', () => {
    expect(photoFileProblem({ name: 'IMG_1.JPG', type: '', size: MB })).toBeNull();
    expect(photoFileProblem({ name: 'IMG_1.heic', type: '', size: MB })).not.toBeNull();
  });

  it('counts how many more photos fit', () => {
    expect(photosThatFit(0, 5, 20)).toBe(5);
    expect(photosThatFit(18, 5, 20)).toBe(2);
    expect(photosThatFit(20, 1, 20)).toBe(0);
    expect(photosThatFit(25, 1, 20)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { PHASH_PHOTOS } from '../../tests/fixtures/phash-photos';
import { addBorder, crop, decodeJpeg, flipVertical, fromBase64, mirror, resize, scene, storedAs, toJpeg, toPng, turn, withExifOrientation, type Rgba } from '../../tests/factories/photo-variants';
import { jpegOrientation } from './images';
import { MATCH_DISTANCE, MAX_HASH_PIXELS, bandProbes, dhashPixels, downscaledHash, hammingDistance, hashBands, hashPhoto, photoHash, photoHashed, webpPhotoHash } from './phash';
import { PRINT_WINDOWS, V1_PRINT_BYTES, decodePrint, encodePrint, printMatch, turnHashes, windowHashes } from './photo-print';
import webpWasm from './webp-wasm';
import { toWebp } from '../../tests/factories/webp';

/**
 * The duplicate-photo hash test set (decision 012), run in workerd with the decoders the Worker uses.
 * Copies a copycat makes of a photo must stay within MATCH_DISTANCE; different photos of the same
 * phone model (same drawing, other colours and scenes) must not.
 */
const original = (name: keyof typeof PHASH_PHOTOS) => fromBase64(PHASH_PHOTOS[name]);
const printOf = (bytes: Uint8Array, kind: 'jpeg' | 'png' = 'jpeg') => {
  const p = photoHashed(bytes, kind)?.print;
  if (!p) throw new Error('no print');
  return p;
};
const hashOf = (bytes: Uint8Array, kind: 'jpeg' | 'png' = 'jpeg') => {
  const h = photoHash(bytes, kind);
  if (!h) throw new Error('no hash');
  return h;
};

describe('dHash', () => {
  it('is 16 hex digits, and the same bytes give the same hash', () => {
    const h = hashOf(original('phone1'));
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(hashOf(original('phone1'))).toBe(h);
  });

  it('compares neighbours left to right in 8 rows of a 9×8 greyscale', () => {
    // a horizontal ramp getting darker to the right: every left cell is brighter → all ones
    const w = 90;
    const ramp = Uint8Array.from({ length: w * 8 }, (_, i) => 255 - (i % w) * 2);
    expect(dhashPixels(ramp, w, 8, 1)).toBe('ffffffffffffffff');
    const rising = Uint8Array.from({ length: w * 8 }, (_, i) => (i % w) * 2);
    expect(dhashPixels(rising, w, 8, 1)).toBe('0000000000000000');
  });

  it('Hamming distance counts differing bits', () => {
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('00000000000000f0', '0000000000000000')).toBe(4);
    expect(hammingDistance('8000000000000001', '0000000000000000')).toBe(2);
  });

  it('bands: every hash within distance 6 shares a band value with one of the probes', () => {
    const h = 'a5c3f00f1234beef';
    expect(hashBands(h)).toEqual([0xa5c3, 0xf00f, 0x1234, 0xbeef]);
    // flip 6 bits spread over all four bands: at least one band differs by at most 1 bit
    let seed = 7;
    for (let round = 0; round < 200; round++) {
      let hi = Number.parseInt(h.slice(0, 8), 16);
      let lo = Number.parseInt(h.slice(8), 16);
      const bits = new Set<number>();
      while (bits.size < MATCH_DISTANCE) bits.add((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 64);
      for (const b of bits) {
        if (b < 32) hi ^= 1 << b;
        else lo ^= 1 << (b - 32);
      }
      const other = (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
      expect(hammingDistance(h, other)).toBe(MATCH_DISTANCE);
      const probes = bandProbes(h);
      expect(hashBands(other).some((v, band) => probes[band]!.includes(v))).toBe(true);
    }
  });
});

describe('hash test set: the same photo edited still matches (≤ 6)', () => {
  for (const name of Object.keys(PHASH_PHOTOS) as (keyof typeof PHASH_PHOTOS)[]) {
    const base = decodeJpeg(original(name));
    const h = hashOf(original(name));
    const variants: [string, Uint8Array, 'jpeg' | 'png'][] = [
      ['resized to half', toJpeg(resize(base, 200, 150), 80), 'jpeg'],
      ['resized up to 1000×750', toJpeg(resize(base, 1000, 750), 85), 'jpeg'],
      ['recompressed at quality 30', toJpeg(base, 30), 'jpeg'],
      ['recompressed at quality 95', toJpeg(base, 95), 'jpeg'],
      ['cropped 1% on every side', toJpeg(crop(base, { left: 0.01, right: 0.01, top: 0.01, bottom: 0.01 }), 80), 'jpeg'],
      ['cropped 2% off the bottom', toJpeg(crop(base, { bottom: 0.02 }), 80), 'jpeg'],
      ['cropped 2% off the left', toJpeg(crop(base, { left: 0.02 }), 80), 'jpeg'],
      ['cropped 1%, resized to 320×240 and recompressed at 50', toJpeg(resize(crop(base, { left: 0.01, top: 0.01 }), 320, 240), 50), 'jpeg'],
      ['saved as PNG', toPng(base), 'png'],
    ];
    for (const [what, bytes, kind] of variants) {
      it(`${name}: ${what}`, () => {
        expect(hammingDistance(h, hashOf(bytes, kind))).toBeLessThanOrEqual(MATCH_DISTANCE);
      });
    }
  }
});

describe('hash test set: different photos do not match (> 6)', () => {
  // one of the seed's alike-staged phone photos, the same model shot differently, and other things
  const names = ['phone1', 'phone4', 'shotA', 'shotB', 'shotC', 'shotD', 'laptop1', 'car1'] as const;
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      it(`${names[i]} vs ${names[j]}`, () => {
        expect(hammingDistance(hashOf(original(names[i]!)), hashOf(original(names[j]!)))).toBeGreaterThan(MATCH_DISTANCE);
      });
    }
  }
});

describe('known limits of the plain hash (docs/decisions/012), which the print covers', () => {
  it('the same model staged alike, only the colours differing, can land within 6 — the prints tell them apart', () => {
    // phone2 (mint back, purple screen) and phone3 (pink back, green screen): same pose, same place in the frame
    expect(hammingDistance(hashOf(original('phone2')), hashOf(original('phone3')))).toBeLessThanOrEqual(MATCH_DISTANCE);
    expect(printMatch(printOf(original('phone2')), printOf(original('phone3')))).toBeNull();
    expect(printMatch(printOf(original('phone3')), printOf(original('phone2')))).toBeNull();
  });

  it('a near-white border on a photo with a pale edge, mirrored and resized, can escape the print (the border trim runs into the wall)', () => {
    const base = decodeJpeg(original('phone1'));
    const copy = toJpeg(resize(addBorder(mirror(base), 0.08, [250, 250, 250]), 300, 225), 60);
    expect(printMatch(printOf(original('phone1')), printOf(copy))).toBeNull();
  });

  it('crops of 2% or more on every side may exceed 6', () => {
    const base = decodeJpeg(original('shotB'));
    expect(hammingDistance(hashOf(original('shotB')), hashOf(toJpeg(crop(base, { left: 0.03, right: 0.03, top: 0.03, bottom: 0.03 }), 80)))).toBeGreaterThan(MATCH_DISTANCE);
  });
});

describe('photos that cannot be hashed', () => {
  it('flat pictures (plain colour, gradient) are not hashed: they would match each other', () => {
    const width = 200;
    const height = 150;
    const gradient = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) gradient.fill(60 + Math.round(((i % width) / width) * 150), i * 4, i * 4 + 3), (gradient[i * 4 + 3] = 255);
    expect(photoHash(toJpeg({ width, height, data: gradient }, 85), 'jpeg')).toBeNull();
    expect(photoHash(toJpeg({ width, height, data: new Uint8Array(width * height * 4).fill(200) }, 85), 'jpeg')).toBeNull();
  });

  it('damaged JPEG and non-images give null, never throw; the sync path leaves WebP to hashPhoto', async () => {
    const tinyWebp = Uint8Array.from(atob('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=='), (c) => c.charCodeAt(0));
    expect(photoHash(tinyWebp, 'webp')).toBeNull();
    expect(await hashPhoto(tinyWebp, 'webp', { webpWasm })).toEqual({ checked: true, hash: null, print: null, via: 'worker' }); // 1×1: decodes, but flat
    expect(photoHash(original('phone1').slice(0, 200), 'jpeg')).toBeNull();
    expect(photoHash(new Uint8Array([1, 2, 3]), 'png')).toBeNull();
  });
});

/**
 * WebP (decoded by libwebp in WASM, the module bundled like the Worker's): a copycat re-saving a
 * photo as WebP must land within MATCH_DISTANCE of the JPEG. The WebP copies are encoded here, in
 * workerd, with @jsquash/webp's own encoder.
 */
describe('dHash of WebP photos', () => {
  const names = ['phone1', 'phone4', 'shotA', 'shotB', 'laptop1', 'car1'] as const;

  it.each(names)('%s as lossy WebP (q75 and q40) and lossless WebP matches the JPEG', async (name) => {
    const jpegHash = hashOf(original(name));
    const img = decodeJpeg(original(name));
    for (const webp of [await toWebp(img, { quality: 75 }), await toWebp(img, { quality: 40 }), await toWebp(img, { lossless: 1 })]) {
      expect(String.fromCharCode(...webp.slice(8, 12))).toBe('WEBP');
      const outcome = await hashPhoto(webp, 'webp', { webpWasm });
      expect(outcome).toMatchObject({ checked: true, via: 'worker' });
      const h = outcome.checked ? outcome.hash : null;
      expect(h).toMatch(/^[0-9a-f]{16}$/);
      expect(hammingDistance(h!, jpegHash)).toBeLessThanOrEqual(MATCH_DISTANCE);
    }
  });

  it('a resized WebP copy matches too, and WebP copies of different photos do not', async () => {
    const webpHashes = await Promise.all(
      names.map(async (name) => {
        const img = decodeJpeg(original(name));
        return (await webpPhotoHash(await toWebp(resize(img, 300, 225), { quality: 70 }), webpWasm))!;
      }),
    );
    names.forEach((name, i) => expect(hammingDistance(webpHashes[i]!, hashOf(original(name)))).toBeLessThanOrEqual(MATCH_DISTANCE));
    for (let i = 0; i < names.length; i++) {
      for (let j = 0; j < names.length; j++) {
        if (i !== j) expect(hammingDistance(webpHashes[i]!, hashOf(original(names[j]!))), `${names[i]} vs ${names[j]}`).toBeGreaterThan(MATCH_DISTANCE);
      }
    }
  });

  it('a WebP over 4 MP is refused from its header; damaged WebP gives null, never throws', async () => {
    const big = resize(decodeJpeg(original('phone1')), 2400, 1800); // 4.3 MP
    const bigWebp = await toWebp(big, { quality: 30, method: 0 });
    expect(await webpPhotoHash(bigWebp, webpWasm)).toBeNull();
    // the same photo just under the cap is hashed (so the null above is the cap, not the decoder)
    expect(await webpPhotoHash(await toWebp(resize(big, 2300, 1725), { quality: 30, method: 0 }), webpWasm)).not.toBeNull();
    const good = await toWebp(decodeJpeg(original('phone1')), { quality: 75 });
    expect(await webpPhotoHash(good.slice(0, 200), webpWasm)).toBeNull();
    const garbled = good.slice();
    garbled.fill(0x55, 40, 400);
    expect(await webpPhotoHash(garbled, webpWasm)).toBeNull();
    expect(await webpPhotoHash(new Uint8Array([1, 2, 3]), webpWasm)).toBeNull();
  });
});

/**
 * Photos over 4 MP (a phone's 12 MP sent straight to the API): the Images binding scales them down
 * (sharp under miniflare, Cloudflare Images when deployed) and the small copy is hashed. The hash
 * must match what the Worker computes for a 1600 px copy of the same photo.
 */
describe('photos over 4 MP, hashed from the Images binding’s scaled-down copy', { timeout: 60_000 }, () => {
  const images = env.IMAGES!;
  const big = scene(4000, 3000, 11);
  const bigJpeg = toJpeg(big, 85);

  it('a 12 MP JPEG is hashed via the binding, within MATCH_DISTANCE of its 1600 px and 800 px copies; another photo is not', async () => {
    expect(bigJpeg.length).toBeLessThan(5 * 1024 * 1024);
    const outcome = await hashPhoto(bigJpeg, 'jpeg', { webpWasm, images });
    expect(outcome).toMatchObject({ checked: true, via: 'images' });
    const h = outcome.checked ? outcome.hash! : '';
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    for (const [w, hgt, q] of [[1600, 1200, 70], [800, 600, 50]] as const) {
      const copy = hashOf(toJpeg(resize(big, w, hgt), q));
      expect(hammingDistance(h, copy), `${w} px`).toBeLessThanOrEqual(MATCH_DISTANCE);
    }
    const other = hashOf(toJpeg(scene(1600, 1200, 12), 70));
    expect(hammingDistance(h, other)).toBeGreaterThan(MATCH_DISTANCE);
  });

  it('the binding path and the Worker’s own decoder agree on a photo both can read', async () => {
    const small = toJpeg(resize(big, 2000, 1500), 85);
    const sampled = await downscaledHash(small, images);
    expect(hammingDistance(sampled!, hashOf(small))).toBeLessThanOrEqual(2);
  });

  it('over 4 MP without the binding, or when it fails: not checked (the upload is refused), never a silent null', async () => {
    expect(big.width * big.height).toBeGreaterThan(MAX_HASH_PIXELS);
    expect(await hashPhoto(bigJpeg, 'jpeg', { webpWasm })).toEqual({ checked: false, overCap: true, reason: 'NO_IMAGES_BINDING' });
    const failing = {
      input: () => {
        throw new Error('ERROR 9523: the image service is unavailable');
      },
    } as unknown as ImagesBinding;
    expect(await hashPhoto(bigJpeg, 'jpeg', { webpWasm, images: failing })).toEqual({ checked: false, overCap: true, reason: 'IMAGES_FAILED' });
  });

  it('a small photo the Worker cannot decode goes to the binding; one nobody can read is not checked', async () => {
    // entropy data overwritten: jpeg-js throws, and sharp refuses it as corrupt
    const broken = original('phone1').slice();
    broken.fill(0xff, 700, broken.length - 2);
    expect(photoHash(broken, 'jpeg')).toBeNull();
    expect(await hashPhoto(broken, 'jpeg', { webpWasm, images })).toEqual({ checked: false, overCap: false, reason: 'IMAGES_FAILED' });
  });
});

/**
 * Phones store portrait photos sideways with an EXIF Orientation; browsers show them turned, and
 * the post form's resize (canvas) makes upright copies. The hash is of the photo as shown.
 */
describe('EXIF orientation', () => {
  const upright = decodeJpeg(original('phone1'));
  const uprightHash = hashOf(toJpeg(upright, 90));

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('a JPEG stored for Orientation %i hashes like the upright photo, in the Worker and via the binding', async (orientation) => {
    const bytes = withExifOrientation(toJpeg(storedAs(upright, orientation), 90), orientation);
    expect(jpegOrientation(bytes)).toBe(orientation);
    expect(hammingDistance(hashOf(bytes), uprightHash)).toBeLessThanOrEqual(2);
    // miniflare's binding turns the photo too (sharp autoOrient), so both paths agree
    expect(hammingDistance((await downscaledHash(bytes, env.IMAGES!))!, uprightHash)).toBeLessThanOrEqual(MATCH_DISTANCE);
  });

  it('the tag is what turns it: the same sideways pixels without it are another picture', () => {
    const sideways = toJpeg(storedAs(upright, 6), 90);
    expect(jpegOrientation(sideways)).toBe(1);
    expect(hammingDistance(hashOf(sideways), uprightHash)).toBeGreaterThan(MATCH_DISTANCE);
  });
});

/**
 * Edits a copycat makes to dodge the plain hash (decision 012, "Mirrors, turns, crops and borders"):
 * each must still match its original by the print rule (printMatch: an indexed window hash within
 * reach of one of the copy's 8 orientations, then the aligned thumbnails verified), and no two
 * different photos of the set may match, in any orientation or crop.
 */
describe('prints: mirrored, turned, cropped and bordered copies still match', { timeout: 120_000 }, () => {
  /** resized keeping the aspect ratio, as every photo editor does */
  const scaled = (img: Rgba, width: number) => resize(img, width, Math.round((width * img.height) / img.width));
  const edits: [string, (img: Rgba) => Rgba][] = [
    ['mirrored left to right', mirror],
    ['mirrored top to bottom', flipVertical],
    ['turned 90°', (img) => turn(img, 1)],
    ['turned 180°', (img) => turn(img, 2)],
    ['turned 270°', (img) => turn(img, 3)],
    ['cropped 5% off the left', (img) => crop(img, { left: 0.05 })],
    ['cropped 10% off the left', (img) => crop(img, { left: 0.1 })],
    ['cropped 10% off the top', (img) => crop(img, { top: 0.1 })],
    ['cropped 10% off the right', (img) => crop(img, { right: 0.1 })],
    ['cropped 10% off the bottom', (img) => crop(img, { bottom: 0.1 })],
    ['cropped 5% all round (centred)', (img) => crop(img, { left: 0.05, right: 0.05, top: 0.05, bottom: 0.05 })],
    ['cropped 10% all round (centred)', (img) => crop(img, { left: 0.1, right: 0.1, top: 0.1, bottom: 0.1 })],
    ['cropped 8% off the left and the top', (img) => crop(img, { left: 0.08, top: 0.08 })],
    ['cropped unevenly (3/6/9/2 %)', (img) => crop(img, { left: 0.03, top: 0.06, right: 0.09, bottom: 0.02 })],
    ['a thin white border (3%)', (img) => addBorder(img, 0.03, [255, 255, 255])],
    ['a black border (15%)', (img) => addBorder(img, 0.15, [0, 0, 0])],
    ['a red border (10%)', (img) => addBorder(img, 0.1, [200, 30, 40])],
    ['cropped 7%, resized to 300 px wide', (img) => scaled(crop(img, { right: 0.07 }), 300)],
    ['turned 90°, cropped 8% and 4%, resized to 200 px wide', (img) => scaled(crop(turn(img, 1), { left: 0.08, bottom: 0.04 }), 200)],
    ['mirrored, bordered in grey and resized to 300 px wide', (img) => scaled(addBorder(mirror(img), 0.08, [128, 128, 128]), 300)],
  ];
  const names = ['phone1', 'shotA', 'shotC', 'laptop1', 'car1'] as const;
  for (const name of names) {
    const base = decodeJpeg(original(name));
    const stored = printOf(original(name));
    for (const [what, edit] of edits) {
      it(`${name}: ${what}`, () => {
        const copy = toJpeg(edit(base), 60);
        expect(printMatch(stored, printOf(copy))).not.toBeNull();
      });
    }
  }

  it('the plain hash misses most of them (why the print exists)', () => {
    let missed = 0;
    let tried = 0;
    for (const name of names) {
      const base = decodeJpeg(original(name));
      const h = hashOf(original(name));
      for (const edited of [mirror(base), flipVertical(base), turn(base, 1), crop(base, { left: 0.1 }), addBorder(base, 0.15, [0, 0, 0])]) {
        tried++;
        if (hammingDistance(h, hashOf(toJpeg(edited, 80))) > MATCH_DISTANCE) missed++;
      }
    }
    expect(missed / tried).toBeGreaterThan(0.8);
  });

  it('different photos of the set never match, in any orientation or crop', () => {
    const all = Object.keys(PHASH_PHOTOS) as (keyof typeof PHASH_PHOTOS)[];
    const prints = all.map((n) => printOf(original(n)));
    for (let i = 0; i < all.length; i++) {
      for (let j = 0; j < all.length; j++) {
        if (i !== j) expect(printMatch(prints[i]!, prints[j]!), `${all[i]} vs ${all[j]}`).toBeNull();
      }
    }
  });

  it('a plain picture with a border is still flat: no hash, no print (no false holds)', () => {
    const plain: Rgba = { width: 300, height: 200, data: new Uint8Array(300 * 200 * 4).fill(180) };
    expect(photoHashed(toJpeg(addBorder(plain, 0.1, [20, 20, 20]), 85), 'jpeg')).toBeNull();
  });

  it('a border is trimmed: the bordered copy and the original have nearly the same window hashes', () => {
    const base = decodeJpeg(original('laptop1'));
    const a = windowHashes(printOf(original('laptop1')));
    const b = windowHashes(printOf(toJpeg(addBorder(base, 0.12, [0, 0, 0]), 85)));
    expect(hammingDistance(a[0]!.hash, b[0]!.hash)).toBeLessThanOrEqual(3);
  });

  it('stored form: version 2 holds each frame (2 + 1,028 bytes per frame) and reads back the same; version 1 (one frame, 1,029 bytes) is still read', () => {
    const p = printOf(original('shotB'));
    const bytes = encodePrint(p);
    expect(bytes.length).toBe(2 + 1028 * p.frames.length);
    const back = decodePrint(bytes)!;
    expect(back.frames).toHaveLength(p.frames.length);
    expect(back.frames[0]!.aspect).toBeCloseTo(p.frames[0]!.aspect, 4);
    expect(printMatch(back, p)).not.toBeNull();
    // a print stored before frames: version byte 1, aspect, the trimmed frame's thumbnail
    const v1 = new Uint8Array(V1_PRINT_BYTES);
    v1[0] = 1;
    v1.set(bytes.subarray(2, 2 + 1028), 1);
    const old = decodePrint(v1)!;
    expect(old.frames).toHaveLength(1);
    expect(printMatch(old, p)).not.toBeNull();
    expect(decodePrint(new Uint8Array(0))).toBeNull();
    expect(decodePrint(bytes.slice(0, 100))).toBeNull();
    expect(PRINT_WINDOWS).toHaveLength(15);
    expect(windowHashes(p).length).toBeLessThanOrEqual(15 * p.frames.length);
    expect(new Set(turnHashes(p).slice(0, 8)).size).toBe(8);
  });
});

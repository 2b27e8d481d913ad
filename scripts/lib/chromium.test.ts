import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './chromium';

describe('woffToSfnt', () => {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('@fontsource/noto-sans-devanagari/package.json')), 'files');
  const woff = readFileSync(join(dir, 'noto-sans-devanagari-devanagari-400-normal.woff'));

  it('unwraps every table to its original length, with a valid sfnt directory', () => {
    const ttf = woffToSfnt(woff);
    const numTables = woff.readUInt16BE(12);
    expect(ttf.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(ttf.readUInt16BE(4)).toBe(numTables);
    const tags: string[] = [];
    for (let i = 0; i < numTables; i++) {
      const entry = 12 + i * 16;
      tags.push(ttf.toString('latin1', entry, entry + 4));
      const offset = ttf.readUInt32BE(entry + 8);
      const length = ttf.readUInt32BE(entry + 12);
      expect(length).toBe(woff.readUInt32BE(44 + i * 20 + 12));
      expect(offset % 4).toBe(0);
      expect(offset + length).toBeLessThanOrEqual(ttf.length);
    }
    expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'name']));
    // the 'head' table's magic number survives decompression
    const head = tags.indexOf('head');
    expect(ttf.readUInt32BE(ttf.readUInt32BE(12 + head * 16 + 8) + 12)).toBe(0x5f0f3cf5);
  });

  it('refuses what is not a WOFF file', () => {
    expect(() => woffToSfnt(Buffer.from('not a font at all, just text'))).toThrow(/not a WOFF/);
  });
});

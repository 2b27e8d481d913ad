import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brandKeysSql } from './generate-brand-keys';

describe('migrations/0016_shortcut_data.sql', () => {
  it('is what the brand data generates (regenerate it after editing worker/schemas/brands.ts)', () => {
    expect(readFileSync(new URL('../migrations/0016_shortcut_data.sql', import.meta.url), 'utf8')).toBe(brandKeysSql());
  });
});

import { describe, expect, it } from 'vitest';
import { parseIsoDateTime } from './dates';

describe('parseIsoDateTime', () => {
  it('reads real dates and date-times with a zone', () => {
    expect(parseIsoDateTime('2026-11-25')).toBe(Date.UTC(2026, 10, 25));
    expect(parseIsoDateTime('2026-11-25T09:30:00Z')).toBe(Date.UTC(2026, 10, 25, 9, 30));
    expect(parseIsoDateTime('2026-11-25T09:30:00+05:30')).toBe(Date.UTC(2026, 10, 25, 4, 0));
    expect(parseIsoDateTime('2026-11-25T09:30+0530')).toBe(Date.UTC(2026, 10, 25, 4, 0));
    expect(parseIsoDateTime('2026-11-25T09:30:00.123Z')).toBe(Date.UTC(2026, 10, 25, 9, 30, 0, 123));
    expect(parseIsoDateTime('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
    expect(parseIsoDateTime('2000-02-29')).toBe(Date.UTC(2000, 1, 29));
    expect(parseIsoDateTime('2026-12-31T23:59:59Z')).toBe(Date.UTC(2026, 11, 31, 23, 59, 59));
  });

  it('refuses days, hours and zones that do not exist (the built-in parser rolls some of them over)', () => {
    for (const text of [
      '2026-02-30',
      '2026-02-29',
      '2100-02-29',
      '2026-04-31T10:00:00Z',
      '2026-06-31',
      '2026-00-10',
      '2026-13-01',
      '2026-01-00',
      '2026-01-01T24:00:00Z',
      '2026-01-01T23:60Z',
      '2026-01-01T23:59:60Z',
      '2026-01-01T10:00:00+15:00',
      '2026-01-01T10:00:00+05:60',
      '2026-01-01T10:00:00',
      '2026-1-1',
      '２０２６-01-01',
      ' 2026-01-01',
      '',
    ]) {
      expect(parseIsoDateTime(text), text).toBeUndefined();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { relativeNotificationDate } from './relative-date';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();
const NOW = new Date(2025, 5, 15, 9, 0);

describe('relativeNotificationDate', () => {
  it('is Today for anything earlier today (and clock-skewed future times)', () => {
    expect(relativeNotificationDate(at(2025, 6, 15, 0), NOW)).toBe('Today');
    expect(relativeNotificationDate(at(2025, 6, 15, 23), NOW)).toBe('Today');
  });
  it('is Yesterday for the previous calendar day, even a few hours ago', () => {
    expect(relativeNotificationDate(new Date(2025, 5, 14, 23, 30).toISOString(), NOW)).toBe('Yesterday');
  });
  it('counts days up to 7', () => {
    expect(relativeNotificationDate(at(2025, 6, 13), NOW)).toBe('2 days ago');
    expect(relativeNotificationDate(at(2025, 6, 8), NOW)).toBe('7 days ago');
  });
  it('shows the date after a week', () => {
    expect(relativeNotificationDate(at(2025, 6, 7), NOW)).toBe('7 Jun');
    expect(relativeNotificationDate(at(2024, 11, 20), NOW)).toBe('20 Nov 2024');
  });
  it('is empty for a bad date', () => {
    expect(relativeNotificationDate('nope', NOW)).toBe('');
  });
});

describe('relativeNotificationDate in Hindi (Intl.RelativeTimeFormat)', () => {
  it('counts minutes and hours today', () => {
    expect(relativeNotificationDate(new Date(2025, 5, 15, 7, 0).toISOString(), NOW, 'hi')).toBe('2 घंटे पहले');
    expect(relativeNotificationDate(new Date(2025, 5, 15, 8, 55).toISOString(), NOW, 'hi')).toBe('5 मिनट पहले');
    expect(relativeNotificationDate(new Date(2025, 5, 15, 9, 0).toISOString(), NOW, 'hi')).toBe('अब');
  });
  it('says कल, then days, then the date', () => {
    expect(relativeNotificationDate(new Date(2025, 5, 14, 23, 30).toISOString(), NOW, 'hi')).toBe('कल');
    expect(relativeNotificationDate(at(2025, 6, 13), NOW, 'hi')).toBe('2 दिन पहले');
    expect(relativeNotificationDate(at(2025, 6, 7), NOW, 'hi')).toMatch(/^7 जून$/);
  });
});

import { describe, expect, it } from 'vitest';
import { buildListingSlug, formatCompactPrice, formatListingDate, formatPrice, formatRelativeDay, formatTotal } from './format';

describe('formatPrice', () => {
  it('uses the rupee sign and Indian lakh grouping', () => {
    expect(formatPrice(125000, 'INR')).toBe('₹ 1,25,000');
    expect(formatPrice(999, 'INR')).toBe('₹ 999');
    expect(formatPrice(1000, 'INR')).toBe('₹ 1,000');
  });

  it('groups crores the Indian way', () => {
    expect(formatPrice(10_000_000, 'INR')).toBe('₹ 1,00,00,000');
    expect(formatPrice(52_500_000, 'INR')).toBe('₹ 5,25,00,000');
  });

  it('formats zero rather than hiding it', () => {
    expect(formatPrice(0, 'INR')).toBe('₹ 0');
  });

  it('keeps paise but no trailing zeros', () => {
    expect(formatPrice(1499.5, 'INR')).toBe('₹ 1,499.5');
    expect(formatPrice(1499.999, 'INR')).toBe('₹ 1,500');
  });

  it('defaults to rupees when the currency is missing and ignores case', () => {
    expect(formatPrice(250000)).toBe('₹ 2,50,000');
    expect(formatPrice(250000, '')).toBe('₹ 2,50,000');
    expect(formatPrice(250000, null)).toBe('₹ 2,50,000');
    expect(formatPrice(250000, 'inr')).toBe('₹ 2,50,000');
  });

  it('uses a dollar sign and western grouping for other currencies', () => {
    expect(formatPrice(1_250_000, 'USD')).toBe('$ 1,250,000');
    expect(formatPrice(5, 'CAD')).toBe('$ 5');
  });

  it('does not mislabel euro and pound prices as dollars', () => {
    expect(formatPrice(1200, 'EUR')).toBe('€ 1,200');
    expect(formatPrice(1200, 'GBP')).toBe('£ 1,200');
  });

  it('treats a non-finite price as zero instead of printing NaN', () => {
    expect(formatPrice(Number.NaN, 'INR')).toBe('₹ 0');
    expect(formatPrice(Number.POSITIVE_INFINITY, 'INR')).toBe('₹ 0');
  });
});

describe('formatListingDate', () => {
  // Local-time constructors keep these independent of the machine's time zone.
  const now = new Date(2025, 10, 20, 10, 30); // 20 Nov 2025, 10:30 local
  const daysBefore = (days: number, hour = 12) => new Date(2025, 10, 20 - days, hour, 0).toISOString();

  it('says Today for the same calendar day', () => {
    expect(formatListingDate(new Date(2025, 10, 20, 0, 5).toISOString(), now)).toBe('Today');
    expect(formatListingDate(now.toISOString(), now)).toBe('Today');
  });

  it('says Today for a timestamp slightly in the future (clock skew)', () => {
    expect(formatListingDate(new Date(2025, 10, 20, 10, 35).toISOString(), now)).toBe('Today');
  });

  it('says YESTERDAY for exactly one calendar day, even if under 24 hours ago', () => {
    expect(formatListingDate(daysBefore(1), now)).toBe('YESTERDAY');
    expect(formatListingDate(new Date(2025, 10, 19, 23, 50).toISOString(), now)).toBe('YESTERDAY');
  });

  it('counts days up to six', () => {
    expect(formatListingDate(daysBefore(2), now)).toBe('2 DAYS AGO');
    expect(formatListingDate(daysBefore(6), now)).toBe('6 DAYS AGO');
  });

  it('switches to a short month-day at seven days', () => {
    expect(formatListingDate(daysBefore(7), now)).toBe('Nov 13');
    expect(formatListingDate(new Date(2025, 10, 3, 9, 0).toISOString(), now)).toBe('Nov 3');
  });

  it('adds the year for dates from an earlier year', () => {
    expect(formatListingDate(new Date(2024, 11, 28, 12, 0).toISOString(), now)).toBe('Dec 28, 2024');
  });

  it('counts calendar days across a month boundary', () => {
    const firstOfMonth = new Date(2025, 11, 1, 8, 0);
    expect(formatListingDate(new Date(2025, 10, 30, 22, 0).toISOString(), firstOfMonth)).toBe('YESTERDAY');
    expect(formatListingDate(new Date(2025, 10, 26, 22, 0).toISOString(), firstOfMonth)).toBe('5 DAYS AGO');
  });

  it('returns an empty string for an unparseable date', () => {
    expect(formatListingDate('not a date', now)).toBe('');
    expect(formatListingDate('', now)).toBe('');
  });
});

describe('buildListingSlug', () => {
  it('builds the category-c84-title-in-location-iid-suffix shape', () => {
    expect(
      buildListingSlug({
        id: '01JD3K8ZQW4Y7XH2M9PBT5C6RA',
        title: 'Honda City 2019 ZX',
        category: { name: 'Cars' },
        location: 'Andheri West, Mumbai',
      }),
    ).toBe('cars-c84-honda-city-2019-zx-in-andheri-west-mumbai-iid-t5c6ra');
  });

  it('accepts the category as a plain name', () => {
    expect(buildListingSlug({ id: 'abc123456', title: 'Sofa', category: 'Furniture', location: 'Pune' })).toBe(
      'furniture-c84-sofa-in-pune-iid-123456',
    );
  });

  it('drops punctuation and symbols and collapses repeated hyphens', () => {
    expect(
      buildListingSlug({
        id: 'XYZ987654',
        title: 'iPhone 13 -- 128GB!!! (Blue) @ ₹45,000',
        category: { name: 'Mobile Phones' },
        location: 'Salt Lake - Kolkata',
      }),
    ).toBe('mobile-phones-c84-iphone-13-128gb-blue-45000-in-salt-lake-kolkata-iid-987654');
  });

  it('strips Latin accents but keeps other scripts intact', () => {
    expect(buildListingSlug({ id: '000000aaaaaa', title: 'Café Table', category: 'Furniture', location: 'Goa' })).toBe(
      'furniture-c84-cafe-table-in-goa-iid-aaaaaa',
    );
    expect(
      buildListingSlug({ id: '000000bbbbbb', title: 'पुराना मोबाइल फ़ोन', category: 'Mobiles', location: 'दिल्ली' }),
    ).toBe('mobiles-c84-पुराना-मोबाइल-फ़ोन-in-दिल्ली-iid-bbbbbb');
  });

  it('removes emoji', () => {
    expect(buildListingSlug({ id: 'cccccc', title: '🔥 Hot deal 🔥', category: 'Bikes', location: 'Delhi' })).toBe(
      'bikes-c84-hot-deal-in-delhi-iid-cccccc',
    );
  });

  it('survives missing category and location', () => {
    expect(buildListingSlug({ id: '1234567890', title: 'Guitar', category: null, location: null })).toBe(
      'c84-guitar-in-iid-567890',
    );
  });

  it('uses the whole id when it is shorter than six characters', () => {
    expect(buildListingSlug({ id: 'ab1', title: 'Desk', category: 'Furniture', location: 'Pune' })).toBe(
      'furniture-c84-desk-in-pune-iid-ab1',
    );
  });
});

describe('formatTotal', () => {
  it('groups digits the Indian way and marks a capped count', () => {
    expect(formatTotal({ total: 123456 })).toBe('1,23,456');
    expect(formatTotal({ total: 10000, totalCapped: true })).toBe('10,000+');
    expect(formatTotal({ total: 7, totalCapped: false })).toBe('7');
  });
});

describe('formatting for Hindi readers', () => {
  const now = new Date(2025, 10, 20, 10, 30);
  it('prices keep the rupee sign and Indian grouping', () => {
    expect(formatPrice(125000, 'INR', 'hi')).toBe('₹ 1,25,000');
    expect(formatPrice(10_000_000, 'INR', 'hi')).toBe('₹ 1,00,00,000');
  });

  it('short prices say लाख / करोड़ where space is short', () => {
    expect(formatCompactPrice(120000, 'INR', 'hi')).toMatch(/^₹ 1\.2\sलाख$/);
    expect(formatCompactPrice(35_000_000, 'INR', 'hi')).toBe('₹ 3.5 करोड़');
    expect(formatCompactPrice(120000, 'INR', 'en')).toBe('₹ 1.2L');
    expect(formatCompactPrice(45000, 'INR', 'hi')).toBe('₹ 45,000');
  });

  it('card dates are relative in Hindi: आज, कल, "2 दिन पहले", then the date', () => {
    expect(formatListingDate(new Date(2025, 10, 20, 8).toISOString(), now, 'hi')).toBe('आज');
    expect(formatListingDate(new Date(2025, 10, 19, 23).toISOString(), now, 'hi')).toBe('कल');
    expect(formatListingDate(new Date(2025, 10, 18, 9).toISOString(), now, 'hi')).toBe('2 दिन पहले');
    expect(formatListingDate(new Date(2025, 10, 3).toISOString(), now, 'hi')).toBe('3 नव॰');
    expect(formatListingDate(new Date(2024, 10, 3).toISOString(), now, 'hi')).toBe('3 नव॰ 2024');
  });

  it('English relative days read naturally', () => {
    expect(formatRelativeDay(new Date(2025, 10, 18).toISOString(), now, 'en')).toBe('2 days ago');
    expect(formatRelativeDay(new Date(2025, 10, 19).toISOString(), now, 'en')).toBe('yesterday');
  });
});

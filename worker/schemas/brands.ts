/**
 * Brands as buyers name them. Ads store a brand in different ways: the post form's
 * brand field says "iPhone" or "Tata Motors", a laptop or a sofa has no brand field and names it in
 * the title ("Dell Inspiron 15", "Study Table by IKEA"). `listings.brand` holds one key per brand,
 * worked out here when an ad is written, so the brand filter ("Apple", "Tata", "Dell") finds them all.
 *
 * Reviewed data: add a brand's other names to BRAND_ALIASES, a brand ads only name in their title to
 * TITLE_BRANDS. Pure module (the web app and the seed import it too).
 */

/** brand key → the other names ads give it (lower case). The key is what buyers pick. */
export const BRAND_ALIASES: Readonly<Record<string, readonly string[]>> = {
  apple: ['iphone', 'macbook', 'ipad'],
  tata: ['tata motors'],
  xiaomi: ['mi', 'redmi'],
  'google pixel': ['google', 'pixel'],
};

/**
 * Brands of things the post form has no brand field for (laptops, headphones, furniture, clothes,
 * watches…), found as whole words in the title. Longer names first, so "Godrej Interio" wins over
 * "Godrej". Only names that are not everyday words ("Mi", "Noise", "Apple" alone are left out of
 * titles: "Apple" is found through "MacBook"/"iPad"/"iPhone" or "Apple Watch").
 */
export const TITLE_BRANDS: readonly string[] = [
  'godrej interio', 'urban ladder', 'royal enfield', 'hush puppies', 'red chief', 'red tape', 'tommy hilfiger',
  'armani exchange', 'american tourister', 'apple watch', 'macbook', 'ipad', 'iphone',
  'dell', 'hp', 'lenovo', 'asus', 'acer', 'msi', 'sony', 'samsung', 'lg', 'jbl', 'boat', 'bose', 'canon', 'nikon', 'gopro',
  'nintendo', 'xbox', 'oneplus', 'realme', 'vivo', 'oppo', 'xiaomi', 'redmi',
  'ikea', 'nilkamal', 'durian', 'pepperfry', 'wakefit', 'featherlite', 'duroflex',
  'whirlpool', 'godrej', 'haier', 'ifb', 'bosch', 'voltas', 'daikin', 'lloyd', 'kent', 'aquaguard', 'havells', 'bajaj', 'philips',
  'nike', 'adidas', 'puma', 'skechers', 'asics', 'woodland', 'bata', 'crocs', 'ray-ban', 'titan', 'fastrack', 'timex',
  'casio', 'fossil', 'seiko', 'decathlon', 'cosco', 'yonex', 'hercules', 'firefox', 'btwin',
];

const aliasToKey = new Map<string, string>(
  Object.entries(BRAND_ALIASES).flatMap(([key, aliases]) => [[key, key] as const, ...aliases.map((a) => [a, key] as const)]),
);
aliasToKey.set('apple watch', 'apple');

const words = (text: string) => ` ${text.toLowerCase().replace(/[^\p{L}\p{N}+-]+/gu, ' ').trim()} `;

/** The brand key of a brand name ("iPhone" → "apple", "Tata Motors" → "tata", "Hero" → "hero"). */
export function brandKey(name: string): string {
  const plain = words(name).trim();
  return aliasToKey.get(plain) ?? plain;
}

/** The first known brand named as whole words in a text, as its key; null when none is. */
export function brandInText(text: string): string | null {
  const haystack = words(text);
  let best: { at: number; brand: string } | null = null;
  for (const brand of TITLE_BRANDS) {
    const at = haystack.indexOf(` ${brand} `);
    if (at >= 0 && (!best || at < best.at)) best = { at, brand };
  }
  return best ? brandKey(best.brand) : null;
}

/** What `listings.brand` holds for an ad: its brand field, else a known brand its title (or details) names. */
export function listingBrand(features: Record<string, unknown>, title: string): string | null {
  const field = typeof features.brand === 'string' ? features.brand.trim() : '';
  if (field && field.toLowerCase() !== 'other') return brandKey(field);
  const details = typeof features.additionalDetails === 'string' ? features.additionalDetails : '';
  return brandInText(title) ?? brandInText(details);
}

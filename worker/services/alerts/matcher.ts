/**
 * A saved search compiled for the alert consumer. When a search is saved, its words go through the
 * same query understanding as GET /api/listings (lexicon forms, plurals, Hindi, a place inside the
 * words): the category and place become the index keys (`scope`, `placeId`) the consumer looks
 * candidates up by, and everything else becomes this matcher, evaluated in code against one ad.
 * Pure: no I/O, so 100,000 of them can be checked per event cheaply.
 */
import { tokens } from '../search/text';

export interface Matcher {
  /** every group must match; a group matches when any of its alternatives does (a word, or words joined by one space, already normalised by `words`) */
  groups: {
    alts: string[];
    prefix: boolean;
    /** a lexicon concept's helper words ("honda" for "activa"): they count only for ads in its subcategory */
    also?: { subcategoryId: string; alts: string[] };
  }[];
  minPriceMinor?: number;
  maxPriceMinor?: number;
  conditions?: string[];
  /** feature filters, values lower-cased (brand, fuel, bhk, …) */
  features?: Record<string, string>;
  near?: { lat: number; lng: number; radiusKm: number };
}

export interface AdForMatching {
  /** title, description, place and category names, as the full-text index holds them */
  text: string;
  priceMinor: number;
  condition: string;
  subcategoryId: string | null;
  features: Record<string, unknown>;
  latitude: number | null;
  longitude: number | null;
}

/** Lower-case, accents folded (the index's remove_diacritics) and split the way FTS5 splits. */
export const words = (text: string) =>
  tokens(
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC')
      .toLowerCase(),
  );

const haversineKm = (lat1: number, lng1: number, lat2: number, lng2: number) => {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
};

/** The ad's words, prepared once per event and shared by every candidate search. */
export const prepareAd = (ad: AdForMatching) => {
  const list = words(ad.text);
  return { ad, list, set: new Set(list) };
};
export type PreparedAd = ReturnType<typeof prepareAd>;

const hasPhrase = (p: PreparedAd, phrase: string[], prefix: boolean) => {
  if (phrase.length === 1) {
    const w = phrase[0]!;
    if (p.set.has(w)) return true;
    return prefix && p.list.some((t) => t.startsWith(w));
  }
  outer: for (let i = 0; i + phrase.length <= p.list.length; i++) {
    for (let j = 0; j < phrase.length; j++) {
      const t = p.list[i + j]!;
      const w = phrase[j]!;
      if (t !== w && !(prefix && j === phrase.length - 1 && t.startsWith(w))) continue outer;
    }
    return true;
  }
  return false;
};

export const matches = (m: Matcher, p: PreparedAd): boolean => {
  const { ad } = p;
  if (m.minPriceMinor !== undefined && ad.priceMinor < m.minPriceMinor) return false;
  if (m.maxPriceMinor !== undefined && ad.priceMinor > m.maxPriceMinor) return false;
  if (m.conditions?.length && !m.conditions.includes(ad.condition)) return false;
  for (const [key, want] of Object.entries(m.features ?? {})) {
    const have = ad.features[key];
    if (have === undefined || have === null || String(have).toLowerCase() !== want) return false;
  }
  if (m.near) {
    if (ad.latitude === null || ad.longitude === null) return false;
    if (haversineKm(m.near.lat, m.near.lng, ad.latitude, ad.longitude) > m.near.radiusKm) return false;
  }
  return m.groups.every(
    (g) =>
      g.alts.some((alt) => hasPhrase(p, alt.split(' '), g.prefix)) ||
      (g.also !== undefined && g.also.subcategoryId === ad.subcategoryId && g.also.alts.some((alt) => hasPhrase(p, alt.split(' '), false))),
  );
};

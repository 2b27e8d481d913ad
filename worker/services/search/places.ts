/**
 * Places inside the words, found before any spelling correction so a place name is never
 * "corrected" into a common word (decision 027): cities, states and localities of the locations
 * table in Latin letters, cities and states in Devanagari (the reviewed names of data/places.json,
 * else read letter by letter), and regions people use (NCR, MMR, Tricity) that mean their cities.
 */
import data from './data/places.json';
import { type loadLocations, normaliseName } from '../listings/locations';
import { isDevanagari, romanKey, transliterate } from './text';

type LocationIndex = Awaited<ReturnType<typeof loadLocations>>;
export type Place = LocationIndex['rows'][number];
/** A group of cities named as one: a region people use ("Delhi NCR"), or several cities in the words. */
export interface Region {
  name: string;
  cities: Place[];
}

interface PlaceData {
  regions: { name: string; forms: string[]; cities: string[] }[];
  devanagari: Record<string, string>;
  notAlone: string[];
  sides: string[];
}
export const placeData = data as unknown as PlaceData;

/** Words that join a place to the rest ("flat in pune", "bike pune mein"). */
export const PLACE_CONNECTORS = new Set(['in', 'near', 'at', 'around', 'mein', 'me', 'main', 'से', 'में', 'के', 'पास']);
const KIND_RANK: Record<string, number> = { state: 0, city: 1, area: 2 };
/** A lone one-word locality needs this many letters: shorter ones ("sus", "pal") are too often something else. */
const LONE_AREA_MIN_LETTERS = 5;
/** An ambiguous lone locality means the one in the biggest city only when that city is this many times the next. */
const AMBIGUOUS_AREA_RATIO = 3;
/** The longest place phrase looked for, in words ("dlf phase 3 gurugram" is found as "dlf phase 3"). */
const MAX_PLACE_WORDS = 4;

const byRank = (a: Place, b: Place) => (KIND_RANK[a.kind] ?? 3) - (KIND_RANK[b.kind] ?? 3) || b.population - a.population;

/** A Roman key for place names read from Devanagari: Hindi's loose key, "n" before b/p as "m", "y" after a vowel as "i". */
const placeKey = (word: string) =>
  romanKey(word)
    .replace(/n(?=[bp])/g, 'm')
    .replace(/(?<=[aeiou])y/g, 'i');

interface Tables {
  regions: Map<string, Region>;
  devanagari: Map<string, Place>;
  byKey: Map<string, Place[]>;
  notAlone: Set<string>;
  /** a locality's name without its side ("andheri" of Andheri East and Andheri West) → those localities */
  sided: Map<string, Place[]>;
}
const memo = new WeakMap<LocationIndex, Tables>();

const regionKey = (phrase: string) => (isDevanagari(phrase) ? phrase.normalize('NFC') : normaliseName(phrase));

const tablesFor = (index: LocationIndex): Tables => {
  const known = memo.get(index);
  if (known) return known;
  const named = (name: string, kinds: string[]) => (index.byName.get(normaliseName(name)) ?? []).filter((p) => p.isActive && kinds.includes(p.kind)).sort(byRank)[0];
  const regions = new Map<string, Region>();
  for (const r of placeData.regions) {
    const region = { name: r.name, cities: r.cities.map((c) => named(c, ['city'])).filter((p): p is Place => Boolean(p)) };
    if (region.cities.length) for (const form of r.forms) regions.set(regionKey(form), region);
  }
  const devanagari = new Map<string, Place>();
  for (const [hindi, name] of Object.entries(placeData.devanagari)) {
    const place = named(name, ['state', 'city']);
    if (place) devanagari.set(hindi.normalize('NFC'), place);
  }
  const byKey = new Map<string, Place[]>();
  for (const p of index.rows) {
    if (!p.isActive || (p.kind !== 'city' && p.kind !== 'state')) continue;
    const key = p.searchName.split(' ').map(placeKey).join(' ');
    if (key.replace(/ /g, '').length < 4) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), p]);
  }
  const sides = new Set(placeData.sides);
  const sided = new Map<string, Place[]>();
  for (const p of index.rows) {
    const parts = p.searchName.split(' ');
    if (!p.isActive || p.kind !== 'area' || parts.length < 2 || !sides.has(parts.at(-1)!)) continue;
    const base = parts.slice(0, -1).join(' ');
    sided.set(base, [...(sided.get(base) ?? []), p]);
  }
  const tables = { regions, devanagari, byKey, notAlone: new Set(placeData.notAlone.map(normaliseName)), sided };
  memo.set(index, tables);
  return tables;
};

interface Match {
  i: number;
  n: number;
  region?: Region;
  /** a place the words name for sure */
  place?: Place;
  /** localities the words may name, counted only beside their city ("fort mumbai", "sector 15 noida") */
  weak?: Place[];
}

const cityOf = (place: Place, index: LocationIndex) => (place.kind === 'area' && place.parentId ? index.byId.get(place.parentId) : place);
const ancestors = (place: Place, index: LocationIndex): number[] => {
  const out: number[] = [];
  for (let p = place.parentId ? index.byId.get(place.parentId) : undefined; p; p = p.parentId ? index.byId.get(p.parentId) : undefined) out.push(p.id);
  return out;
};

/** What a phrase names: a state or city by name or old name, a Devanagari name, a locality (sure or weak). */
const placeMatch = (index: LocationIndex, t: Tables, phrase: string, words: number, afterConnector: boolean): Omit<Match, 'i' | 'n'> | undefined => {
  if (isDevanagari(phrase)) {
    const place = t.devanagari.get(phrase.normalize('NFC')) ?? t.byKey.get(phrase.split(' ').map((w) => placeKey(transliterate(w))).join(' '))?.sort(byRank)[0];
    return place ? { place } : undefined;
  }
  const key = normaliseName(phrase);
  if (!key || key.length < 3) return undefined;
  const candidates = (index.byName.get(key) ?? []).filter((p) => p.isActive);
  const broad = candidates.filter((p) => p.kind !== 'area').sort(byRank)[0];
  if (broad) return { place: broad };
  const areas = candidates.filter((p) => p.kind === 'area');
  if (!areas.length) {
    // a locality named without its side ("andheri"): when all its sides are in one city, that city
    const sides = t.sided.get(key);
    const city = sides?.length && sides.every((a) => a.parentId === sides[0]!.parentId) ? cityOf(sides[0]!, index) : undefined;
    if (!sides || !city) return undefined;
    const sure = words > 1 || afterConnector || (key.length >= LONE_AREA_MIN_LETTERS && !t.notAlone.has(key));
    return sure ? { place: city } : { weak: sides };
  }
  const bigFirst = areas.map((a) => ({ a, pop: cityOf(a, index)?.population ?? 0 })).sort((x, y) => y.pop - x.pop);
  const unambiguous = areas.length === 1 || bigFirst[0]!.pop >= AMBIGUOUS_AREA_RATIO * bigFirst[1]!.pop;
  // a locality of several words, or after "in", is meant; a lone word must look like nothing else
  const sure = (words > 1 || afterConnector || (key.length >= LONE_AREA_MIN_LETTERS && !t.notAlone.has(key))) && unambiguous;
  return sure ? { place: bigFirst[0]!.a } : { weak: areas };
};

/**
 * The place the words name, and the words without it (and the "in"/"mein" before it). Longest
 * phrases first; a locality with its city ("baner pune") is the locality; several cities ("mumbai
 * thane") are all of them; a region's name means its cities. `isItem` guards an item's name
 * ("bullet", "honda city") from being read as a place.
 */
export const placeInWords = (index: LocationIndex, words: string[], isItem: (phrase: string) => boolean): { place?: Place; region?: Region; words: string[] } => {
  const t = tablesFor(index);
  const claimed = words.map(() => false);
  const found: Match[] = [];
  for (let n = Math.min(MAX_PLACE_WORDS, words.length); n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      if (claimed.slice(i, i + n).some(Boolean)) continue;
      const phrase = words.slice(i, i + n).join(' ');
      if (isItem(phrase)) continue;
      const region = t.regions.get(regionKey(phrase));
      const match = region ? { region } : placeMatch(index, t, phrase, n, i > 0 && PLACE_CONNECTORS.has(words[i - 1]!));
      if (!match) continue;
      found.push({ i, n, ...match });
      for (let k = i; k < i + n; k++) claimed[k] = true;
    }
  }
  // a weak locality counts beside its city (or state)
  const sureIds = new Set(found.flatMap((m) => (m.place ? [m.place.id] : [])));
  for (const m of found) {
    const beside = m.weak?.find((a) => ancestors(a, index).some((id) => sureIds.has(id)));
    if (beside) m.place = beside;
  }
  const used = found.filter((m) => m.place || m.region);
  if (!used.length) return { words };

  let chosen: { place?: Place; region?: Region; drop: Match[] };
  const region = used.find((m) => m.region)?.region;
  const places = used.filter((m) => m.place);
  const deepest = [...places].sort((a, b) => (KIND_RANK[b.place!.kind] ?? 0) - (KIND_RANK[a.place!.kind] ?? 0))[0];
  if (region) {
    // "ncr delhi": the region, and its cities' names go with it
    const ids = new Set(region.cities.map((c) => c.id));
    chosen = { region, drop: used.filter((m) => m.region === region || (m.place && (ids.has(m.place.id) || ids.has(cityOf(m.place, index)?.id ?? -1)))) };
  } else if (deepest && places.every((m) => m === deepest || ancestors(deepest.place!, index).includes(m.place!.id))) {
    chosen = { place: deepest.place!, drop: places };
  } else if (places.length > 1 && places.every((m) => m.place!.kind === 'city') && new Set(places.map((m) => m.place!.id)).size === places.length) {
    const cities = [...places].sort((a, b) => a.i - b.i).map((m) => m.place!);
    chosen = { region: { name: cities.map((c) => c.name).join(', '), cities }, drop: places };
  } else {
    // the first found (longest, leftmost) as before; the other place words stay words
    chosen = { place: places[0]!.place!, drop: [places[0]!] };
  }
  const drop = new Set<number>();
  for (const m of chosen.drop) {
    for (let k = m.i; k < m.i + m.n; k++) drop.add(k);
    if (m.i > 0 && PLACE_CONNECTORS.has(words[m.i - 1]!)) drop.add(m.i - 1);
  }
  return { ...(chosen.place ? { place: chosen.place } : {}), ...(chosen.region ? { region: chosen.region } : {}), words: words.filter((_, k) => !drop.has(k)) };
};

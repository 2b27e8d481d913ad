/**
 * Writes migrations/0003_locations.sql: Indian states / UTs, cities and areas for the `locations`
 * table, from the hand-curated data in scripts/data/india-cities.ts.
 *
 * Run: `node_modules/.bin/tsx scripts/generate-locations.ts`. Output is deterministic (fixed
 * timestamps, ids assigned after a stable sort), so re-running without data changes is a no-op.
 *
 * Ids: states 1..99 (alphabetical), cities 1000+ (by state, then name), areas 10000+ (by state,
 * city, then name). Adding data shifts later ids, so only regenerate before the migration ships.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CITIES, STATES } from './data/india-cities';
import { insertRows, migrationFile } from './lib/sql';

const FIXED_TIME = 1767225600000; // 2026-01-01, so the file never changes between runs
const OUT_FILE = new URL('../migrations/0003_locations.sql', import.meta.url);

export type LocationKind = 'state' | 'city' | 'area';

export interface LocationRow {
  id: number;
  kind: LocationKind;
  parentId: number | null;
  name: string;
  searchName: string;
  aliases: string;
  state: string;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  population: number;
}

/**
 * Lower case, accents stripped, punctuation turned into spaces, spaces collapsed. Must stay identical
 * to normaliseName() in worker/services/listings/locations.ts, which looks rows up by this value.
 */
export const toSearchName = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

// "Indira Nagar" is also typed "indiranagar" (and the other way round), so add that spelling.
const JOINABLE_SUFFIXES = new Set([
  'nagar', 'puram', 'pur', 'bagh', 'ganj', 'pet', 'peth', 'palli', 'pally', 'halli', 'abad', 'garh', 'vihar', 'wadi', 'gaon', 'guda', 'pura',
]);

// States and cities also get their name written as one word ("navimumbai", "tamilnadu").
const spellingVariants = (kind: LocationKind, searchName: string): string[] => {
  const words = searchName.split(' ');
  const last = words[words.length - 1] ?? '';
  if (kind !== 'area' && words.length > 1 && words.length <= 3) return [words.join('')];
  if (words.length === 2 && (words[0] ?? '').length > 2 && JOINABLE_SUFFIXES.has(last)) return [words.join('')];
  return [];
};

/**
 * The aliases column: '/'-separated phrases from the data, each normalised and written as a single
 * token (spaces removed, since consumers split the column on spaces), plus spelling variants;
 * de-duplicated, never repeating the name itself.
 */
const buildAliases = (kind: LocationKind, searchName: string, source: string): string => {
  const tokens: string[] = [];
  const add = (t: string) => {
    if (t && t !== searchName && t !== searchName.replace(/ /g, '') && !tokens.includes(t)) tokens.push(t);
  };
  for (const phrase of source.split('/')) add(toSearchName(phrase).replace(/ /g, ''));
  for (const v of spellingVariants(kind, searchName)) if (!tokens.includes(v)) tokens.push(v);
  return tokens.join(' ');
};

const mergeAliases = (a: string, b: string): string => [...new Set([...a.split(' '), ...b.split(' ')].filter(Boolean))].join(' ');

// Plain code-unit comparison: independent of the machine's locale / ICU data.
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const round4 = (n: number): number => Math.round(n * 1e4) / 1e4;

export const buildLocationRows = (): { rows: LocationRow[]; droppedDuplicates: string[] } => {
  const rows: LocationRow[] = [];
  const droppedDuplicates: string[] = [];

  const states = [...STATES].sort((a, b) => compare(toSearchName(a.name), toSearchName(b.name)));
  const stateIds = new Map<string, number>();
  states.forEach((s, i) => {
    const searchName = toSearchName(s.name);
    const row: LocationRow = {
      id: i + 1,
      kind: 'state',
      parentId: null,
      name: s.name,
      searchName,
      aliases: buildAliases('state', searchName, s.aliases),
      state: s.name,
      city: null,
      latitude: round4(s.lat),
      longitude: round4(s.lng),
      population: 0,
    };
    stateIds.set(s.name, row.id);
    rows.push(row);
  });

  const stateSortKey = (name: string) => toSearchName(name);
  const cities = [...CITIES].sort(
    (a, b) => compare(stateSortKey(a.state), stateSortKey(b.state)) || compare(toSearchName(a.name), toSearchName(b.name)) || compare(a.name, b.name),
  );
  const cityRows: { row: LocationRow; def: (typeof CITIES)[number] }[] = [];
  const citySeen = new Map<string, LocationRow>();
  for (const def of cities) {
    const stateId = stateIds.get(def.state);
    if (stateId === undefined) throw new Error(`city ${def.name}: unknown state "${def.state}"`);
    const searchName = toSearchName(def.name);
    const key = `${stateId}|${searchName}`;
    if (citySeen.has(key)) throw new Error(`duplicate city "${def.name}" in ${def.state}`);
    const row: LocationRow = {
      id: 1000 + cityRows.length,
      kind: 'city',
      parentId: stateId,
      name: def.name,
      searchName,
      aliases: buildAliases('city', searchName, def.aliases),
      state: def.state,
      city: def.name,
      latitude: round4(def.lat),
      longitude: round4(def.lng),
      population: Math.round(def.population),
    };
    citySeen.set(key, row);
    cityRows.push({ row, def });
  }
  rows.push(...cityRows.map((c) => c.row));

  let nextAreaId = 10000;
  for (const { row: city, def } of cityRows) {
    const byName = new Map<string, LocationRow>();
    for (const area of def.areas) {
      const searchName = toSearchName(area.name);
      if (!searchName) throw new Error(`empty area name in ${def.name}`);
      const aliases = buildAliases('area', searchName, area.aliases);
      const existing = byName.get(searchName);
      if (existing) {
        existing.aliases = mergeAliases(existing.aliases, aliases);
        droppedDuplicates.push(`${def.name}: ${area.name}`);
        continue;
      }
      byName.set(searchName, {
        id: 0,
        kind: 'area',
        parentId: city.id,
        name: area.name,
        searchName,
        aliases,
        state: def.state,
        city: def.name,
        latitude: city.latitude,
        longitude: city.longitude,
        population: 0,
      });
    }
    const areas = [...byName.values()].sort((a, b) => compare(a.searchName, b.searchName) || compare(a.name, b.name));
    for (const area of areas) {
      area.id = nextAreaId++;
      rows.push(area);
    }
  }
  return { rows, droppedDuplicates };
};

/** Throws if the generated rows are not sane; returns the counts per kind. */
export const checkLocationRows = (rows: LocationRow[]): Record<LocationKind, number> => {
  const fail = (msg: string): never => {
    throw new Error(`locations check failed: ${msg}`);
  };
  const counts: Record<LocationKind, number> = { state: 0, city: 0, area: 0 };
  const byId = new Map<number, LocationRow>();
  for (const r of rows) {
    if (byId.has(r.id)) fail(`duplicate id ${r.id}`);
    byId.set(r.id, r);
    counts[r.kind]++;
  }
  if (counts.state < 36) fail(`only ${counts.state} states/UTs`);
  if (counts.city < 300) fail(`only ${counts.city} cities`);
  if (counts.area < 1000) fail(`only ${counts.area} areas`);

  const siblings = new Set<string>();
  for (const r of rows) {
    for (const [field, value] of Object.entries({ name: r.name, aliases: r.aliases, state: r.state, city: r.city ?? '' })) {
      if (!/^[\x20-\x7e]*$/.test(value)) fail(`${r.id} ${field} has non-printable-ASCII characters: ${JSON.stringify(value)}`);
    }
    if (!r.searchName || r.searchName !== toSearchName(r.name)) fail(`${r.id} bad search_name`);
    if (!/^([a-z0-9]+( [a-z0-9]+)*)?$/.test(r.aliases)) fail(`${r.id} bad aliases ${JSON.stringify(r.aliases)}`);
    const key = `${r.parentId}|${r.searchName}`;
    if (siblings.has(key)) fail(`duplicate name "${r.name}" under parent ${r.parentId}`);
    siblings.add(key);
    if (r.latitude !== null && (r.latitude < 6 || r.latitude > 37.5)) fail(`${r.name} latitude ${r.latitude} outside India`);
    if (r.longitude !== null && (r.longitude < 68 || r.longitude > 97.5)) fail(`${r.name} longitude ${r.longitude} outside India`);

    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    if (r.kind === 'state') {
      if (r.id < 1 || r.id > 99 || r.parentId !== null || r.state !== r.name || r.city !== null) fail(`bad state row ${r.name}`);
    } else if (r.kind === 'city') {
      if (r.id < 1000 || r.id >= 10000) fail(`city id ${r.id} out of range`);
      if (!parent || parent.kind !== 'state' || parent.name !== r.state) fail(`city ${r.name} has no valid state`);
      if (r.city !== r.name || r.population <= 0) fail(`bad city row ${r.name}`);
    } else {
      if (r.id < 10000) fail(`area id ${r.id} out of range`);
      if (!parent || parent.kind !== 'city' || parent.name !== r.city || parent.state !== r.state) fail(`area ${r.name} has no valid city`);
    }
  }

  // Every state/UT has cities, and every capital is present.
  const cityNames = new Set(rows.filter((r) => r.kind === 'city').map((r) => r.name));
  for (const s of STATES) {
    if (!rows.some((r) => r.kind === 'city' && r.state === s.name)) fail(`${s.name} has no cities`);
    if (!cityNames.has(s.capital)) fail(`capital ${s.capital} of ${s.name} missing`);
  }
  return counts;
};

const COLUMNS = [
  'id', 'kind', 'parent_id', 'name', 'search_name', 'aliases', 'state', 'city', 'latitude', 'longitude', 'population', 'is_active', 'created_at', 'updated_at',
];

export const renderLocationsSql = (rows: LocationRow[]): string => {
  const values = rows.map((r) => [
    r.id, r.kind, r.parentId, r.name, r.searchName, r.aliases, r.state, r.city, r.latitude, r.longitude, r.population, 1, FIXED_TIME, FIXED_TIME,
  ]);
  return migrationFile(
    '-- Generated by scripts/generate-locations.ts from scripts/data/india-cities.ts; do not edit by hand.\n' +
      '-- Regenerate with: node_modules/.bin/tsx scripts/generate-locations.ts',
    insertRows('locations', COLUMNS, values, 50),
  );
};

const main = () => {
  const { rows, droppedDuplicates } = buildLocationRows();
  const counts = checkLocationRows(rows);
  const sql = renderLocationsSql(rows);
  if (/\r/.test(sql) || /\b(BEGIN|COMMIT)\b/.test(sql)) throw new Error('generated SQL must be LF-only and free of transactions');
  writeFileSync(OUT_FILE, sql);
  for (const d of droppedDuplicates) console.warn(`dropped duplicate area ${d}`);
  console.log(`wrote ${fileURLToPath(OUT_FILE)}: ${counts.state} states/UTs, ${counts.city} cities, ${counts.area} areas`);
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();

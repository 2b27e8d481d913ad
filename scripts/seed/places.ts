/**
 * Where demo ads are: read from the `locations` table (states → cities → areas, whatever the
 * migrations loaded), with a small built-in list of metros when the table is still empty.
 */
import type { Random } from './random';
import { weightedTable } from './random';

export interface City {
  id: number | null;
  name: string;
  stateId: number | null;
  state: string;
  latitude: number | null;
  longitude: number | null;
  population: number;
}

export interface Area {
  id: number | null;
  name: string;
}

export interface Place {
  stateId: number | null;
  cityId: number | null;
  areaId: number | null;
  state: string;
  city: string;
  area: string | null;
  /** "Area, City, State" */
  label: string;
  latitude: number | null;
  longitude: number | null;
}

// Used only when the locations migration has not run: a listing still gets a readable place.
const FALLBACK: [string, string, number, number, number, string[]][] = [
  ['Mumbai', 'Maharashtra', 19.076, 72.8777, 12_442_373, ['Andheri West', 'Bandra West', 'Powai', 'Borivali East', 'Chembur']],
  ['Delhi', 'Delhi', 28.6139, 77.209, 11_034_555, ['Karol Bagh', 'Rohini', 'Dwarka', 'Lajpat Nagar', 'Saket']],
  ['Bengaluru', 'Karnataka', 12.9716, 77.5946, 8_443_675, ['Koramangala', 'Indiranagar', 'Whitefield', 'Jayanagar', 'HSR Layout']],
  ['Hyderabad', 'Telangana', 17.385, 78.4867, 6_809_970, ['Gachibowli', 'Madhapur', 'Kukatpally', 'Banjara Hills']],
  ['Chennai', 'Tamil Nadu', 13.0827, 80.2707, 7_088_000, ['Velachery', 'T Nagar', 'Anna Nagar', 'Adyar']],
  ['Pune', 'Maharashtra', 18.5204, 73.8567, 3_124_458, ['Kothrud', 'Baner', 'Wakad', 'Hadapsar']],
  ['Kolkata', 'West Bengal', 22.5726, 88.3639, 4_496_694, ['Salt Lake', 'Park Street', 'Behala', 'New Town']],
  ['Ahmedabad', 'Gujarat', 23.0225, 72.5714, 5_577_940, ['Navrangpura', 'Satellite', 'Vastrapur']],
  ['Jaipur', 'Rajasthan', 26.9124, 75.7873, 3_046_163, ['Malviya Nagar', 'Vaishali Nagar', 'Mansarovar']],
  ['Lucknow', 'Uttar Pradesh', 26.8467, 80.9462, 2_817_105, ['Gomti Nagar', 'Hazratganj', 'Aliganj']],
  ['Kochi', 'Kerala', 9.9312, 76.2673, 602_046, ['Kakkanad', 'Edappally', 'Vyttila']],
  ['Chandigarh', 'Chandigarh', 30.7333, 76.7794, 960_787, []],
];

export interface Geography {
  cities: City[];
  pickCity: (rng: Random) => City;
  findCity: (names: string[]) => City | undefined;
  /** loads the areas of these cities (only the cities in use, a few queries in all) */
  loadAreas: (cities: City[]) => Promise<void>;
  /** areas of a city passed to loadAreas (empty when it has none) */
  areasOf: (city: City) => Area[];
  fromDatabase: boolean;
}

export const loadGeography = async (db: D1Database): Promise<Geography> => {
  const { results } = await db
    .prepare(
      `SELECT c.id, c.name, c.latitude, c.longitude, c.population, s.id AS state_id, coalesce(s.name, c.state) AS state_name
       FROM locations c LEFT JOIN locations s ON s.id = c.parent_id AND s.kind = 'state'
       WHERE c.kind = 'city' AND c.is_active = 1
       ORDER BY c.id`,
    )
    .all<{ id: number; name: string; latitude: number | null; longitude: number | null; population: number; state_id: number | null; state_name: string }>();

  const fromDatabase = results.length > 0;
  const cities: City[] = fromDatabase
    ? results.map((r) => ({ id: r.id, name: r.name, stateId: r.state_id, state: r.state_name, latitude: r.latitude, longitude: r.longitude, population: r.population }))
    : FALLBACK.map(([name, state, latitude, longitude, population]) => ({ id: null, name, stateId: null, state, latitude, longitude, population }));

  // Bigger cities get more ads, but not in proportion (a 12-million city is not 100 towns' worth).
  const pick = weightedTable(cities.map((c) => [c, Math.pow(Math.max(c.population, 50_000), 0.8)] as const));
  const byName = new Map(cities.map((c) => [c.name.toLowerCase(), c]));

  const areas = new Map<City, Area[]>();
  const loadAreas = async (wanted: City[]) => {
    const missing = [...new Set(wanted)].filter((c) => !areas.has(c));
    for (const city of missing.filter((c) => c.id === null)) {
      areas.set(city, (FALLBACK.find((f) => f[0] === city.name)?.[5] ?? []).map((name) => ({ id: null, name })));
    }
    const withIds = missing.filter((c) => c.id !== null);
    for (const city of withIds) areas.set(city, []);
    const byId = new Map(withIds.map((c) => [c.id, c]));
    for (let i = 0; i < withIds.length; i += 90) {
      const ids = withIds.slice(i, i + 90).map((c) => c.id);
      const { results } = await db
        .prepare(`SELECT id, parent_id, name FROM locations WHERE kind = 'area' AND is_active = 1 AND parent_id IN (${ids.map(() => '?').join(', ')}) ORDER BY id`)
        .bind(...ids)
        .all<{ id: number; parent_id: number; name: string }>();
      for (const r of results) {
        const city = byId.get(r.parent_id);
        if (city) areas.get(city)?.push({ id: r.id, name: r.name });
      }
    }
  };

  return {
    cities,
    pickCity: pick,
    findCity: (names) => names.map((n) => byName.get(n.toLowerCase())).find(Boolean),
    loadAreas,
    areasOf: (city) => areas.get(city) ?? [],
    fromDatabase,
  };
};

/** A stable offset for an area (so its ads cluster) plus a little scatter per ad. */
export const placeOf = (rng: Random, city: City, area: Area | null): Place => {
  const spread = city.population > 2_000_000 ? 0.09 : city.population > 500_000 ? 0.05 : 0.025;
  const areaSeed = area ? hash(`${city.name}/${area.name}`) : 0;
  const ax = area ? (((areaSeed & 0xffff) / 0xffff) * 2 - 1) * spread : 0;
  const ay = area ? ((((areaSeed >>> 16) & 0xffff) / 0xffff) * 2 - 1) * spread : 0;
  const jitter = area ? 0.006 : spread;
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    stateId: city.stateId,
    cityId: city.id,
    areaId: area?.id ?? null,
    state: city.state,
    city: city.name,
    area: area?.name ?? null,
    // "Karol Bagh, Delhi" rather than "Karol Bagh, Delhi, Delhi" where a city is its own state
    label: [area?.name, city.name, city.state].filter((part, i, all): part is string => Boolean(part) && part !== all[i - 1]).join(', '),
    latitude: city.latitude === null ? null : round(city.latitude + ay + rng.float(-jitter, jitter)),
    longitude: city.longitude === null ? null : round(city.longitude + ax + rng.float(-jitter, jitter)),
  };
};

const hash = (s: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

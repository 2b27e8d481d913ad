/**
 * Near me: which cities lie within a radius of the buyer, and how far an ad is. A bounding box on
 * the in-memory locations index picks candidates, the haversine distance decides; the listings
 * query then filters by those cities on its (status, city_id) index, and exact distances are
 * computed for the page's ads only (their own position when the seller gave one, else their city's).
 */
import type { Db } from '../../db/client';
import { loadLocations } from '../listings/locations';

export const DEFAULT_RADIUS_KM = 25;
const EARTH_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

export const haversineKm = (lat1: number, lng1: number, lat2: number, lng2: number) => {
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
};

export interface NearCity {
  id: number;
  name: string;
  km: number;
  /** the city centre the distance is measured to */
  latitude: number;
  longitude: number;
}

/**
 * How far from a city's centre its own ads may lie (km, *estimate*: the built-up area of India's
 * large cities spans ~15–25 km from the centre). An ad whose only position is its city's centre can
 * be anywhere in that span, so a buyer this close is told "in Pune", never "0.4 km".
 */
export const CITY_SPAN_KM = 20;

/** Active cities whose centre is within radiusKm of the point, nearest first. */
export const citiesWithin = async (db: Db, lat: number, lng: number, radiusKm: number): Promise<NearCity[]> => {
  const { rows } = await loadLocations(db);
  const dLat = radiusKm / 111;
  const dLng = radiusKm / (111 * Math.max(0.01, Math.cos(rad(lat))));
  const out: NearCity[] = [];
  for (const r of rows) {
    if (r.kind !== 'city' || !r.isActive || r.latitude == null || r.longitude == null) continue;
    if (Math.abs(r.latitude - lat) > dLat || Math.abs(r.longitude - lng) > dLng) continue;
    const km = haversineKm(lat, lng, r.latitude, r.longitude);
    if (km <= radiusKm) out.push({ id: r.id, name: r.name, km, latitude: r.latitude, longitude: r.longitude });
  }
  return out.sort((a, b) => a.km - b.km);
};

/** The same point, to the ~1 m the stored coordinates carry. */
const samePoint = (lat1: number, lng1: number, lat2: number, lng2: number) => Math.abs(lat1 - lat2) < 1e-5 && Math.abs(lng1 - lng2) < 1e-5;

/**
 * Distance of each ad of a page, rounded to 0.1 km. An ad known only by its city (no position of
 * its own, or its city centre's — what an area without coordinates of its own gives) carries
 * `nearCity` when the buyer is within that city's span: its distance says nothing closer than that.
 */
export const withDistances = <T extends { latitude: number | null; longitude: number | null; city: string | null }>(listings: T[], lat: number, lng: number, cities: NearCity[]) => {
  const byName = new Map(cities.map((c) => [c.name, c]));
  return listings.map((l) => {
    const city = l.city ? byName.get(l.city) : undefined;
    const own = l.latitude != null && l.longitude != null && !(city && samePoint(l.latitude, l.longitude, city.latitude, city.longitude));
    const km = own ? haversineKm(lat, lng, l.latitude!, l.longitude!) : city?.km;
    if (km === undefined) return l;
    const distanceKm = Math.round(km * 10) / 10;
    return !own && city && km <= CITY_SPAN_KM ? { ...l, distanceKm, nearCity: city.name } : { ...l, distanceKm };
  });
};

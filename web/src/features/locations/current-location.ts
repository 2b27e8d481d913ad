/**
 * "Use current location" (spec part 1 §5, §7): the browser's position, named by a public reverse
 * geocoder. The geocoder is a nicety: when it fails we fall back silently to the state, or India.
 */
export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by this browser.';
export const GEOLOCATION_DENIED = 'Location access denied. Please enable location services in your browser settings.';
export const GEOLOCATION_FAILED = 'Unable to get your current location. Please try again.';

const NOMINATIM_URL = 'https://nominatim.openstreetmap.org/reverse';
const GEOCODE_TIMEOUT_MS = 8000;

export interface DetectedPlace {
  /** What to filter by and show: 'Kochi, Kerala', 'Kerala' or 'India'. */
  label: string;
  city: string | null;
  state: string | null;
}

type NominatimAddress = Partial<Record<'city' | 'town' | 'village' | 'municipality' | 'state' | 'country', string>>;

/** Names a reverse-geocoder address: 'city, state', else the state, else India. */
export function placeFromAddress(address: NominatimAddress | undefined): DetectedPlace {
  const city = address?.city || address?.town || address?.village || address?.municipality || null;
  const state = address?.state || null;
  const label = city && state ? `${city}, ${state}` : (state ?? city ?? 'India');
  return { label, city, state };
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error(GEOLOCATION_UNSUPPORTED));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, (error) => {
      reject(new Error(error.code === error.PERMISSION_DENIED ? GEOLOCATION_DENIED : GEOLOCATION_FAILED));
    }, { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60 * 1000 });
  });
}

async function reverseGeocode(latitude: number, longitude: number): Promise<DetectedPlace> {
  const url = `${NOMINATIM_URL}?format=json&lat=${latitude}&lon=${longitude}&addressdetails=1&accept-language=en`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(GEOCODE_TIMEOUT_MS), headers: { Accept: 'application/json' } });
    if (!response.ok) return placeFromAddress(undefined);
    const body = (await response.json()) as { address?: NominatimAddress };
    return placeFromAddress(body.address);
  } catch {
    return placeFromAddress(undefined);
  }
}

/** Rejects with one of the messages above when the position can't be had. */
export async function detectCurrentPlace(): Promise<DetectedPlace & { latitude: number; longitude: number }> {
  const position = await currentPosition();
  const { latitude, longitude } = position.coords;
  return { ...(await reverseGeocode(latitude, longitude)), latitude, longitude };
}

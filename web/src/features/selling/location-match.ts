/**
 * Matching a reverse-geocoded address (OpenStreetMap Nominatim) to our own state, city and
 * neighbourhood lists, which is what the post form must send. Names differ in small ways
 * ('NCT of Delhi', 'Bangalore', 'Koramangala 4th Block'), so matching is forgiving but never guesses
 * between two different places.
 */

export type NominatimAddress = Partial<
  Record<
    | 'state'
    | 'state_district'
    | 'county'
    | 'city'
    | 'town'
    | 'village'
    | 'municipality'
    | 'city_district'
    | 'suburb'
    | 'neighbourhood'
    | 'quarter'
    | 'residential'
    | 'hamlet'
    | 'postcode',
    string
  >
>;

/** Old and new names that both appear in the wild. */
const ALIASES: Record<string, string> = {
  bangalore: 'bengaluru',
  bombay: 'mumbai',
  calcutta: 'kolkata',
  madras: 'chennai',
  gurgaon: 'gurugram',
  allahabad: 'prayagraj',
  pondicherry: 'puducherry',
  trivandrum: 'thiruvananthapuram',
  cochin: 'kochi',
  ernakulam: 'kochi',
  mysore: 'mysuru',
  baroda: 'vadodara',
  orissa: 'odisha',
  newdelhi: 'delhi',
  nctofdelhi: 'delhi',
  nationalcapitalterritoryofdelhi: 'delhi',
  benares: 'varanasi',
  banaras: 'varanasi',
  poona: 'pune',
  mangalore: 'mangaluru',
  belgaum: 'belagavi',
  hubli: 'hubballi',
  calicut: 'kozhikode',
  vizag: 'visakhapatnam',
};

const NOISE = /\b(district|city|municipal corporation|corporation|urban|rural|tehsil|taluk|mandal)\b/g;

export function normalisePlace(name: string): string {
  const plain = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(NOISE, ' ')
    .replace(/[^a-z0-9]+/g, '');
  return ALIASES[plain] ?? plain;
}

/**
 * The option that names the same place as the first candidate that matches anything: exact (after
 * normalising) first, then one name containing the other (at least 4 letters), longest option wins.
 */
export function matchPlace(candidates: (string | null | undefined)[], options: readonly string[]): string | null {
  const normalisedOptions = options.map((o) => ({ option: o, key: normalisePlace(o) }));
  const keys = candidates.filter((c): c is string => !!c && !!c.trim()).map(normalisePlace).filter(Boolean);
  for (const key of keys) {
    const exact = normalisedOptions.find((o) => o.key === key);
    if (exact) return exact.option;
  }
  for (const key of keys) {
    const partial = normalisedOptions
      .filter((o) => o.key.length >= 4 && key.length >= 4 && (key.includes(o.key) || o.key.includes(key)))
      .sort((a, b) => b.key.length - a.key.length);
    if (partial.length === 1 || (partial.length > 1 && partial[0]!.key.length > partial[1]!.key.length)) return partial[0]!.option;
  }
  return null;
}

export const cityCandidates = (a: NominatimAddress) => [a.city, a.town, a.municipality, a.city_district, a.state_district, a.county, a.village];
export const areaCandidates = (a: NominatimAddress) => [a.suburb, a.neighbourhood, a.quarter, a.residential, a.city_district, a.hamlet, a.village];

export interface DetectedLocation {
  state: string;
  city: string;
  neighbourhood: string;
  /** All that our lists know was found. */
  complete: boolean;
}

/**
 * Fills what can be matched. `loadCities` and `loadAreas` fetch our lists (cached by the caller).
 * An unmatched neighbourhood in a city with no list is left empty; the field is optional there.
 */
export async function matchAddress(
  address: NominatimAddress,
  states: readonly string[],
  loadCities: (state: string) => Promise<readonly string[]>,
  loadAreas: (city: string, state: string) => Promise<readonly string[]>,
): Promise<DetectedLocation> {
  const state = matchPlace([address.state, address.state_district], states);
  if (!state) return { state: '', city: '', neighbourhood: '', complete: false };
  const cities = await loadCities(state);
  const city = matchPlace(cityCandidates(address), cities);
  if (!city) return { state, city: '', neighbourhood: '', complete: false };
  const areas = await loadAreas(city, state);
  if (areas.length === 0) return { state, city, neighbourhood: '', complete: true };
  const neighbourhood = matchPlace(areaCandidates(address), areas);
  return { state, city, neighbourhood: neighbourhood ?? '', complete: !!neighbourhood };
}

/**
 * 'Confirm your location' (part 2 §2, §4): a List tab with state → city → neighbourhood from our
 * locations API, and a Current location tab that asks the browser where it is, names the spot with
 * OpenStreetMap's reverse geocoder and matches that to our lists.
 */
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { locationQueries, type Location } from '../locations/queries';
import { toast } from '../../lib/toast';
import { SelectField, TextField } from './fields';
import { matchAddress, type NominatimAddress } from './location-match';
import { msg, useT } from '../../lib/i18n';

export interface PlaceValue {
  state: string;
  city: string;
  neighbourhood: string;
  latitude?: number;
  longitude?: number;
}

export interface LocationLists {
  states: UseQueryResult<string[]>;
  cities: UseQueryResult<Location[]>;
  areas: UseQueryResult<Location[]>;
  /** The chosen city has a neighbourhood list (then choosing one is required). */
  hasAreas: boolean;
}

/** The three lists the picker and the form's validation both need (one cache entry each). */
export function useLocationLists(state: string, city: string): LocationLists {
  const states = useQuery(locationQueries.states());
  const cities = useQuery({ ...locationQueries.cities(state), enabled: !!state });
  const areas = useQuery({ ...locationQueries.areas(city, state || undefined), enabled: !!state && !!city });
  // until the areas are known (or while no city is chosen) assume a list exists: the Post button stays safe
  const hasAreas = !city || (areas.data ? areas.data.length > 0 : !areas.isError);
  return { states, cities, areas, hasAreas };
}

const NOMINATIM = 'https://nominatim.openstreetmap.org/reverse';
export const GEO_UNSUPPORTED = msg('Geolocation is not supported by this browser');
export const GEO_FAILED = msg('Failed to get current location. Please select manually.');

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 });
  });
}

async function reverseGeocode(lat: number, lon: number): Promise<NominatimAddress> {
  const url = `${NOMINATIM}?format=json&lat=${lat}&lon=${lon}&addressdetails=1&accept-language=en`;
  const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`reverse geocoding answered ${response.status}`);
  const body = (await response.json()) as { address?: NominatimAddress };
  return body.address ?? {};
}

interface PickerProps {
  value: PlaceValue;
  onChange: (next: PlaceValue) => void;
  lists: LocationLists;
  errorFor: (key: 'state' | 'city' | 'neighbourhood') => string | undefined;
  touch: (key: string) => void;
}

export function LocationPicker({ value, onChange, lists, errorFor, touch }: PickerProps) {
  const t = useT();
  const [tab, setTab] = useState<'list' | 'current'>('list');
  const [detecting, setDetecting] = useState(false);
  const [detected, setDetected] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const tabsId = useId();

  const { states, cities, areas, hasAreas } = lists;

  const chooseState = (state: string) => onChange({ state, city: '', neighbourhood: '' });
  const chooseCity = (city: string) => onChange({ state: value.state, city, neighbourhood: '' });
  const chooseNeighbourhood = (neighbourhood: string) => onChange({ ...value, neighbourhood });

  const detect = async () => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      toast.error(t(GEO_UNSUPPORTED));
      return;
    }
    setDetecting(true);
    setDetected(null);
    try {
      const position = await currentPosition();
      const { latitude, longitude } = position.coords;
      const address = await reverseGeocode(latitude, longitude);
      const stateNames = states.data ?? (await queryClient.fetchQuery(locationQueries.states()));
      const place = await matchAddress(
        address,
        stateNames,
        async (state) => (await queryClient.fetchQuery(locationQueries.cities(state))).map((c) => c.name),
        async (city, state) => (await queryClient.fetchQuery(locationQueries.areas(city, state))).map((a) => a.name),
      );
      if (!place.state) throw new Error('outside our list of states');
      onChange({ state: place.state, city: place.city, neighbourhood: place.neighbourhood, latitude, longitude });
      setDetected([place.neighbourhood, place.city, place.state].filter(Boolean).join(', '));
      if (place.complete) toast.success(t('Location detected and auto-filled!'));
      else toast.info(t('Location detected! Please verify and complete the details.'));
      setTab('list');
    } catch (error) {
      console.warn('Current location failed', error);
      toast.error(t(GEO_FAILED));
    } finally {
      setDetecting(false);
    }
  };

  const stateOptions = states.data ?? [];
  const cityOptions = (cities.data ?? []).map((c) => c.name);
  const areaOptions = (areas.data ?? []).map((a) => a.name);

  return (
    <div className="sell-location">
      <div className="sell-tabs" role="tablist" aria-label={t('How to set the location')}>
        <button
          type="button"
          role="tab"
          id={`${tabsId}-list`}
          aria-controls={`${tabsId}-list-panel`}
          aria-selected={tab === 'list'}
          className={`sell-tab${tab === 'list' ? ' sell-tab--on' : ''}`}
          onClick={() => setTab('list')}
        >
          {t('List')}
        </button>
        <button
          type="button"
          role="tab"
          id={`${tabsId}-current`}
          aria-controls={`${tabsId}-current-panel`}
          aria-selected={tab === 'current'}
          className={`sell-tab${tab === 'current' ? ' sell-tab--on' : ''}`}
          onClick={() => setTab('current')}
        >
          {t('Current location')}
        </button>
      </div>

      {tab === 'list' ? (
        <div role="tabpanel" id={`${tabsId}-list-panel`} aria-labelledby={`${tabsId}-list`} className="sell-location__panel">
          {detected && <p className="sell-location__detected">{t('Detected: {place}', { place: detected })}</p>}
          <SelectField
            label={t('State')}
            required
            name="state"
            value={value.state}
            options={stateOptions}
            placeholder={states.isPending ? t('Loading states...') : t('Select state')}
            error={errorFor('state')}
            onChange={chooseState}
            onBlur={() => touch('state')}
          />
          {states.isError && <LoadError message={t('Failed to load locations')} onRetry={() => void states.refetch()} />}
          <SelectField
            label={t('City')}
            required
            name="city"
            value={value.city}
            options={cityOptions}
            disabled={!value.state}
            placeholder={!value.state ? t('Select a state first') : cities.isPending ? t('Loading cities...') : t('Select city')}
            error={errorFor('city')}
            onChange={chooseCity}
            onBlur={() => touch('city')}
          />
          {cities.isError && <LoadError message={t('Failed to load cities')} onRetry={() => void cities.refetch()} />}
          {value.city && !hasAreas && areas.isSuccess ? (
            <TextField
              label={t('Neighbourhood')}
              name="neighbourhood"
              value={value.neighbourhood}
              maxLength={100}
              hint={t('We have no neighbourhood list for {city}: type yours if you like', { city: value.city })}
              onChange={chooseNeighbourhood}
            />
          ) : (
            <SelectField
              label={t('Neighbourhood')}
              required
              name="neighbourhood"
              value={value.neighbourhood}
              options={areaOptions}
              disabled={!value.city}
              placeholder={!value.city ? t('Select a city first') : areas.isPending ? t('Loading neighbourhoods...') : t('Select neighbourhood')}
              error={errorFor('neighbourhood')}
              onChange={chooseNeighbourhood}
              onBlur={() => touch('neighbourhood')}
            />
          )}
          {areas.isError && <LoadError message={t('Failed to load neighbourhoods')} onRetry={() => void areas.refetch()} />}
        </div>
      ) : (
        <div role="tabpanel" id={`${tabsId}-current-panel`} aria-labelledby={`${tabsId}-current`} className="sell-location__panel">
          <p className="muted">{t('We ask your browser where you are, then fill in the state, city and neighbourhood. You can change them afterwards.')}</p>
          <button type="button" className="button button--outline sell-location__detect" onClick={() => void detect()} disabled={detecting}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                fill="currentColor"
                d="M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm9 3h-2.07A7 7 0 0 0 13 5.07V3h-2v2.07A7 7 0 0 0 5.07 11H3v2h2.07A7 7 0 0 0 11 18.93V21h2v-2.07A7 7 0 0 0 18.93 13H21v-2Zm-9 6a5 5 0 1 1 0-10 5 5 0 0 1 0 10Z"
              />
            </svg>
            {detecting ? t('Detecting your location...') : t('Use my current location')}
          </button>
        </div>
      )}
    </div>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <p className="field-error sell-load-error" role="alert">
      {message}{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        {t('Retry')}
      </button>
    </p>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { detectCurrentPlace } from './current-location';
import { locationLabel, locationQueries } from './queries';

export const POPULAR_LOCATIONS = ['India', 'Kerala', 'Tamil Nadu', 'Punjab', 'Maharashtra'] as const;
const SEARCH_DEBOUNCE_MS = 300;
const MIN_SEARCH_CHARS = 2;

export type ChooseLocation = (label: string, details?: { id?: string | number; state?: string | null; position?: { lat: number; lng: number } }) => void;

export function PinIcon({ size = 20 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path fill="currentColor" d="M12 2a7 7 0 0 1 7 7c0 5.2-7 13-7 13S5 14.2 5 9a7 7 0 0 1 7-7Zm0 4.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z" />
    </svg>
  );
}

function CurrentLocationButton({ onChoose }: { onChoose: ChooseLocation }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const use = async () => {
    setBusy(true);
    setError(null);
    try {
      const place = await detectCurrentPlace();
      // ads near the buyer, nearest first; the place's name is only the label
      onChoose(place.label, { state: place.state, position: { lat: place.latitude, lng: place.longitude } });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="current-location">
      <button type="button" className="location-option location-option--current" onClick={() => void use()} disabled={busy}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm-1-7h2v3.06A8 8 0 0 1 19.94 11H23v2h-3.06A8 8 0 0 1 13 19.94V23h-2v-3.06A8 8 0 0 1 4.06 13H1v-2h3.06A8 8 0 0 1 11 4.06V1Zm1 5a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z" />
        </svg>
        <span>
          <span className="location-option__title">{busy ? 'Locating...' : t('Use current location')}</span>
        </span>
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The search half of both location pickers: a box that searches after a 300 ms pause from two
 * characters, 'Use current location', and the popular places while nothing is typed.
 */
export function LocationSearch({
  onChoose,
  limit,
  autoFocus = false,
  idleContent,
}: {
  onChoose: ChooseLocation;
  limit: number;
  autoFocus?: boolean;
  /** Shown under the popular places while nothing is typed (the mobile screen's recent and state lists). */
  idleContent?: ReactNode;
}) {
  const t = useT();
  const inputId = useId();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const searching = query.length >= MIN_SEARCH_CHARS;
  const results = useQuery({ ...locationQueries.search(query, limit), enabled: searching });
  const waiting = text.trim() !== query || results.isFetching;

  return (
    <div className="location-search">
      <label htmlFor={inputId} className="visually-hidden">
        {t('Search city, area or locality')}
      </label>
      <div className="location-search__box">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M9.5 3a6.5 6.5 0 0 1 5.25 10.34l5.45 5.45-1.41 1.42-5.45-5.46A6.5 6.5 0 1 1 9.5 3Zm0 2a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9Z"
          />
        </svg>
        <input
          id={inputId}
          type="search"
          className="location-search__input"
          placeholder={t('Search city, area or locality')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoFocus={autoFocus}
          autoComplete="off"
          maxLength={100}
        />
      </div>
      <CurrentLocationButton onChoose={onChoose} />

      {searching ? (
        <div aria-live="polite">
          {results.data && results.data.length > 0 ? (
            <ul className="location-list">
              {results.data.map((location) => (
                <li key={location.id}>
                  <button
                    type="button"
                    className="location-option"
                    onClick={() => onChoose(location.kind === 'state' ? location.name : locationLabel(location), { id: location.id, state: location.state })}
                  >
                    <PinIcon />
                    <span>
                      <span className="location-option__title">{location.name}</span>
                      <span className="location-option__sub">
                        {location.kind === 'state' ? 'State' : location.kind === 'city' ? location.state : `${location.city}, ${location.state}`}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : waiting ? (
            <p className="muted location-note">{t('Searching')}...</p>
          ) : results.isError ? (
            <p className="muted location-note">No location data available. Please try again later.</p>
          ) : (
            <div className="location-note">
              <p>
                <strong>{t('No locations found')}</strong>
              </p>
              <p className="muted">{t('Try a different search term')}</p>
            </div>
          )}
        </div>
      ) : (
        <>
          <h3 className="location-heading">{t('Popular locations')}</h3>
          <ul className="location-list">
            {POPULAR_LOCATIONS.map((name) => (
              <li key={name}>
                <button type="button" className="location-option" onClick={() => onChoose(name)}>
                  <PinIcon />
                  <span className="location-option__title">{name}</span>
                </button>
              </li>
            ))}
          </ul>
          {idleContent}
        </>
      )}
    </div>
  );
}

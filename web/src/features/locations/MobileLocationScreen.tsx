import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { useI18n, useT } from '../../lib/i18n';
import { LocationSearch, PinIcon, type ChooseLocation } from './LocationSearch';
import { locationQueries, type Location } from './queries';
import { useRecentLocations } from './recent-locations';
import { useChooseLocation } from './use-choose-location';

function Expander({
  label,
  expanded,
  onToggle,
  controls,
}: {
  label: string;
  expanded: boolean;
  onToggle: () => void;
  controls: string;
}) {
  const t = useT();
  return (
    <button type="button" className="icon-button location-tree__toggle" aria-expanded={expanded} aria-controls={controls} aria-label={expanded ? t('Hide places in {place}', { place: t(label) }) : t('Show places in {place}', { place: t(label) })} onClick={onToggle}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="chevron">
        <path fill="currentColor" d="m7.4 8.6 4.6 4.6 4.6-4.6L18 10l-6 6-6-6 1.4-1.4Z" />
      </svg>
    </button>
  );
}

function Areas({ city, onChoose }: { city: Location; onChoose: ChooseLocation }) {
  const t = useT();
  const areas = useQuery(locationQueries.areas(city.name, city.state));
  if (areas.isPending) return <p className="muted location-note">{t('Loading areas...')}</p>;
  if (areas.isError || areas.data.length === 0) return <p className="muted location-note">{t('No specific areas found')}</p>;
  return (
    <ul className="location-tree__list">
      {areas.data.map((area) => (
        <li key={area.id}>
          <button type="button" className="location-option" onClick={() => onChoose(`${area.name}, ${city.name}`, { id: area.id, state: city.state })}>
            <span className="location-option__title">{area.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function City({ city, onChoose }: { city: Location; onChoose: ChooseLocation }) {
  const { tn, language } = useI18n();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li>
      <div className="location-tree__row">
        <button type="button" className="location-option" onClick={() => onChoose(city.name, { id: city.id, state: city.state })}>
          <span className="location-option__title">{city.name}</span>
          {city.count > 0 && <span className="location-option__sub">{tn(city.count, '{n} ad', '{n} ads', { n: city.count.toLocaleString(language === 'hi' ? 'hi-IN' : 'en-IN') })}</span>}
        </button>
        <Expander label={city.name} expanded={open} onToggle={() => setOpen(!open)} controls={id} />
      </div>
      <div id={id} hidden={!open}>
        {open && <Areas city={city} onChoose={onChoose} />}
      </div>
    </li>
  );
}

function Cities({ state, onChoose }: { state: string; onChoose: ChooseLocation }) {
  const t = useT();
  const cities = useQuery(locationQueries.cities(state));
  return (
    <ul className="location-tree__list">
      <li>
        <button type="button" className="location-option" onClick={() => onChoose(state, { state })}>
          <span className="location-option__title">{t('All in {place}', { place: t(state) })}</span>
        </button>
      </li>
      {cities.isPending ? (
        <li className="muted location-note">{t('Loading cities...')}</li>
      ) : cities.isError || cities.data.length === 0 ? (
        <li className="muted location-note">{t('No cities found for {place}', { place: t(state) })}</li>
      ) : (
        cities.data.map((city) => <City key={city.id} city={city} onChoose={onChoose} />)
      )}
    </ul>
  );
}

function State({ state, onChoose }: { state: string; onChoose: ChooseLocation }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li>
      <div className="location-tree__row">
        <button type="button" className="location-option location-option--state" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          <span className="location-option__title">{t(state)}</span>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="chevron">
            <path fill="currentColor" d="m7.4 8.6 4.6 4.6 4.6-4.6L18 10l-6 6-6-6 1.4-1.4Z" />
          </svg>
        </button>
      </div>
      <div id={id} hidden={!open} className="location-tree__children">
        {open && <Cities state={state} onChoose={onChoose} />}
      </div>
    </li>
  );
}

function BrowseByState({ onChoose }: { onChoose: ChooseLocation }) {
  const t = useT();
  const recent = useRecentLocations();
  const states = useQuery(locationQueries.states());
  return (
    <>
      {recent.length > 0 && (
        <>
          <h3 className="location-heading">{t('Recently used')}</h3>
          <ul className="location-list">
            {recent.map((place) => (
              <li key={place.name}>
                <button type="button" className="location-option" onClick={() => onChoose(place.name, { id: place.id, state: place.state })}>
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path fill="currentColor" d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 3v4.6l3.2 3.2-1.4 1.4L11 12.4V7h2Z" />
                  </svg>
                  <span>
                    <span className="location-option__title">{place.name}</span>
                    {place.state && place.state !== place.name && <span className="location-option__sub">{t(place.state)}</span>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="location-heading">{t('Choose state')}</h3>
      <ul className="location-list">
        <li>
          <button type="button" className="location-option" onClick={() => onChoose('India')}>
            <PinIcon />
            <span className="location-option__title">{t('All in India')}</span>
          </button>
        </li>
      </ul>
      {states.isPending ? (
        <p className="muted location-note">{t('Loading states...')}</p>
      ) : states.isError || states.data.length === 0 ? (
        <div className="location-note">
          <p>
            <strong>{t('No location data available')}</strong>
          </p>
          <p className="muted">{t('Please try again later')}</p>
        </div>
      ) : (
        <ul className="location-tree">
          {states.data.map((state) => (
            <State key={state} state={state} onChoose={onChoose} />
          ))}
        </ul>
      )}
    </>
  );
}

/** The mobile location screen (spec part 1 §2): full screen, search, current location, recent, states. */
export function MobileLocationScreen({ onClose }: { onClose: () => void }) {
  const t = useT();
  const choose = useChooseLocation(onClose);
  return (
    <Dialog open onClose={onClose} title={t('Choose location')} variant="fullscreen" className="location-screen">
      <LocationSearch onChoose={choose} limit={10} idleContent={<BrowseByState onChoose={choose} />} />
    </Dialog>
  );
}

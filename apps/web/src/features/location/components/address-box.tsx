import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Branch, ChosenPointKind, LocationPoint } from '@auxilio/domain';
import { MIN_SEARCH_LENGTH, useAddressSearch } from '../hooks/map-services.ts';
import { pointLabel } from '../utils/point-label.ts';

export interface AddressBoxProps {
  kind: ChosenPointKind;
  point: LocationPoint;
  /** Countries the search may return (SPEC 5). */
  countries: readonly Branch[];
  onPick: (point: LocationPoint) => void;
  onChooseOnMap: () => void;
  /** Situation only: SPEC 2 "use current location, enter address manually". */
  onUseCurrentLocation?: () => void;
  onEnterManually?: () => void;
}

/**
 * One search box of the location screen (SPEC 2 "Search box with options: use current location,
 * enter address manually, choose on map"): a chosen point shows as a card with Change; otherwise a
 * search field, its results and the options.
 */
export function AddressBox({
  kind,
  point,
  countries,
  onPick,
  onChooseOnMap,
  onUseCurrentLocation,
  onEnterManually,
}: AddressBoxProps) {
  const { t } = useTranslation('location');
  const inputId = useId();
  const resultsId = useId();
  const [editing, setEditing] = useState(false);
  const [query, setQuery] = useState('');
  const search = useAddressSearch(query, countries);
  const chosen = pointLabel(point);
  const label = t(kind === 'situation' ? 'search.situationLabel' : 'search.destinationLabel');

  if (chosen && !editing) {
    return (
      <section className={`address-box address-box--${kind}`} aria-label={label}>
        <div className="address-box__chosen">
          <span className={`address-box__dot address-box__dot--${kind}`} aria-hidden="true" />
          <div className="address-box__chosen-text">
            <span className="address-box__label">{label}</span>
            <span className="address-box__address">{chosen}</span>
          </div>
          <button
            type="button"
            className="address-box__change"
            onClick={() => {
              setEditing(true);
            }}
          >
            {t('search.change')}
            <span className="visually-hidden">: {label}</span>
          </button>
        </div>
      </section>
    );
  }

  const pick = (next: LocationPoint) => {
    setEditing(false);
    setQuery('');
    onPick(next);
  };
  const typed = query.trim().length >= MIN_SEARCH_LENGTH;
  const results = search.data ?? [];

  return (
    <section className={`address-box address-box--${kind}`} aria-label={label}>
      <label className="address-box__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="address-box__input"
        type="search"
        inputMode="search"
        autoComplete="street-address"
        enterKeyHint="search"
        placeholder={t(
          kind === 'situation' ? 'search.situationPlaceholder' : 'search.destinationPlaceholder',
        )}
        value={query}
        aria-describedby={resultsId}
        onChange={(event) => {
          setQuery(event.target.value);
        }}
      />
      <div id={resultsId} className="address-box__results" aria-live="polite">
        {typed && search.isFetching ? (
          <p className="address-box__message">{t('search.searching')}</p>
        ) : null}
        {typed && search.isError ? (
          <p className="address-box__message">{t('search.error')}</p>
        ) : null}
        {typed && search.isSuccess && results.length === 0 ? (
          <p className="address-box__message">{t('search.noResults')}</p>
        ) : null}
        {results.length > 0 && typed ? (
          <ul className="address-box__list" aria-label={t('search.results')}>
            {results.map((result) => (
              <li key={result.placeId}>
                <button
                  type="button"
                  className="address-box__option"
                  onClick={() => {
                    pick({
                      lat: result.lat,
                      lng: result.lng,
                      address: result.address,
                      placeId: result.placeId,
                      prettyAddress: result.address,
                    });
                  }}
                >
                  {result.address}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <ul className="address-box__actions">
        {onUseCurrentLocation ? (
          <li>
            <button type="button" className="address-box__action" onClick={onUseCurrentLocation}>
              <span className="address-box__icon address-box__icon--gps" aria-hidden="true" />
              {t('search.useCurrent')}
            </button>
          </li>
        ) : null}
        {onEnterManually ? (
          <li>
            <button type="button" className="address-box__action" onClick={onEnterManually}>
              <span className="address-box__icon address-box__icon--edit" aria-hidden="true" />
              {t('search.manual')}
            </button>
          </li>
        ) : null}
        <li>
          <button type="button" className="address-box__action" onClick={onChooseOnMap}>
            <span className="address-box__icon address-box__icon--map" aria-hidden="true" />
            {t('search.onMap')}
          </button>
        </li>
      </ul>
    </section>
  );
}

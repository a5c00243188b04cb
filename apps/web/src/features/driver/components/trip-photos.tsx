import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button.tsx';
import { photoTiles, type PhotoTile } from '../../../lib/photo-upload/photo-tiles.ts';
import type { DriverApi } from '../api/driver-api.ts';
import { useTripPhotos } from '../hooks/use-trip-photos.ts';

export interface TripPhotosProps {
  api: DriverApi;
  token: string;
  serviceId: string;
}

/** What a tile says: on its way, ready, or failed (with a retry when trying again may work). */
function tileState(tile: PhotoTile): 'uploading' | 'ready' | 'failed' {
  if (tile.recorded) return 'ready';
  return tile.local?.status === 'failed' ? 'failed' : 'uploading';
}

/**
 * Optional photos of the trip (docs/decisions/761), e.g. the vehicle at pickup and at drop-off, as
 * proof of its condition: taken with the phone's camera and sent in the background, each with its
 * state, while the driver goes on with the trip.
 */
export function TripPhotos({ api, token, serviceId }: TripPhotosProps) {
  const { t } = useTranslation('driver');
  const { recorded, uploads } = useTripPhotos(api, token, serviceId);
  const input = useRef<HTMLInputElement>(null);
  const tiles = photoTiles(recorded, uploads.photos);
  return (
    <section className="driver-photos" aria-labelledby="driver-photos-title">
      <h3 id="driver-photos-title" className="driver-photos__title">
        {t('photos.title')}
      </h3>
      <p className="driver-card__muted">{t('photos.lead')}</p>
      <Button
        variant="secondary"
        onClick={() => {
          input.current?.click();
        }}
      >
        {t('photos.take')}
      </Button>
      <input
        ref={input}
        className="driver-photos__file"
        type="file"
        accept="image/*"
        capture="environment"
        aria-label={t('photos.take')}
        tabIndex={-1}
        onChange={(event) => {
          uploads.addFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      {tiles.length > 0 ? (
        <ul className="driver-photos__list" aria-live="polite">
          {tiles.map((tile, index) => {
            const state = tileState(tile);
            return (
              <li
                key={tile.photoId}
                className={`driver-photos__photo driver-photos__photo--${state}`}
              >
                <img src={tile.src} alt={t('photos.photo', { number: index + 1 })} />
                <span className="driver-photos__state">{t(`photos.state.${state}`)}</span>
                {state === 'failed' && tile.local?.retryable ? (
                  <button
                    type="button"
                    className="driver-photos__retry"
                    aria-label={t('photos.retryPhoto', { number: index + 1 })}
                    onClick={() => {
                      uploads.retry(tile.photoId);
                    }}
                  >
                    {t('photos.retry')}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

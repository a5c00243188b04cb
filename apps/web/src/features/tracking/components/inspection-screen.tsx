import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { useServicePhotos } from '../api/get-service-photos.ts';
import { photoTiles, type PhotoTile as Tile } from '../../../lib/photo-upload/photo-tiles.ts';
import { usePhotoUploads } from '../hooks/use-photo-uploads.ts';
import './tracking.css';

const GUIDE_STEPS = ['safety', 'vehicles', 'damage', 'scene', 'documents'] as const;

/**
 * SPEC 2 "document your accident while you wait for the inspector". Photos are taken with the
 * phone's camera, sent as JPEG quality 30 to the service with their progress, tried again on a weak
 * signal, and shown again from the service after a reload (decision 660).
 */
export function InspectionScreen() {
  const { t } = useTranslation('tracking');
  const uploads = usePhotoUploads();
  const servicePhotos = useServicePhotos();
  // A photo that does not show is read again once (its signed URL may have expired); one the
  // browser cannot draw (a HEIC) would otherwise ask for the list again and again.
  const reread = useRef(new Set<string>());
  const recorded = servicePhotos.data?.photos ?? [];

  const tiles = photoTiles(recorded, uploads.photos);
  const pending = tiles.filter((tile) => !tile.recorded && tile.local?.status !== 'failed').length;

  return (
    <main className="inspection">
      <h1 className="inspection__title">{t('inspection.title')}</h1>
      <p>{t('inspection.intro')}</p>
      <ol className="inspection__steps">
        {GUIDE_STEPS.map((step) => (
          <li key={step}>{t(`inspection.steps.${step}`)}</li>
        ))}
      </ol>
      <label className={buttonClassName('primary', 'inspection__capture')}>
        {t('inspection.take')}
        <input
          className="inspection__file"
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          onChange={(event) => {
            uploads.addFiles(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </label>
      <p role="status" className="inspection__summary">
        {recorded.length > 0 && t('inspection.count', { count: recorded.length })}
        {recorded.length > 0 && pending > 0 && ' · '}
        {pending > 0 && t('inspection.pending', { count: pending })}
      </p>
      {tiles.length > 0 && (
        <ul className="inspection__photos">
          {tiles.map((tile, index) => (
            <PhotoTile
              key={tile.photoId}
              tile={tile}
              number={index + 1}
              onRetry={uploads.retry}
              onRemove={uploads.remove}
              onBrokenImage={() => {
                if (reread.current.has(tile.photoId)) return;
                reread.current.add(tile.photoId);
                void servicePhotos.refetch();
              }}
            />
          ))}
        </ul>
      )}
      <p className="inspection__note">{t('inspection.kept')}</p>
      <Link href="/tracking/loading" className={buttonClassName('secondary')}>
        {t('inspection.back')}
      </Link>
    </main>
  );
}

function PhotoTile({
  tile,
  number,
  onRetry,
  onRemove,
  onBrokenImage,
}: {
  tile: Tile;
  number: number;
  onRetry: (photoId: string) => void;
  onRemove: (photoId: string) => void;
  onBrokenImage: () => void;
}) {
  const { t } = useTranslation('tracking');
  const status = tile.recorded ? 'uploaded' : (tile.local?.status ?? 'uploaded');
  const percent = Math.round((tile.local?.fraction ?? 0) * 100);
  return (
    <li className={`inspection__photo inspection__photo--${status}`}>
      <img
        src={tile.src}
        alt={t('inspection.photo', { number })}
        onError={tile.local ? undefined : onBrokenImage}
      />
      <div className="inspection__state">
        {status === 'uploaded' && <span>✓ {t('inspection.uploaded')}</span>}
        {status === 'queued' && <span>{t('inspection.queued')}</span>}
        {status === 'preparing' && <span>{t('inspection.preparing')}</span>}
        {status === 'uploading' && (
          <>
            <progress
              className="inspection__progress"
              max={100}
              value={percent}
              aria-label={t('inspection.progress', { number })}
            />
            <span>{t('inspection.uploading', { percent })}</span>
          </>
        )}
        {status === 'waiting' && <span>{t('inspection.waiting')}</span>}
        {status === 'failed' && (
          <>
            <span>{t(tile.local?.retryable ? 'inspection.failed' : 'inspection.refused')}</span>
            {tile.local?.retryable && (
              <button
                type="button"
                className="inspection__retry"
                aria-label={t('inspection.retryPhoto', { number })}
                onClick={() => {
                  onRetry(tile.photoId);
                }}
              >
                {t('inspection.retry')}
              </button>
            )}
          </>
        )}
      </div>
      {status === 'failed' && (
        <button
          type="button"
          className="inspection__remove"
          aria-label={t('inspection.remove', { number })}
          onClick={() => {
            onRemove(tile.photoId);
          }}
        >
          ×
        </button>
      )}
    </li>
  );
}

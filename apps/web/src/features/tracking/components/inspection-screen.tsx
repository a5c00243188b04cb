import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import './tracking.css';

interface Photo {
  id: string;
  url: string;
  name: string;
}

const GUIDE_STEPS = ['safety', 'vehicles', 'damage', 'scene', 'documents'] as const;

/**
 * SPEC 2 "document your accident while you wait for the inspector". Photos are taken with the
 * phone's camera and kept on this phone, shown to the inspector on arrival (decision 303: no upload
 * in this version).
 */
export function InspectionScreen() {
  const { t } = useTranslation('tracking');
  const [photos, setPhotos] = useState<Photo[]>([]);

  // Object URLs hold the pictures in memory: released when the screen is left (and on removal).
  const photosRef = useRef<Photo[]>([]);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);
  useEffect(
    () => () => {
      for (const photo of photosRef.current) URL.revokeObjectURL(photo.url);
    },
    [],
  );

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
            const files = Array.from(event.target.files ?? []);
            setPhotos((current) => [
              ...current,
              ...files.map((file) => ({
                id: `${file.name}-${String(file.lastModified)}-${String(Math.random())}`,
                url: URL.createObjectURL(file),
                name: file.name,
              })),
            ]);
            event.target.value = '';
          }}
        />
      </label>
      {photos.length > 0 && (
        <>
          <p role="status">{t('inspection.count', { count: photos.length })}</p>
          <ul className="inspection__photos">
            {photos.map((photo, index) => (
              <li key={photo.id}>
                <img src={photo.url} alt={t('inspection.photo', { number: index + 1 })} />
                <button
                  type="button"
                  className="inspection__remove"
                  aria-label={t('inspection.remove', { number: index + 1 })}
                  onClick={() => {
                    URL.revokeObjectURL(photo.url);
                    setPhotos((current) => current.filter((p) => p.id !== photo.id));
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="inspection__note">{t('inspection.kept')}</p>
      <Link href="/tracking/loading" className={buttonClassName('secondary')}>
        {t('inspection.back')}
      </Link>
    </main>
  );
}

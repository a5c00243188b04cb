import { useTranslation } from 'react-i18next';

/**
 * /tracking while its service loads (decision 750, status first): blocks of the final size where the
 * status, the time, the progress, the driver and the map will be, so nothing moves when the
 * service arrives (decision 750). It paints as soon as the screen's code is there, before the
 * screen's texts: screen readers hear the shell's "loading" until they arrive. When the service
 * cannot be read, the offline line takes the place of the time.
 */
export function TrackingSkeleton({ failed }: { failed: boolean }) {
  const common = useTranslation('common');
  const { t, ready } = useTranslation('tracking', { useSuspense: false });
  return (
    <main className="tracking tracking--skeleton" aria-busy={!failed}>
      <div className="tracking__status">
        <h1 className="tracking__title">
          {ready && <span className="tracking__hidden">{t('tracking.title')}</span>}
          <span className="skeleton skeleton--title" aria-hidden="true" />
        </h1>
        {failed && ready ? (
          <p className="tracking__notice" role="alert">
            {t('loading.offline')}
          </p>
        ) : (
          <p className="tracking__eta">
            <span className="tracking__hidden" role="status">
              {ready ? t('tracking.loading') : common.t('loading')}
            </span>
            <span className="skeleton skeleton--eta" aria-hidden="true" />
          </p>
        )}
      </div>
      <div className="progress" aria-hidden="true">
        {[1, 2, 3, 4].map((position) => (
          <span key={position} className="progress__segment" />
        ))}
        <span className="progress__label">
          <span className="skeleton skeleton--label" />
        </span>
      </div>
      <div className="driver-card" aria-hidden="true">
        <div className="driver-card__photos">
          <span className="driver-card__photo skeleton" />
          <span className="driver-card__vehicle skeleton" />
        </div>
        <div className="driver-card__text">
          <span className="skeleton skeleton--name" />
          <span className="skeleton skeleton--service" />
        </div>
        <div className="driver-card__actions">
          <span className="skeleton skeleton--action" />
          <span className="skeleton skeleton--action" />
        </div>
      </div>
      <div className="tracking-stage" aria-hidden="true" />
    </main>
  );
}

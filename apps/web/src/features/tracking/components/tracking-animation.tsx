import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackingAnimationStep } from '@auxilio/domain';
import { TrackingIcon } from './tracking-icons.tsx';

export interface TrackingAnimationProps {
  step: TrackingAnimationStep;
  /** The map; null when there is none to show (then where the driver is, in words). */
  map: ReactNode;
  /** True until the status is on screen: the stage keeps its size and shows nothing yet. */
  mapPending: boolean;
  /** Driver's distance to the situation in metres, when known. */
  distanceMeters: number | null;
  /** Address of the situation. */
  address: string | null;
}

/**
 * SPEC 4 "While Accepted, animation cycles every 8.7 s (map, evaluation reminder, tip reminder)": the
 * map, with a reminder card laid over it on the reminder steps, announced politely. The map stays
 * mounted under the card, so it is not built again every 8.7 s.
 */
export function TrackingAnimation({
  step,
  map,
  mapPending,
  distanceMeters,
  address,
}: TrackingAnimationProps) {
  const { t } = useTranslation('tracking');
  const reminder = step !== 'map';
  return (
    <div className="tracking-stage">
      {/* Under a reminder card the map is out of reach (focus, screen readers) but stays built. */}
      <div className="tracking-stage__map" inert={reminder}>
        {mapPending
          ? null
          : (map ?? <DriverWhereabouts distanceMeters={distanceMeters} address={address} />)}
      </div>
      <div className="tracking-stage__reminder" aria-live="polite">
        {reminder && (
          <div className={`reminder reminder--${step}`}>
            <span className="reminder__icon">
              <TrackingIcon
                name={step === 'tip' ? 'tip' : step === 'social' ? 'share' : 'star'}
                size={48}
              />
            </span>
            <p className="reminder__title">{t(`reminders.${step}.title`)}</p>
            <p className="reminder__text">{t(`reminders.${step}.text`)}</p>
          </div>
        )}
      </div>
    </div>
  );
}

/** Without a map: how far the driver is and where they are heading, in words. */
function DriverWhereabouts({
  distanceMeters,
  address,
}: Pick<TrackingAnimationProps, 'distanceMeters' | 'address'>) {
  const { t } = useTranslation('tracking');
  const far = distanceMeters !== null && distanceMeters > 0;
  return (
    <div className="reminder tracking-stage__card">
      <span className="reminder__icon">
        <TrackingIcon name="truck" size={48} />
      </span>
      {far && (
        <p className="reminder__title">
          {t('where.distance', { km: (distanceMeters / 1000).toFixed(1) })}
        </p>
      )}
      {address && (
        <p className="reminder__text">{t(far ? 'where.address' : 'where.at', { address })}</p>
      )}
    </div>
  );
}

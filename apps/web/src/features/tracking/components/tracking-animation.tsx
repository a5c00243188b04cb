import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackingAnimationStep } from '@auxilio/domain';
import { TrackingIcon } from './tracking-icons.tsx';

export interface TrackingAnimationProps {
  step: TrackingAnimationStep;
  /** The map, shown on the 'map' step; without one, where the driver is in words. */
  map: ReactNode;
  /** Driver's distance to the situation in metres, when known. */
  distanceMeters: number | null;
  /** Address of the situation. */
  address: string | null;
}

/**
 * SPEC 4 "While Accepted, animation cycles every 8.7 s (map, evaluation reminder, tip reminder)": the
 * map or one reminder card, announced politely when it changes.
 */
export function TrackingAnimation({ step, map, distanceMeters, address }: TrackingAnimationProps) {
  const { t } = useTranslation('tracking');
  if (step === 'map' && map) return <div className="tracking-stage">{map}</div>;
  if (step === 'map') {
    return (
      <div className="tracking-stage tracking-stage--card">
        <div className="reminder">
          <span className="reminder__icon">
            <TrackingIcon name="truck" size={48} />
          </span>
          {distanceMeters !== null && distanceMeters > 0 && (
            <p className="reminder__title">
              {t('where.distance', { km: (distanceMeters / 1000).toFixed(1) })}
            </p>
          )}
          {address && (
            <p className="reminder__text">
              {t(distanceMeters !== null && distanceMeters > 0 ? 'where.address' : 'where.at', {
                address,
              })}
            </p>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="tracking-stage tracking-stage--card" aria-live="polite">
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
    </div>
  );
}

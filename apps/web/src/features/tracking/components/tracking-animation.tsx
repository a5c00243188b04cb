import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackingAnimationStep } from '@auxilio/domain';

export interface TrackingAnimationProps {
  step: TrackingAnimationStep;
  /** The map, shown on the 'map' step. */
  map: ReactNode;
}

/**
 * SPEC 4 "While Accepted, animation cycles every 8.7 s (map, evaluation reminder, tip reminder)": the
 * map or one reminder card, announced politely when it changes.
 */
export function TrackingAnimation({ step, map }: TrackingAnimationProps) {
  const { t } = useTranslation('tracking');
  if (step === 'map') return <div className="tracking-stage">{map}</div>;
  return (
    <div className="tracking-stage tracking-stage--card" aria-live="polite">
      <div className={`reminder reminder--${step}`}>
        <span className="reminder__icon" aria-hidden="true">
          {step === 'tip' ? '💵' : step === 'social' ? '📣' : '⭐'}
        </span>
        <p className="reminder__title">{t(`reminders.${step}.title`)}</p>
        <p className="reminder__text">{t(`reminders.${step}.text`)}</p>
      </div>
    </div>
  );
}

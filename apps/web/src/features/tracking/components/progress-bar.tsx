import { useTranslation } from 'react-i18next';
import { TRACKING_PROGRESS_STEPS } from '@auxilio/domain';

export interface ProgressBarProps {
  /** 1..4 (SPEC 4 "Progress bar has 4 steps: new=1, accepted=2, on route=3, arrived or towed=4"). */
  step: 1 | 2 | 3 | 4;
  /** 0.05..0.95 of the drive while on route (SPEC 9 simulated progress), else null. */
  driveProgress: number | null;
}

/**
 * Four segments, one per SPEC step: the first `step` are filled, so on route shows three. On route
 * the fourth (arriving) fills lightly as the truck drives (SPEC 9 "Progress line refresh 10 s";
 * decision 750). The current step is named for screen readers and under the bar.
 */
export function ProgressBar({ step, driveProgress }: ProgressBarProps) {
  const { t } = useTranslation('tracking');
  const current = TRACKING_PROGRESS_STEPS[step - 1] ?? 'received';
  return (
    <div
      className="progress"
      role="progressbar"
      aria-valuemin={1}
      aria-valuemax={4}
      aria-valuenow={step}
      aria-valuetext={t(`progress.${current}`)}
      aria-label={t('progress.label')}
    >
      {TRACKING_PROGRESS_STEPS.map((name, index) => {
        const position = index + 1;
        const reached = position <= step;
        const driving = step === 3 && position === 4 && driveProgress !== null;
        const fill = reached ? 1 : driving ? driveProgress : 0;
        return (
          <span
            key={name}
            className="progress__segment"
            data-state={reached ? 'reached' : driving ? 'driving' : 'ahead'}
          >
            <span
              className={driving ? 'progress__fill progress__fill--driving' : 'progress__fill'}
              style={{ transform: `scaleX(${String(fill)})` }}
            />
          </span>
        );
      })}
      <span className="progress__label">{t(`progress.${current}`)}</span>
    </div>
  );
}

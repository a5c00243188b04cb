import { useTranslation } from 'react-i18next';

export interface ProgressBarProps {
  /** 1..4 (SPEC 4 "Progress bar has 4 steps: new=1, accepted=2, on route=3, arrived or towed=4"). */
  step: 1 | 2 | 3 | 4;
  /** 0.05..0.95 of the way while on route (SPEC 9 simulated progress), else null. */
  driveProgress: number | null;
}

const STEPS = ['received', 'accepted', 'onRoute', 'arrived'] as const;

/** Four segments; the current one is named for screen readers and, on route, fills as the truck drives. */
export function ProgressBar({ step, driveProgress }: ProgressBarProps) {
  const { t } = useTranslation('tracking');
  const current = STEPS[step - 1] ?? 'received';
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
      {STEPS.map((name, index) => {
        const position = index + 1;
        const fill =
          position < step
            ? 1
            : position === step
              ? step === 3 && driveProgress !== null
                ? driveProgress
                : 1
              : 0;
        return (
          <span key={name} className="progress__segment">
            <span className="progress__fill" style={{ transform: `scaleX(${String(fill)})` }} />
          </span>
        );
      })}
      <span className="progress__label">{t(`progress.${current}`)}</span>
    </div>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { keepDigits } from '@auxilio/domain';

export interface StepperQuestionProps {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}

/**
 * SPEC 3 question type numericStepper (the arrival time): minus and plus buttons around a number
 * field that keeps digits only, minimum 0 (SPEC 5 "Arrival-time numeric input keeps digits only,
 * min 0, optional max"; decision 113: no upper bound).
 */
export function StepperQuestion({ label, value, onChange }: StepperQuestionProps) {
  const { t } = useTranslation('survey');
  const id = useId();
  const step = (delta: number) => {
    onChange(Math.max(0, (value ?? 0) + delta));
  };
  return (
    <div className="survey-question">
      <label className="survey-question__label" htmlFor={id}>
        {label}
      </label>
      <div className="stepper">
        <button
          type="button"
          className="stepper__button"
          aria-label={t('stepper.less')}
          disabled={(value ?? 0) <= 0}
          onClick={() => {
            step(-1);
          }}
        >
          −
        </button>
        <input
          id={id}
          className="stepper__input"
          inputMode="numeric"
          autoComplete="off"
          value={value ?? ''}
          onChange={(event) => {
            const digits = keepDigits(event.currentTarget.value, { min: 0 });
            onChange(digits === '' ? undefined : Number(digits));
          }}
        />
        <button
          type="button"
          className="stepper__button"
          aria-label={t('stepper.more')}
          onClick={() => {
            step(1);
          }}
        >
          +
        </button>
      </div>
    </div>
  );
}

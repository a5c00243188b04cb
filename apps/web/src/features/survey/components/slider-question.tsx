import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SURVEY_LIMITS } from '@auxilio/domain';

export interface SliderQuestionProps {
  label: string;
  value: number | undefined;
  onChange: (value: number) => void;
}

/**
 * SPEC 5 "slider 0 to 10". Until the customer moves it the thumb rests in the middle and nothing is
 * sent: a resting slider is not an answer (decision 310).
 */
export function SliderQuestion({ label, value, onChange }: SliderQuestionProps) {
  const { t } = useTranslation('survey');
  const id = useId();
  const resting = Math.round((SURVEY_LIMITS.sliderMin + SURVEY_LIMITS.sliderMax) / 2);
  return (
    <div className="survey-question">
      <label className="survey-question__label" htmlFor={id}>
        {label}
      </label>
      <div className="slider-question">
        <input
          id={id}
          type="range"
          min={SURVEY_LIMITS.sliderMin}
          max={SURVEY_LIMITS.sliderMax}
          step={1}
          value={value ?? resting}
          aria-valuetext={value === undefined ? t('slider.unanswered') : String(value)}
          onChange={(event) => {
            onChange(Number(event.currentTarget.value));
          }}
        />
        <output htmlFor={id} className="slider-question__value">
          {value ?? '–'}
        </output>
      </div>
      <p className="survey-question__ends" aria-hidden="true">
        <span>{SURVEY_LIMITS.sliderMin}</span>
        <span>{SURVEY_LIMITS.sliderMax}</span>
      </p>
    </div>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SURVEY_LIMITS } from '@auxilio/domain';

export interface TextQuestionProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** SPEC 5 "Survey comment max 255 characters": the field stops at 255 and counts down. */
export function TextQuestion({ label, value, onChange }: TextQuestionProps) {
  const { t } = useTranslation('survey');
  const id = useId();
  const counterId = useId();
  return (
    <div className="survey-question">
      <label className="survey-question__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="survey-question__text"
        rows={3}
        maxLength={SURVEY_LIMITS.commentMaxLength}
        aria-describedby={counterId}
        value={value}
        onChange={(event) => {
          onChange(event.currentTarget.value.slice(0, SURVEY_LIMITS.commentMaxLength));
        }}
      />
      <p id={counterId} className="survey-question__counter">
        {t('counter', { count: value.length, max: SURVEY_LIMITS.commentMaxLength })}
      </p>
    </div>
  );
}

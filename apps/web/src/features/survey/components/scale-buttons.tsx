import { useId } from 'react';
import { SURVEY_LIMITS } from '@auxilio/domain';

export interface ScaleButtonsProps {
  label: string;
  value: number | undefined;
  onChange: (value: number) => void;
}

const POINTS = Array.from(
  { length: SURVEY_LIMITS.ratingButtonMax - SURVEY_LIMITS.ratingButtonMin + 1 },
  (_, index) => SURVEY_LIMITS.ratingButtonMin + index,
);

/** SPEC 5 "rating buttons 0 to 10": a radio group drawn as eleven 48 px buttons. */
export function ScaleButtons({ label, value, onChange }: ScaleButtonsProps) {
  const name = useId();
  return (
    <fieldset className="survey-question">
      <legend className="survey-question__label">{label}</legend>
      <div className="scale-buttons">
        {POINTS.map((point) => (
          <label key={point} className="scale-buttons__item">
            <input
              type="radio"
              name={name}
              value={point}
              checked={value === point}
              onChange={() => {
                onChange(point);
              }}
            />
            <span>{point}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SURVEY_LIMITS } from '@auxilio/domain';

export interface StarRatingProps {
  label: string;
  value: number | undefined;
  onChange: (value: number) => void;
  errorId?: string | undefined;
}

const STARS = Array.from(
  { length: SURVEY_LIMITS.starsMax - SURVEY_LIMITS.starsMin + 1 },
  (_, index) => SURVEY_LIMITS.starsMin + index,
);

/**
 * SPEC 5 "stars 1 to 5" as a native radio group: arrow keys move between stars, each star is named
 * ("3 estrellas"), and the stars up to the chosen one are filled.
 */
export function StarRating({ label, value, onChange, errorId }: StarRatingProps) {
  const { t } = useTranslation('survey');
  const name = useId();
  return (
    <fieldset className="survey-question" aria-describedby={errorId}>
      <legend className="survey-question__label">{label}</legend>
      <div className="star-rating">
        {STARS.map((star) => (
          <label key={star} className="star-rating__star">
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              aria-label={t('stars', { count: star })}
              onChange={() => {
                onChange(star);
              }}
            />
            <svg
              viewBox="0 0 24 24"
              width="40"
              height="40"
              aria-hidden="true"
              data-filled={value !== undefined && star <= value}
            >
              <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
            </svg>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

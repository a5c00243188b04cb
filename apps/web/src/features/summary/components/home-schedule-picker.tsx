import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  defaultHomeDate,
  HOME_AVAILABILITIES,
  isHomeDateAllowed,
  type HomeAvailability,
  type PlainDate,
} from '@auxilio/domain';

export interface HomeSchedulePickerProps {
  /** The stored date (a valid one; the screen fills the default first). */
  date: PlainDate;
  availability: HomeAvailability | null;
  /** Today in the branch's zone: the earliest date is two days after it. */
  today: PlainDate;
  onDateChange: (date: PlainDate) => void;
  /** False while the typed date is refused (the request must wait). */
  onDateValidityChange: (valid: boolean) => void;
  onAvailabilityChange: (availability: HomeAvailability) => void;
}

/**
 * SPEC 2 "Home services ask for a date and an availability window"; SPEC 3 Home notes "availability
 * (morning, afternoon, all day), date (default two days ahead)"; SPEC 5 "Home availability date at
 * least 2 days from today" (isHomeDateAllowed: min alone does not stop a typed date).
 */
export function HomeSchedulePicker({
  date,
  availability,
  today,
  onDateChange,
  onDateValidityChange,
  onAvailabilityChange,
}: HomeSchedulePickerProps) {
  const { t } = useTranslation('location');
  const dateId = useId();
  const errorId = useId();
  const [value, setValue] = useState(date);
  const refused = !isHomeDateAllowed(value, today);

  return (
    <section className="summary-section home-schedule" aria-labelledby={`${dateId}-title`}>
      <h2 id={`${dateId}-title`} className="summary-section__title">
        {t('home.when')}
      </h2>
      <div className="schedule-picker__field">
        <label htmlFor={dateId}>{t('home.date')}</label>
        <input
          id={dateId}
          type="date"
          min={defaultHomeDate(today)}
          value={value}
          required
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? errorId : undefined}
          onChange={(event) => {
            const next = event.target.value;
            setValue(next);
            const allowed = isHomeDateAllowed(next, today);
            if (allowed) onDateChange(next);
            onDateValidityChange(allowed);
          }}
        />
        {refused ? (
          <p id={errorId} className="summary-error" role="alert">
            {t('home.dateTooSoon')}
          </p>
        ) : null}
      </div>
      <fieldset className="home-schedule__windows">
        <legend>{t('home.availability')}</legend>
        {HOME_AVAILABILITIES.map((window) => (
          <label key={window} className="schedule-picker__mode">
            <input
              type="radio"
              name="home-availability"
              value={window}
              checked={availability === window}
              onChange={() => {
                onAvailabilityChange(window);
              }}
            />
            {t(`home.windows.${window}`)}
          </label>
        ))}
      </fieldset>
      {availability === null ? <p className="summary-muted">{t('home.availabilityHint')}</p> : null}
    </section>
  );
}

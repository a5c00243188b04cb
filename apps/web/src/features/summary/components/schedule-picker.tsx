import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readScheduleInput, toLocalDateTimeInput } from '@auxilio/domain';

export interface SchedulePickerProps {
  /** Stored schedule (ISO) or null for "Now". */
  schedule: string | null;
  /** IANA zone the wall-clock picker is read in (the branch's, decision 284). */
  timeZone: string;
  /** A valid ISO schedule, or null for "Now". */
  onScheduleChange: (schedule: string | null) => void;
  /** False while "Scheduled" has no valid future time (the request must wait). */
  onValidityChange: (valid: boolean) => void;
  now?: () => Date;
}

/**
 * SPEC 2 "'When do you want the service?' with Now / Scheduled and a date and time picker"; SPEC 5
 * "Scheduled date cannot be in the past": the picker's min is now, and a past value is refused with
 * a message (min alone does not stop typed values).
 */
export function SchedulePicker({
  schedule,
  timeZone,
  onScheduleChange,
  onValidityChange,
  now = () => new Date(),
}: SchedulePickerProps) {
  const { t } = useTranslation('location');
  const inputId = useId();
  const errorId = useId();
  const [mode, setMode] = useState<'now' | 'scheduled'>(schedule ? 'scheduled' : 'now');
  const [value, setValue] = useState(() =>
    schedule ? toLocalDateTimeInput(new Date(schedule), timeZone) : '',
  );
  const [error, setError] = useState<'past' | 'invalid' | null>(null);

  const read = (text: string) => {
    const result = readScheduleInput(text, timeZone, now());
    if (result.ok) {
      setError(null);
      onScheduleChange(result.schedule);
      onValidityChange(true);
    } else {
      setError(result.reason === 'past' ? 'past' : result.reason === 'invalid' ? 'invalid' : null);
      onScheduleChange(null);
      onValidityChange(false);
    }
  };

  return (
    <fieldset className="schedule-picker">
      <legend className="summary-section__title">{t('summary.when')}</legend>
      <div className="schedule-picker__modes">
        <label className="schedule-picker__mode">
          <input
            type="radio"
            name="schedule-mode"
            value="now"
            checked={mode === 'now'}
            onChange={() => {
              setMode('now');
              setError(null);
              onScheduleChange(null);
              onValidityChange(true);
            }}
          />
          {t('summary.now')}
        </label>
        <label className="schedule-picker__mode">
          <input
            type="radio"
            name="schedule-mode"
            value="scheduled"
            checked={mode === 'scheduled'}
            onChange={() => {
              setMode('scheduled');
              read(value);
            }}
          />
          {t('summary.scheduled')}
        </label>
      </div>
      {mode === 'scheduled' ? (
        <div className="schedule-picker__field">
          <label htmlFor={inputId}>{t('summary.dateTime')}</label>
          <input
            id={inputId}
            type="datetime-local"
            min={toLocalDateTimeInput(now(), timeZone)}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              read(event.target.value);
            }}
          />
          {error ? (
            <p id={errorId} className="summary-error" role="alert">
              {t(error === 'past' ? 'summary.schedulePast' : 'summary.scheduleInvalid')}
            </p>
          ) : value === '' ? (
            <p className="summary-muted">{t('summary.scheduleHint')}</p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

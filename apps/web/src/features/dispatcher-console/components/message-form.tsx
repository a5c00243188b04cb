import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPATCHER_TEXT_MAX } from '@auxilio/domain';
import type { DispatcherApi } from '../api/dispatcher-api.ts';
import { actionErrorText, isSignedOutError } from '../utils/action-error.ts';
import { ActionFeedback } from './action-feedback.tsx';

export interface MessageFormProps {
  api: DispatcherApi;
  token: string;
  serviceId: string;
  /** The text went out: the detail closes the form and keeps `message` as its status. */
  onSent: (message: string) => void;
  onSignedOut: () => void;
}

/** One intended text and the key the server knows it by. */
interface Attempt {
  text: string;
  key: string;
}

/**
 * "Enviar mensaje": a text to the customer's phone, two SMS segments at most, with a counter. Each
 * intended text carries its own idempotency key: sending the same text again after a failure
 * reuses it, so a text whose answer was lost is not sent twice; a changed text gets a new key.
 */
export function MessageForm({ api, token, serviceId, onSent, onSignedOut }: MessageFormProps) {
  const { t } = useTranslation('dispatcher');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<Attempt | null>(null);
  const send = () => {
    const trimmed = text.trim();
    const key = attempt.current?.text === trimmed ? attempt.current.key : crypto.randomUUID();
    attempt.current = { text: trimmed, key };
    setBusy(true);
    setError(null);
    api
      .sendText(token, serviceId, trimmed, key)
      .then(
        () => {
          onSent(t('message.sent'));
        },
        (failure: unknown) => {
          if (isSignedOutError(failure)) onSignedOut();
          else setError(actionErrorText(t, failure));
        },
      )
      .finally(() => {
        setBusy(false);
      });
  };
  return (
    <form
      className="dispatcher-message"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label className="dispatcher-field">
        <span>{t('message.label')}</span>
        <textarea
          rows={3}
          maxLength={DISPATCHER_TEXT_MAX}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
      </label>
      <div className="dispatcher-row">
        <span className="dispatcher-muted">
          {t('message.counter', { count: text.length, max: DISPATCHER_TEXT_MAX })}
        </span>
        <button
          type="submit"
          className="dispatcher-button dispatcher-button--primary"
          disabled={busy || text.trim() === ''}
        >
          {t('message.send')}
        </button>
      </div>
      <ActionFeedback done={null} error={error} />
    </form>
  );
}

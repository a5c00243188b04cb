import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isNoteSendable, NOTE_MAX_LENGTH } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useSendComments } from '../api/send-comments.ts';
import './comments-screen.css';

/**
 * SPEC 2 "/comments" (decision 613): the customer tells the team what it should know about the
 * situation (what happened, how to find them, who to ask for) for a service that is still open;
 * SPEC 7 /utils/addNote stores it as a note of the service. The text stays on the screen until it
 * is sent; after it, the customer follows the service.
 */
export function CommentsScreen() {
  const { t } = useTranslation('comments');
  const fieldId = useId();
  const [, navigate] = useLocation();
  const serviceNumber = useSessionStore((state) => state.session.serviceNumber);
  const patchSession = useSessionStore((state) => state.patchSession);
  const [text, setText] = useState('');
  const send = useSendComments();

  const followService = () => {
    patchSession({ redirectedFromComments: false });
    // The loading screen moves on to tracking or the summary by itself (SPEC 4).
    navigate('/tracking/loading', { replace: true });
  };

  if (send.isSuccess) {
    return (
      <main className="comments">
        <h1 className="comments__title">{t('sent.title')}</h1>
        <p role="status">{t('sent.text')}</p>
        <Button onClick={followService}>{t('follow')}</Button>
      </main>
    );
  }
  return (
    <main className="comments">
      <h1 className="comments__title">{t('title')}</h1>
      {serviceNumber ? (
        <p className="comments__service">{t('service', { number: serviceNumber })}</p>
      ) : null}
      <form
        className="comments__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (isNoteSendable(text)) send.mutate(text);
        }}
      >
        <label htmlFor={fieldId} className="comments__label">
          {t('label')}
        </label>
        <p className="comments__hint">{t('hint')}</p>
        <textarea
          id={fieldId}
          className="comments__text"
          rows={6}
          maxLength={NOTE_MAX_LENGTH}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
        {send.isError ? (
          <p className="comments__error" role="alert">
            {t('error')}
          </p>
        ) : null}
        <Button type="submit" disabled={!isNoteSendable(text) || send.isPending}>
          {send.isPending ? t('sending') : t('send')}
        </Button>
        <Button variant="secondary" onClick={followService}>
          {t('follow')}
        </Button>
      </form>
    </main>
  );
}

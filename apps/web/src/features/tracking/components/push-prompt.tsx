import { useTranslation } from 'react-i18next';
import { useUpdatePushOptIn } from '../api/update-push-opt-in.ts';
import { usePushPrompt } from '../hooks/use-push-prompt.ts';

/**
 * SPEC 2/6 "Push notifications are offered on the loading screen": a polite banner; Yes asks the
 * browser and records the answer on the service, No just closes it.
 */
export function PushPrompt() {
  const { t } = useTranslation('tracking');
  const prompt = usePushPrompt();
  const optIn = useUpdatePushOptIn();
  if (!prompt.visible) return null;
  return (
    <section className="push-prompt" role="region" aria-label={t('push.title')}>
      <p className="push-prompt__text">
        <strong>{t('push.title')}</strong> {t('push.text')}
      </p>
      <div className="push-prompt__actions">
        <button
          type="button"
          className="push-prompt__button"
          onClick={() => {
            prompt.answer();
          }}
        >
          {t('push.no')}
        </button>
        <button
          type="button"
          className="push-prompt__button push-prompt__button--primary"
          onClick={() => {
            prompt.answer();
            void Notification.requestPermission().then((permission) => {
              optIn.mutate(permission === 'granted');
            });
          }}
        >
          {t('push.yes')}
        </button>
      </div>
    </section>
  );
}

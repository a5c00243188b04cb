import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeotextRoom } from '@auxilio/domain';
import { LazyMapView } from '../../../lib/map/index.ts';
import type { DispatcherApi } from '../api/dispatcher-api.ts';
import { useGeotextRoom } from '../hooks/use-geotext-room.ts';
import { actionErrorText, isSignedOutError } from '../utils/action-error.ts';
import { ActionFeedback } from './action-feedback.tsx';

export interface GeotextPanelProps {
  api: DispatcherApi;
  token: string;
  /** The service open in the detail, which the link is tied to. */
  service: { id: string; number: number } | null;
  onClose: () => void;
  onSignedOut: () => void;
}

/**
 * "Ubicación por texto" (decision 600): the dispatcher types the caller's phone with its country
 * code, the API texts them a link, and the panel waits on the room's stream for the position.
 */
export function GeotextPanel({ api, token, service, onClose, onSignedOut }: GeotextPanelProps) {
  const { t } = useTranslation('dispatcher');
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [room, setRoom] = useState<GeotextRoom | null>(null);
  const outcome = useGeotextRoom(api, token, room);

  const send = () => {
    setBusy(true);
    setError(null);
    api
      .createGeotextRoom(
        token,
        service
          ? { phoneNumber: phone.trim(), serviceId: service.id }
          : { phoneNumber: phone.trim() },
      )
      .then(setRoom, (failure: unknown) => {
        if (isSignedOutError(failure)) onSignedOut();
        else setError(actionErrorText(t, failure));
      })
      .finally(() => {
        setBusy(false);
      });
  };

  return (
    <section className="dispatcher-detail dispatcher-geotext" aria-label={t('geotext.title')}>
      <header className="dispatcher-detail__header">
        <div>
          <h2 className="dispatcher-detail__title">{t('geotext.title')}</h2>
          <p className="dispatcher-muted">{t('geotext.lead')}</p>
        </div>
        <button
          type="button"
          className="dispatcher-button dispatcher-button--quiet"
          onClick={onClose}
        >
          {t('geotext.close')}
        </button>
      </header>
      {room && outcome ? (
        <div className="dispatcher-detail__body" aria-live="polite">
          <p className="dispatcher-block__strong">{room.phoneNumber}</p>
          {outcome.kind === 'waiting' ? (
            <p className="dispatcher-notice" role="status">
              {t('geotext.waiting')}
            </p>
          ) : outcome.kind === 'failed' ? (
            <p className="dispatcher-notice dispatcher-notice--error" role="alert">
              {t('geotext.failed')}
            </p>
          ) : outcome.kind === 'expired' ? (
            <p className="dispatcher-notice dispatcher-notice--warning">{t('geotext.expired')}</p>
          ) : (
            <>
              <p className="dispatcher-notice dispatcher-notice--done" role="status">
                {t('geotext.located')}
              </p>
              <p>{outcome.answer.address ?? ''}</p>
              {outcome.answer.lat !== null && outcome.answer.lng !== null ? (
                <LazyMapView
                  center={{ lat: outcome.answer.lat, lng: outcome.answer.lng }}
                  zoom={16}
                  markers={[
                    {
                      id: 'geotext',
                      kind: 'situation',
                      position: { lat: outcome.answer.lat, lng: outcome.answer.lng },
                    },
                  ]}
                  ariaLabel={t('geotext.mapLabel')}
                  height="200px"
                />
              ) : null}
            </>
          )}
          <button
            type="button"
            className="dispatcher-button"
            onClick={() => {
              setRoom(null);
            }}
          >
            {t('geotext.another')}
          </button>
        </div>
      ) : (
        <form
          className="dispatcher-detail__body"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          {service ? (
            <p className="dispatcher-muted">
              {t('geotext.forService', { number: service.number })}
            </p>
          ) : null}
          <label className="dispatcher-field">
            <span>{t('geotext.phone')}</span>
            <input
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={phone}
              placeholder={t('geotext.phoneHint')}
              onChange={(event) => {
                setPhone(event.target.value);
              }}
            />
          </label>
          <ActionFeedback done={null} error={error} />
          <button
            type="submit"
            className="dispatcher-button dispatcher-button--primary"
            disabled={busy || phone.trim() === ''}
          >
            {t('geotext.send')}
          </button>
        </form>
      )}
    </section>
  );
}

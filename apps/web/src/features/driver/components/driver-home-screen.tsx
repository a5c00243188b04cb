import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { DriverApi } from '../api/driver-api.ts';
import type { DriverSession, DriverState } from '@auxilio/domain';
import type { TripStep } from '../utils/trip-steps.ts';
import { useDriverApi } from '../hooks/use-driver-api.ts';
import { useDriverState } from '../hooks/use-driver-state.ts';
import { usePositionReporting } from '../hooks/use-position-reporting.ts';
import { clearDriverSession, readDriverSession } from '../utils/driver-token-store.ts';
import { DriverSignInPanel } from './driver-sign-in-panel.tsx';
import { OfferCard } from './offer-card.tsx';
import { OnlineToggle } from './online-toggle.tsx';
import { TripPanel } from './trip-panel.tsx';
import { TripPhotos } from './trip-photos.tsx';
import './driver.css';

/** /driver: the sign-in when there is no driver session, else the driver's console. */
export function DriverHomeScreen() {
  const [session, setSession] = useState<DriverSession | null>(() =>
    readDriverSession(window.localStorage),
  );
  const signOut = useCallback(() => {
    clearDriverSession(window.localStorage);
    setSession(null);
  }, []);
  if (!session) return <DriverSignInPanel />;
  return <DriverConsole session={session} onSignedOut={signOut} />;
}

/** A short buzz when an offer arrives (phones that can; the screen is the real signal). */
function useOfferBuzz(offerId: string | null): void {
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (offerId && offerId !== last.current && 'vibrate' in navigator) {
      navigator.vibrate([200, 100, 200]);
    }
    last.current = offerId;
  }, [offerId]);
}

/** A call whose answer is the new state, or null when the long poll brings it. */
type Action = (api: DriverApi, token: string) => Promise<DriverState | null>;

export interface DriverConsoleProps {
  session: DriverSession;
  onSignedOut: () => void;
}

/**
 * The signed-in driver (docs/decisions/761): the online switch, then the trip, the offer or the
 * waiting notice, from the long-polled state; positions go up while online or on a trip.
 */
export function DriverConsole({ session, onSignedOut }: DriverConsoleProps) {
  const { t, i18n } = useTranslation('driver');
  const api = useDriverApi();
  const { token } = session;
  const { state, offsetMs, reconnecting, apply } = useDriverState(api, token, onSignedOut);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<'actionFailed' | 'offerGone' | null>(null);
  const online = state?.driver.online ?? false;
  const { lastPositionAt } = usePositionReporting(
    api,
    session.driver.id,
    token,
    online || Boolean(state?.trip),
    state?.driver.lastPositionAt ?? null,
  );
  useOfferBuzz(state?.offer?.id ?? null);

  const run = (action: Action) => {
    setBusy(true);
    setNotice(null);
    action(api, token)
      .then((next) => {
        if (next) apply(next);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 401) onSignedOut();
        else if (error instanceof ApiRequestError && error.status === 409) setNotice('offerGone');
        else setNotice('actionFailed');
      })
      .finally(() => {
        setBusy(false);
      });
  };
  const signOut = () => {
    // The local session ends whatever the server answers: the phone may be offline.
    void api.signOut(token).catch(() => undefined);
    onSignedOut();
  };

  const time = lastPositionAt
    ? new Date(lastPositionAt).toLocaleTimeString(i18n.language, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
    : null;

  return (
    <main className="driver">
      <div className="driver__bar">
        <p className="driver__name">{t('home.greeting', { name: session.driver.name })}</p>
        <button type="button" className="driver__link" onClick={signOut}>
          {t('home.signOut')}
        </button>
      </div>
      {reconnecting ? (
        <p className="driver__warning" role="status">
          {t('home.reconnecting')}
        </p>
      ) : null}
      {notice ? (
        <p className="driver__warning" role="alert">
          {t(`home.${notice}`)}
        </p>
      ) : null}
      {!state ? (
        <p className="driver__lead" aria-busy="true">
          {t('home.loading')}
        </p>
      ) : (
        <>
          <OnlineToggle
            online={online}
            busy={busy}
            onChange={(next) => {
              run((client, bearer) => client.setOnline(bearer, next));
            }}
          />
          {state.trip ? (
            <TripPanel
              trip={state.trip}
              busy={busy}
              photos={
                <TripPhotos
                  key={state.trip.serviceId}
                  api={api}
                  token={token}
                  serviceId={state.trip.serviceId}
                />
              }
              onStep={(step: TripStep) => {
                const serviceId = state.trip?.serviceId ?? '';
                // The state follows through the long poll (the step's answer is the service's).
                run((client, bearer) =>
                  client.reportStep(bearer, serviceId, step).then(() => null),
                );
              }}
              onGiveBack={(reason) => {
                const serviceId = state.trip?.serviceId ?? '';
                run((client, bearer) => client.giveBack(bearer, serviceId, reason));
              }}
            />
          ) : state.offer ? (
            <OfferCard
              key={state.offer.id}
              offer={state.offer}
              offsetMs={offsetMs}
              busy={busy}
              onAccept={() => {
                const offerId = state.offer?.id ?? '';
                run((client, bearer) => client.acceptOffer(bearer, offerId));
              }}
              onReject={() => {
                const offerId = state.offer?.id ?? '';
                run((client, bearer) => client.rejectOffer(bearer, offerId));
              }}
            />
          ) : (
            <section className="driver-card driver-idle" aria-live="polite">
              <h2 className="driver-card__title">
                {online ? t('home.waiting') : t('home.offline')}
              </h2>
              <p className="driver-card__muted">
                {online ? t('home.waitingLead') : t('home.offlineLead')}
              </p>
            </section>
          )}
          {online || state.trip ? (
            <p className="driver__position">
              {time ? t('home.lastPosition', { time }) : t('home.noPosition')}
            </p>
          ) : null}
        </>
      )}
    </main>
  );
}

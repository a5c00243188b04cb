import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button.tsx';
import type { DriverOffer } from '@auxilio/domain';
import { secondsLeft } from '../utils/offer-countdown.ts';

export interface OfferCardProps {
  offer: DriverOffer;
  /** Milliseconds to add to the phone's clock to read the server's. */
  offsetMs: number;
  busy: boolean;
  onAccept: () => void;
  onReject: () => void;
}

/** Re-renders once a second while mounted: the countdown's clock. */
function useSecondTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}

/**
 * A pending offer (docs/decisions/761): what, where, how far, when, and the seconds left to answer
 * by the server's clock; two large buttons reachable with one thumb.
 */
export function OfferCard({ offer, offsetMs, busy, onAccept, onReject }: OfferCardProps) {
  const { t, i18n } = useTranslation('driver');
  const now = useSecondTick();
  const left = secondsLeft(offer.expiresAt, now, offsetMs);
  const { service } = offer;
  const schedule = service.schedule ? new Date(service.schedule) : null;
  return (
    <section className="driver-card driver-offer" aria-labelledby="driver-offer-title">
      <p className="driver-offer__countdown" role="timer" aria-live="off">
        {left > 0 ? t('offer.expiresIn', { seconds: left }) : t('offer.expired')}
      </p>
      <h2 id="driver-offer-title" className="driver-card__title driver-card__title--service">
        {t(`serviceTypes.${service.situation}`, { defaultValue: service.situation })}
      </h2>
      <p className="driver-card__muted">
        {t('offer.serviceNumber', { number: service.serviceNumber })}
      </p>
      <p className="driver-offer__address">{service.address ?? t('offer.noAddress')}</p>
      <p>
        {t('offer.distanceEta', {
          km: (service.distanceMeters / 1000).toLocaleString(i18n.language, {
            maximumFractionDigits: 1,
          }),
          minutes: Math.max(1, Math.round(service.etaSeconds / 60)),
        })}
      </p>
      {schedule && !Number.isNaN(schedule.getTime()) ? (
        <p>
          {t('offer.scheduled', {
            time: schedule.toLocaleString(i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}
        </p>
      ) : null}
      {service.notes ? (
        <p className="driver-card__muted">{t('offer.notes', { notes: service.notes })}</p>
      ) : null}
      <div className="driver-offer__actions">
        <Button variant="secondary" disabled={busy} onClick={onReject}>
          {t('offer.reject')}
        </Button>
        <Button disabled={busy || left === 0} onClick={onAccept}>
          {t('offer.accept')}
        </Button>
      </div>
    </section>
  );
}

import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button.tsx';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { navigationUrl } from '../../../lib/navigation-link.ts';
import type { DriverTrip } from '@auxilio/domain';
import type { TripStep } from '../utils/trip-steps.ts';
import { nextTripStep } from '../utils/trip-steps.ts';
import { ConfirmStepDialog } from './confirm-step-dialog.tsx';

export interface TripPanelProps {
  trip: DriverTrip;
  busy: boolean;
  onStep: (step: TripStep) => void;
  onGiveBack: (reason: string) => void;
  /** The browser's user agent (the navigation hand-off differs on Android). */
  userAgent?: string;
  /** The trip's optional photos, under the links. */
  photos?: ReactNode;
}

function vehicleText(vehicle: DriverTrip['vehicle']): string | null {
  if (!vehicle) return null;
  const text = [vehicle.make, vehicle.model, vehicle.color].filter(Boolean).join(' ');
  return text || null;
}

/**
 * The accepted service (docs/decisions/761): the customer, a call button, the note, where to go
 * (with the phone's navigation app) and the next step only, so steps are reported in order.
 */
export function TripPanel({
  trip,
  busy,
  onStep,
  onGiveBack,
  userAgent = navigator.userAgent,
  photos,
}: TripPanelProps) {
  const { t } = useTranslation('driver');
  const [confirming, setConfirming] = useState<'finish' | 'give-back' | null>(null);
  const [reason, setReason] = useState('');
  const next = nextTripStep(trip);
  // Before arriving the driver heads to the customer; a tow then heads to the destination.
  const towing = trip.isTow && (trip.tripStatus === 'ARRIVED' || trip.tripStatus === 'TOWED');
  const target = towing && trip.destination ? trip.destination : trip.location;
  const name = trip.customer.firstname.trim();
  const vehicle = vehicleText(trip.vehicle);
  const close = () => {
    setConfirming(null);
  };
  return (
    <section className="driver-card driver-trip" aria-labelledby="driver-trip-title">
      <p className="driver-trip__status">{t(`trip.status.${trip.tripStatus}`)}</p>
      <h2 id="driver-trip-title" className="driver-card__title driver-card__title--service">
        {t(`serviceTypes.${trip.situation}`, { defaultValue: trip.situation })}
      </h2>
      <p className="driver-card__muted">{t('trip.title', { number: trip.serviceNumber })}</p>

      <dl className="driver-trip__facts">
        <dt>{t('trip.customer')}</dt>
        <dd>{name}</dd>
        <dt>{t('trip.location')}</dt>
        <dd>{trip.location.address ?? t('trip.noAddress')}</dd>
        {trip.destination ? (
          <>
            <dt>{t('trip.destination')}</dt>
            <dd>{trip.destination.address ?? t('trip.noAddress')}</dd>
          </>
        ) : null}
        {vehicle || trip.vehicle?.plate ? (
          <>
            <dt>{t('trip.vehicle')}</dt>
            <dd>
              {vehicle}
              {trip.vehicle?.plate ? (
                <span className="driver-trip__plate">
                  {t('trip.plate', { plate: trip.vehicle.plate })}
                </span>
              ) : null}
            </dd>
          </>
        ) : null}
        {trip.notes ? (
          <>
            <dt>{t('trip.notes')}</dt>
            <dd>{trip.notes}</dd>
          </>
        ) : null}
      </dl>

      <div className="driver-trip__links">
        {trip.customer.phone ? (
          <a className={buttonClassName('secondary')} href={`tel:${trip.customer.phone}`}>
            {t('trip.call', { name })}
          </a>
        ) : null}
        <a
          className={buttonClassName('secondary')}
          href={navigationUrl(
            { lat: target.lat, lng: target.lng, label: target.address },
            userAgent,
          )}
          target="_blank"
          rel="noreferrer"
        >
          {towing ? t('trip.navigateTo') : t('trip.navigate')}
        </a>
      </div>

      {photos}

      {next ? (
        <Button
          className="driver-trip__step"
          disabled={busy}
          onClick={() => {
            if (next === 'FINISHED') setConfirming('finish');
            else onStep(next);
          }}
        >
          {t(`trip.steps.${next}`)}
        </Button>
      ) : null}
      <button
        type="button"
        className="driver-trip__give-back"
        disabled={busy}
        onClick={() => {
          setConfirming('give-back');
        }}
      >
        {t('trip.giveBack')}
      </button>

      <ConfirmStepDialog
        open={confirming === 'finish'}
        onClose={close}
        title={t('trip.finishTitle')}
        description={t('trip.finishLead')}
        confirmLabel={t('trip.finishConfirm')}
        onConfirm={() => {
          onStep('FINISHED');
        }}
      />
      <ConfirmStepDialog
        open={confirming === 'give-back'}
        onClose={close}
        title={t('trip.giveBackTitle')}
        description={t('trip.giveBackLead')}
        confirmLabel={t('trip.giveBackConfirm')}
        onConfirm={() => {
          onGiveBack(reason.trim());
        }}
      >
        <label className="driver-dialog__field">
          {t('trip.reason')}
          <textarea
            maxLength={300}
            rows={3}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
            }}
          />
        </label>
      </ConfirmStepDialog>
    </section>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { POLL_TRACKING_MS, type LatLng, type SharedService } from '@auxilio/domain';
import { useServiceClockText } from '../../../lib/use-service-clock-text.ts';
import { sharedLinkFailure, useSharedService } from '../api/shared-service-query.ts';
import { useSharedEvents } from '../hooks/use-shared-events.ts';
import { hasEnded, sharedEtaText, sharedTitle } from '../utils/shared-view.ts';
import { LinkProblem } from './link-problem.tsx';
import './shared-tracking.css';

/** What the map needs (the tracking map's own input): places, the driver, whether he arrived. */
export interface SharedMapInput {
  situation: LatLng | null;
  driver: LatLng | null;
  destination: LatLng | null;
  reached: boolean;
}

export interface SharedTrackingScreenProps {
  serviceId: string;
  linkToken: string;
  /** The map, composed by the route (lazily, so it stays out of the first screen's code). */
  renderMap: (input: SharedMapInput) => ReactNode;
}

/**
 * Decision 475: the read-only tracking of a shared link. Status title, the driver's first name and
 * vehicle, the ETA and the map, from the redacted view (decision 474); live through the shared
 * stream, else polled at the tracking screen's interval. No phone, prices, call, note or cancel,
 * and nothing written to the session.
 */
export function SharedTrackingScreen({
  serviceId,
  linkToken,
  renderMap,
}: SharedTrackingScreenProps) {
  const { t } = useTranslation(['shared-link', 'tracking']);
  const stream = useSharedEvents(serviceId, linkToken, true);
  const query = useSharedService(
    serviceId,
    linkToken,
    stream === 'open' ? false : POLL_TRACKING_MS,
  );
  const failure = sharedLinkFailure(query.error);
  if (failure) return <LinkProblem failure={failure} />;
  const view = query.data;
  if (!view) {
    return (
      <main className="shared-tracking">
        <h1 className="shared-tracking__title">{t('shared.heading')}</h1>
        <p role={query.isError ? 'alert' : 'status'}>
          {query.isError ? t('shared.offline') : t('shared.loading')}
        </p>
      </main>
    );
  }
  return <SharedView view={view} renderMap={renderMap} stale={query.isError} />;
}

function SharedView({
  view,
  renderMap,
  stale,
}: {
  view: SharedService;
  renderMap: SharedTrackingScreenProps['renderMap'];
  stale: boolean;
}) {
  const { t } = useTranslation(['shared-link', 'tracking']);
  const title = sharedTitle(view);
  const clockText = useServiceClockText();
  const eta = sharedEtaText(view, new Date());
  const driver = view.driver;
  const driverPoint =
    driver?.lat != null && driver.lng != null ? { lat: driver.lat, lng: driver.lng } : null;
  const point = (place: SharedService['locations']['situation']) =>
    place ? { lat: place.lat, lng: place.lng } : null;
  const ended = hasEnded(view);
  return (
    <main className="shared-tracking">
      <p className="shared-tracking__badge">{t('shared.heading')}</p>
      <h1 className="shared-tracking__title">
        {title.key === 'title.accepted'
          ? t(title.key, { ns: title.ns, name: title.name })
          : t(title.key, { ns: title.ns })}
      </h1>
      {eta && !ended && (
        <p className="shared-tracking__eta">
          {t('tracking.estimatedTime', { ns: 'tracking', time: clockText(eta) })}
        </p>
      )}
      {driver && (
        <div className="shared-tracking__driver">
          {driver.vehicleImage && (
            <img
              className="shared-tracking__vehicle"
              src={driver.vehicleImage}
              alt={t('driver.vehicle', { ns: 'tracking' })}
              width={72}
              height={48}
            />
          )}
          <p>
            {driver.vehicleType
              ? t('shared.driverWithVehicle', {
                  name: driver.firstName,
                  vehicle: t(`shared.vehicles.${driver.vehicleType}`, {
                    defaultValue: driver.vehicleType.replaceAll('_', ' '),
                  }),
                })
              : t('shared.driver', { name: driver.firstName })}
          </p>
        </div>
      )}
      {!ended && (
        <div className="shared-tracking__map">
          {renderMap({
            situation: point(view.locations.situation),
            driver: driverPoint,
            destination: point(view.locations.destination),
            reached: view.trip.status === 'ARRIVED' || view.trip.status === 'TOWED',
          })}
        </div>
      )}
      {view.locations.situation && (
        <p className="shared-tracking__address">
          {t('shared.situation', { address: view.locations.situation.address })}
        </p>
      )}
      {stale && <p role="status">{t('shared.offline')}</p>}
      <p className="shared-tracking__note">{t('shared.readOnly')}</p>
    </main>
  );
}

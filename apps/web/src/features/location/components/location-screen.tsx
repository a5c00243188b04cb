import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  addressSearchCountries,
  asksLocationPermission,
  canConfirmLocation,
  hasCoordinates,
  MAP_ZOOM,
  mapCenterOf,
  needsDestination,
  permissionAfterPositionRead,
  pointFromPosition,
  routeAfterLocationConfirmed,
  withLocationPermission,
  withLocationPoint,
} from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useReverseGeocode } from '../hooks/map-services.ts';
import { readCurrentPosition } from '../../../lib/read-current-position.ts';
import { useRequestBranch } from '../hooks/use-request-branch.ts';
import { AddressBox } from './address-box.tsx';
import { LocationMap } from './location-map.tsx';
import { PermissionDialog } from './permission-dialog.tsx';
import './location.css';
import { OPENED_FROM_LOCATION } from '../utils/opened-from-location.ts';

/**
 * /location (SPEC 2 "Location screen"): the map with a bottom sheet that asks 'Where do you need the
 * service?', the situation box (current location, manual address, map), the destination box for
 * towBreakdown, and confirm-location (SPEC 5 rule). Choose on map opens /location/situation or
 * /location/destination (decision 643). A home visit shows no '35 min' (decision 642).
 */
export function LocationScreen() {
  const { t } = useTranslation(['location', 'common']);
  const [, navigate] = useLocation();
  const session = useSessionStore((state) => state.session);
  const updateSession = useSessionStore((state) => state.updateSession);
  const reverseGeocode = useReverseGeocode();
  const branch = useRequestBranch();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [locating, setLocating] = useState(false);
  const [denied, setDenied] = useState(false);

  const { situation, destination, permission } = session.locations;
  const withDestination = needsDestination(session.situation);
  const countries = addressSearchCountries(branch);
  const center = hasCoordinates(situation) ? situation : mapCenterOf(branch ?? 'PR');

  const locate = async () => {
    setLocating(true);
    setDenied(false);
    try {
      const position = await readCurrentPosition();
      const address = await reverseGeocode(position);
      updateSession((current) =>
        withLocationPoint(
          withLocationPermission(current, permissionAfterPositionRead('position')),
          'situation',
          pointFromPosition(position, address),
        ),
      );
    } catch {
      // SPEC 8: "Geolocation unavailable in the location screen: Permission denied and the dialog
      // closes".
      updateSession((current) =>
        withLocationPermission(current, permissionAfterPositionRead('error')),
      );
      setDenied(true);
    } finally {
      setLocating(false);
      setDialogOpen(false);
    }
  };

  const canConfirm = canConfirmLocation({
    situationAddress: situation.address,
    serviceType: session.situation,
    destination,
  });
  const confirmHint = !situation.address.trim()
    ? t('location.confirmHintSituation')
    : !canConfirm
      ? t('location.confirmHintDestination')
      : null;

  const markers = [
    ...(hasCoordinates(situation) ? [{ ...situation, kind: 'situation' as const }] : []),
    ...(withDestination && hasCoordinates(destination)
      ? [{ ...destination, kind: 'destination' as const }]
      : []),
  ];

  return (
    <main className="location-screen">
      <LocationMap
        center={center}
        zoom={MAP_ZOOM.location}
        markers={markers}
        showEstimate={session.currentTrack !== 'home'}
      />
      <section className="bottom-sheet" aria-labelledby="location-title">
        <span className="bottom-sheet__handle" aria-hidden="true" />
        <h1 id="location-title" className="bottom-sheet__title">
          {t('location.title')}
        </h1>
        <AddressBox
          kind="situation"
          point={situation}
          countries={countries}
          onPick={(point) => {
            updateSession((current) => withLocationPoint(current, 'situation', point));
          }}
          onUseCurrentLocation={() => {
            if (asksLocationPermission(permission)) setDialogOpen(true);
            else void locate();
          }}
          onEnterManually={() => {
            navigate('/location/reference');
          }}
          onChooseOnMap={() => {
            navigate('/location/situation', { state: OPENED_FROM_LOCATION });
          }}
        />
        {locating && !dialogOpen ? (
          <p className="location-screen__status" role="status">
            <span className="location-spinner" aria-hidden="true" />
            {t('messages.locating', { ns: 'common' })}
          </p>
        ) : null}
        {denied ? (
          <p className="location-screen__alert" role="alert">
            {t('location.denied')}
          </p>
        ) : null}
        {withDestination ? (
          <AddressBox
            kind="destination"
            point={destination}
            countries={countries}
            onPick={(point) => {
              updateSession((current) => withLocationPoint(current, 'destination', point));
            }}
            onChooseOnMap={() => {
              navigate('/location/destination', { state: OPENED_FROM_LOCATION });
            }}
          />
        ) : null}
        <div className="bottom-sheet__footer">
          {confirmHint ? (
            <p id="confirm-hint" className="bottom-sheet__hint">
              {confirmHint}
            </p>
          ) : null}
          <Button
            disabled={!canConfirm}
            aria-describedby={confirmHint ? 'confirm-hint' : undefined}
            onClick={() => {
              const next = routeAfterLocationConfirmed(session);
              // SPEC 4: the road track's contract search and limit check lead to the summary.
              navigate(next.kind === 'route' ? next.to : '/location/summary');
            }}
          >
            {t('location.confirm')}
          </Button>
        </div>
      </section>
      <PermissionDialog
        open={dialogOpen}
        locating={locating}
        onCancel={() => {
          if (!locating) setDialogOpen(false);
        }}
        onAccept={() => {
          void locate();
        }}
      />
    </main>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearch } from 'wouter';
import { isAccurateEnough, MAP_ZOOM, type LatLng } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { LazyMapView, useReverseGeocode } from '../../../lib/map/index.ts';
import { readCurrentPosition, type CurrentPosition } from '../../../lib/read-current-position.ts';
import {
  isRoomRefused,
  useReadGeotextRoomState,
  useSendGeotextResponse,
} from '../api/geotext-api.ts';
import { geotextPaths, phoneOfQuery, type GeotextLink } from '../hooks/geotext-paths.ts';
import { useLocationFailure } from '../hooks/use-location-failure.ts';
import './geotext.css';

/** The position the permission screen read, handed over in the history entry's state. */
function positionOfHistory(): CurrentPosition | undefined {
  const state = window.history.state as { position?: CurrentPosition } | null;
  const position = state?.position;
  return position && Number.isFinite(position.lat) && Number.isFinite(position.lng)
    ? position
    : undefined;
}

/**
 * SPEC 2 "map with draggable pin and Confirm location button", SPEC 9 "geotext map 17": the map
 * opens on the device's position with a pin the customer drags to the exact place; the address
 * under the pin (reverse geocoding) and the position's accuracy are shown; Confirm sends SPEC 7's
 * response and shows 'Recibido'. Opened without a position (a reload), it reads one again.
 */
export function GeotextMap() {
  const { roomId } = useParams<{ roomId: string }>();
  const link = { roomId, phoneNumber: phoneOfQuery(useSearch()) };
  const [device, setDevice] = useState<CurrentPosition | undefined>(positionOfHistory);
  const fail = useLocationFailure(link);
  const asked = useRef(false);
  useEffect(() => {
    // Once, on a map opened without a position.
    if (device || asked.current) return;
    asked.current = true;
    readCurrentPosition().then(setDevice, () => void fail());
  }, [device, fail]);
  const { t } = useTranslation('geotext');
  if (!device) {
    return (
      <main className="geotext">
        <h1 className="geotext__title">{t('map.title')}</h1>
        <p role="status" className="geotext__status">
          {t('permission.locating')}
        </p>
      </main>
    );
  }
  return <PinOnMap link={link} device={device} />;
}

function PinOnMap({ link, device }: { link: GeotextLink; device: CurrentPosition }) {
  const { t } = useTranslation('geotext');
  const [, navigate] = useLocation();
  const [pin, setPin] = useState<LatLng>({ lat: device.lat, lng: device.lng });
  const address = useReverseGeocode(pin);
  const send = useSendGeotextResponse();
  const readRoomState = useReadGeotextRoomState();
  const [sendFailed, setSendFailed] = useState(false);
  const addressText = address.data?.address ?? '';

  const confirm = async () => {
    const retried = sendFailed;
    setSendFailed(false);
    try {
      await send.mutateAsync({
        lat: pin.lat,
        lng: pin.lng,
        address: addressText.slice(0, 300),
        roomId: link.roomId,
        phoneNumber: link.phoneNumber,
        success: true,
      });
      navigate(geotextPaths.confirmation, { replace: true });
    } catch (error) {
      // A retry after a lost answer may find the room answered by the first try (that was ours),
      // or expired meanwhile: the room's state tells which.
      if (retried && error instanceof ApiRequestError && error.code === 'CONFLICT') {
        const state = await readRoomState(link.roomId, link.phoneNumber).catch(() => undefined);
        if (!state) setSendFailed(true);
        else if (state.status === 'answered')
          navigate(geotextPaths.confirmation, { replace: true });
        else navigate(geotextPaths.roomError, { replace: true });
      } else if (isRoomRefused(error)) {
        navigate(geotextPaths.roomError, { replace: true });
      } else {
        setSendFailed(true);
      }
    }
  };

  return (
    <main className="geotext-map">
      <div className="geotext-map__map">
        <LazyMapView
          center={{ lat: device.lat, lng: device.lng }}
          zoom={MAP_ZOOM.geotext}
          markers={[
            {
              id: 'geotext-pin',
              kind: 'situation',
              position: pin,
              label: t('map.pinLabel'),
              draggable: true,
              onDragEnd: setPin,
            },
          ]}
          ariaLabel={t('map.mapLabel')}
        />
      </div>
      <section className="geotext-map__sheet" aria-labelledby="geotext-map-title">
        <h1 id="geotext-map-title" className="geotext-map__title">
          {t('map.title')}
        </h1>
        <p className="geotext__hint">{t('map.hint')}</p>
        <dl className="geotext-map__facts">
          <dt>{t('map.address')}</dt>
          <dd aria-live="polite">
            {address.isPending ? t('map.addressLoading') : addressText || t('map.addressUnknown')}
          </dd>
          <dt>{t('map.accuracy')}</dt>
          <dd>{t('map.accuracyValue', { meters: Math.round(device.accuracy) })}</dd>
        </dl>
        {!isAccurateEnough(device.accuracy) && (
          <p className="geotext__hint">{t('map.inaccurate')}</p>
        )}
        {sendFailed && (
          <p role="alert" className="geotext__alert">
            {t('map.sendFailed')}
          </p>
        )}
        <Button disabled={send.isPending} onClick={() => void confirm()}>
          {t('map.confirm')}
        </Button>
      </section>
    </main>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearch } from 'wouter';
import { Button } from '../../../components/ui/button/button.tsx';
import { readCurrentPosition } from '../../../lib/read-current-position.ts';
import { geotextPaths, phoneOfQuery } from '../hooks/geotext-paths.ts';
import { useLocationFailure } from '../hooks/use-location-failure.ts';
import { useRoomGuard } from '../hooks/use-room-guard.ts';
import './geotext.css';

/**
 * SPEC 2 "Geotext: permission screen asks to allow location": says why, then asks the browser for
 * one position (SPEC 9 location options). A position opens the map on it; a refusal or a device
 * without geolocation is SPEC 8's location error.
 */
export function GeotextPermission() {
  const { t } = useTranslation('geotext');
  const [, navigate] = useLocation();
  const { roomId } = useParams<{ roomId: string }>();
  const link = { roomId, phoneNumber: phoneOfQuery(useSearch()) };
  useRoomGuard(link);
  const fail = useLocationFailure(link);
  const [locating, setLocating] = useState(false);

  const allow = async () => {
    setLocating(true);
    try {
      const position = await readCurrentPosition();
      navigate(geotextPaths.map(link), { state: { position } });
    } catch {
      await fail();
    }
  };

  return (
    <main className="geotext">
      <div className="geotext__art" aria-hidden="true">
        <svg viewBox="0 0 24 32" width="56" height="72">
          <path
            d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z"
            className="geotext__pin"
          />
          <circle cx="12" cy="12" r="4.5" fill="#fff" />
        </svg>
      </div>
      <h1 className="geotext__title">{t('permission.title')}</h1>
      <p className="geotext__text">{t('permission.why')}</p>
      <p className="geotext__text">{t('permission.how')}</p>
      {locating && (
        <p role="status" className="geotext__status">
          {t('permission.locating')}
        </p>
      )}
      <div className="geotext__actions">
        <Button disabled={locating} onClick={() => void allow()}>
          {t('permission.allow')}
        </Button>
      </div>
    </main>
  );
}

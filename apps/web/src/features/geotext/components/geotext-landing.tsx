import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useSearch } from 'wouter';
import { readGeotextLanding } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { geotextPaths, type GeotextLink } from '../hooks/geotext-paths.ts';
import { useRoomGuard } from '../hooks/use-room-guard.ts';
import './geotext.css';

/**
 * SPEC 2 /geotext/landing: where the texted link opens. It checks that the room still answers
 * (else /geotext/error/roomid) and goes on to the permission screen.
 */
export function GeotextLanding() {
  const link = readGeotextLanding(useSearch());
  if (!link) return <Redirect to={geotextPaths.roomError} replace />;
  return <LandingCheck link={link} />;
}

function LandingCheck({ link }: { link: GeotextLink }) {
  const { t } = useTranslation('geotext');
  const [, navigate] = useLocation();
  const { open, failed, retry } = useRoomGuard(link);
  useEffect(() => {
    if (open) navigate(geotextPaths.permission(link), { replace: true });
  }, [open, link, navigate]);
  return (
    <main className="geotext">
      <h1 className="geotext__title">{t('landing.title')}</h1>
      <p className="geotext__text">{t('landing.text')}</p>
      {failed ? (
        <>
          <p role="alert" className="geotext__alert">
            {t('common.offline')}
          </p>
          <Button onClick={retry}>{t('common.retry')}</Button>
        </>
      ) : (
        <p role="status" className="geotext__status">
          {t('landing.checking')}
        </p>
      )}
    </main>
  );
}

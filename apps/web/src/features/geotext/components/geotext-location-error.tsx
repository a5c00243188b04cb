import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { readGeotextLanding } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { geotextPaths } from '../hooks/geotext-paths.ts';
import './geotext.css';

/**
 * SPEC 8 "Geotext location error ... go to /geotext/error/location": explains how to allow the
 * location and offers to try again (the permission screen of the same link).
 */
export function GeotextLocationError() {
  const { t } = useTranslation('geotext');
  const [, navigate] = useLocation();
  const link = readGeotextLanding(useSearch());
  return (
    <main className="geotext">
      <h1 className="geotext__title">{t('errorLocation.title')}</h1>
      <p className="geotext__text">{t('errorLocation.text')}</p>
      <ol className="geotext__steps">
        <li>{t('errorLocation.stepSettings')}</li>
        <li>{t('errorLocation.stepSite')}</li>
        <li>{t('errorLocation.stepRetry')}</li>
      </ol>
      {link && (
        <div className="geotext__actions">
          <Button
            onClick={() => {
              navigate(geotextPaths.permission(link), { replace: true });
            }}
          >
            {t('errorLocation.retry')}
          </Button>
        </div>
      )}
    </main>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button.tsx';
import './no-connection-screen.css';

export interface NoConnectionScreenProps {
  /** Reloads the page (injectable for tests). */
  reload?: () => void;
  /** Whether the device is online right now. */
  isOnline?: () => boolean;
}

/**
 * SPEC 2 "No-connection screen: 'Oops, you have no internet connection, do you want to try again?'
 * with a retry that reloads only if online." Spanish defaults: it may show before any text loaded.
 */
export function NoConnectionScreen({
  reload = () => {
    window.location.reload();
  },
  isOnline = () => navigator.onLine,
}: NoConnectionScreenProps) {
  const { t } = useTranslation('errors');
  const [stillOffline, setStillOffline] = useState(false);
  return (
    <main className="no-connection" aria-labelledby="no-connection-title">
      <svg className="no-connection__art" viewBox="0 0 64 64" aria-hidden="true">
        <path
          d="M8 24a34 34 0 0 1 48 0M16 32a23 23 0 0 1 32 0M24 40a12 12 0 0 1 16 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
        />
        <circle cx="32" cy="48" r="4" fill="currentColor" />
        <path d="M10 10l44 44" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h1 id="no-connection-title" className="no-connection__title">
        {t('offline.title', {
          defaultValue: '¡Ups! No tiene conexión a internet. ¿Desea intentarlo de nuevo?',
        })}
      </h1>
      {stillOffline ? (
        <p className="no-connection__status" role="status">
          {t('offline.stillOffline', {
            defaultValue: 'Todavía no hay conexión. Inténtelo de nuevo en unos segundos.',
          })}
        </p>
      ) : null}
      <Button
        onClick={() => {
          if (isOnline()) reload();
          else setStillOffline(true);
        }}
      >
        {t('offline.retry', { defaultValue: 'Reintentar' })}
      </Button>
    </main>
  );
}

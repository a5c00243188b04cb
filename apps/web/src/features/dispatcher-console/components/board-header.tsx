import { useTranslation } from 'react-i18next';
import type { BoardConnection } from '../hooks/use-board-stream.ts';

export interface BoardHeaderProps {
  dispatcherName: string;
  connection: BoardConnection;
  onGeotext: () => void;
  onSignOut: () => void;
}

/** The console's top bar: who is signed in, whether the board is live, geotext and sign-out. */
export function BoardHeader({
  dispatcherName,
  connection,
  onGeotext,
  onSignOut,
}: BoardHeaderProps) {
  const { t } = useTranslation('dispatcher');
  return (
    <header className="dispatcher-header">
      <h1 className="dispatcher-header__title">{t('header.title')}</h1>
      <p
        className={`dispatcher-header__connection dispatcher-header__connection--${connection}`}
        role="status"
      >
        {connection === 'live' ? t('header.live') : t('header.reconnecting')}
      </p>
      <div className="dispatcher-header__actions">
        <button type="button" className="dispatcher-button" onClick={onGeotext}>
          {t('header.geotext')}
        </button>
        <span className="dispatcher-header__name">{dispatcherName}</span>
        <button
          type="button"
          className="dispatcher-button dispatcher-button--quiet"
          onClick={onSignOut}
        >
          {t('header.signOut')}
        </button>
      </div>
    </header>
  );
}

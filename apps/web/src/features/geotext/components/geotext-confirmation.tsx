import { useTranslation } from 'react-i18next';
import './geotext.css';

/** SPEC 2 "/geotext/confirmation shows 'Recibido'". */
export function GeotextConfirmation() {
  const { t } = useTranslation('geotext');
  return (
    <main className="geotext geotext--done">
      <div className="geotext__art geotext__art--done" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="72" height="72">
          <circle cx="24" cy="24" r="22" className="geotext__pin" />
          <path d="M14 25l7 7 13-15" fill="none" stroke="#fff" strokeWidth="4" />
        </svg>
      </div>
      <h1 className="geotext__title">{t('confirmation.title')}</h1>
      <p className="geotext__text">{t('confirmation.text')}</p>
    </main>
  );
}

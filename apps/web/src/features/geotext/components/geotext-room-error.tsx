import { useTranslation } from 'react-i18next';
import './geotext.css';

/** SPEC 2 /geotext/error/roomid: the link is unknown, expired or already answered. */
export function GeotextRoomError() {
  const { t } = useTranslation('geotext');
  return (
    <main className="geotext">
      <h1 className="geotext__title">{t('errorRoom.title')}</h1>
      <p className="geotext__text">{t('errorRoom.text')}</p>
      <p className="geotext__text">{t('errorRoom.next')}</p>
    </main>
  );
}

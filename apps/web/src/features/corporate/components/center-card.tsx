import { useTranslation } from 'react-i18next';
import {
  directionsUrl,
  isServiceCenterOpen,
  telLink,
  type DevicePlatform,
  type RankedServiceCenter,
} from '@auxilio/domain';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { usePhoneDisplay } from '../../../lib/phone-display.ts';
import { formatDistance, formatOpeningHours } from '../utils/format-center.ts';

export interface CenterCardProps {
  ranked: RankedServiceCenter;
  platform: DevicePlatform;
  now: Date;
}

/** One service centre: name, distance, open now, address, hours, call and directions. */
export function CenterCard({ ranked, platform, now }: CenterCardProps) {
  const { t, i18n } = useTranslation('corporate');
  const { center, distanceMeters } = ranked;
  const open = isServiceCenterOpen(center, now);
  // Written as people of the centre's country write it; dialled in E.164.
  const phone = usePhoneDisplay(center.phone, center.branch);
  const headingId = `center-${center.id}`;
  return (
    <li className="center-card" aria-labelledby={headingId}>
      <div className="center-card__head">
        <h2 id={headingId} className="center-card__name">
          {center.name}
        </h2>
        {distanceMeters !== null ? (
          <span className="center-card__distance">
            {formatDistance(distanceMeters, i18n.language)}
          </span>
        ) : null}
      </div>
      <p className="center-card__line">
        <span className={open ? 'center-card__open' : 'center-card__closed'}>
          {open ? t('centers.openNow') : t('centers.closedNow')}
        </span>
      </p>
      <p className="center-card__line">
        {center.address}, {center.city}
      </p>
      <p className="center-card__line">{t('centers.phone', { phone })}</p>
      <ul className="center-card__hours" aria-label={t('centers.hours')}>
        {center.hours.map((hours) => {
          const line = formatOpeningHours(hours, i18n.language);
          return <li key={line}>{line}</li>;
        })}
      </ul>
      <div className="center-card__actions">
        <a className={buttonClassName('secondary')} href={telLink(center.phone)}>
          {t('centers.call')}
        </a>
        <a
          className={buttonClassName('primary')}
          href={directionsUrl({ ...center.location, label: center.name }, platform)}
          target={platform === 'android' ? undefined : '_blank'}
          rel="noopener noreferrer"
        >
          {t('centers.directions')}
        </a>
      </div>
    </li>
  );
}

import { useTranslation } from 'react-i18next';
import './offline-banner.css';

/**
 * Issue 15 "Offline is a banner, not a wall": above a screen that keeps what it last knew, says the
 * phone is offline and the app keeps trying (docs/decisions/730). Announced politely.
 */
export function OfflineBanner() {
  const { t } = useTranslation('errors');
  return (
    <p className="offline-banner" role="status">
      <svg className="offline-banner__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M3 9a13 13 0 0 1 18 0M6.5 12.5a8 8 0 0 1 11 0M10 16a3 3 0 0 1 4 0M4 4l16 16"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span>{t('offlineBanner.message')}</span>
    </p>
  );
}

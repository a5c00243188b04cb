import { useTranslation } from 'react-i18next';

export interface OnlineToggleProps {
  online: boolean;
  busy: boolean;
  onChange: (online: boolean) => void;
}

/** The big online/offline switch: offers come only while it is on (docs/decisions/761). */
export function OnlineToggle({ online, busy, onChange }: OnlineToggleProps) {
  const { t } = useTranslation('driver');
  return (
    <button
      type="button"
      role="switch"
      aria-checked={online}
      aria-label={t('home.onlineLabel')}
      disabled={busy}
      className={`driver-toggle${online ? ' driver-toggle--on' : ''}`}
      onClick={() => {
        onChange(!online);
      }}
    >
      <span className="driver-toggle__knob" aria-hidden="true" />
      <span className="driver-toggle__text">{online ? t('home.online') : t('home.offline')}</span>
    </button>
  );
}

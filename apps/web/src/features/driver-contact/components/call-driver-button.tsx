import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { telLink } from '@auxilio/domain';
import { CallModal } from './call-modal.tsx';
import './driver-contact.css';

export interface CallDriverButtonProps {
  phone: string;
  driverName: string;
}

/** Opens the phone's dialer on the driver's number and shows the 'Calling' modal (SPEC 2). */
export function CallDriverButton({ phone, driverName }: CallDriverButtonProps) {
  const { t } = useTranslation('tracking');
  const [open, setOpen] = useState(false);
  const close = useCallback(() => {
    setOpen(false);
  }, []);
  return (
    <>
      <a
        className="contact-action"
        href={telLink(phone)}
        onClick={() => {
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            fill="currentColor"
            d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
          />
        </svg>
        {t('call.button')}
      </a>
      <CallModal open={open} onClose={close} driverName={driverName} />
    </>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CALL_MODAL_CLOSE_MS } from '@auxilio/domain';
import { Dialog } from '../../../components/ui/dialog/dialog.tsx';

export interface CallModalProps {
  open: boolean;
  onClose: () => void;
  driverName: string;
}

/** SPEC 2 "Call modal says 'Calling' and auto-closes after 8 s" (SPEC 9 CALL_MODAL_CLOSE_MS). */
export function CallModal({ open, onClose, driverName }: CallModalProps) {
  const { t } = useTranslation(['tracking', 'common']);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(onClose, CALL_MODAL_CLOSE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [open, onClose]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('call.calling')}
      closeLabel={t('actions.close', { ns: 'common' })}
    >
      <p role="status">{t('call.detail', { name: driverName })}</p>
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import type { ServiceTypeName } from '@auxilio/domain';
import { Dialog } from '../../../components/ui/dialog/dialog.tsx';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';

export interface CallDrawerProps {
  open: boolean;
  onClose: () => void;
  situation: ServiceTypeName | null;
  /** E.164 number to call; null when neither the account nor the brand has one. */
  phone: string | null;
}

/**
 * SPEC 4 "ambulance or asistencia_viajes_nacionales opens a call drawer": these services are
 * coordinated by phone (decision 273).
 */
export function CallDrawer({ open, onClose, situation, phone }: CallDrawerProps) {
  const { t } = useTranslation('services');
  const service = situation ? t(`types.${situation}`) : '';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('callDrawer.title', { service })}
      closeLabel={t('callDrawer.close')}
    >
      <p className="call-drawer__text">{t('callDrawer.text')}</p>
      {phone ? (
        <a className={buttonClassName('primary')} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
          {t('callDrawer.call', { phone })}
        </a>
      ) : (
        <p role="status">{t('callDrawer.noPhone')}</p>
      )}
    </Dialog>
  );
}

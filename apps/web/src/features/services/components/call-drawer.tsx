import { useTranslation } from 'react-i18next';
import { telLink, type Branch, type ServiceTypeName } from '@auxilio/domain';
import { Dialog } from '../../../components/ui/dialog/dialog.tsx';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { usePhoneDisplay } from '../../../lib/phone-display.ts';

export interface CallDrawerProps {
  open: boolean;
  onClose: () => void;
  situation: ServiceTypeName | null;
  /** E.164 number to call; null when neither the account nor the brand has one. */
  phone: string | null;
  /** Branch of the account in use, for how the number is written; null while unknown. */
  branch: Branch | null;
}

/**
 * SPEC 4 "ambulance or asistencia_viajes_nacionales opens a call drawer": these services are
 * coordinated by phone (decision 273).
 */
export function CallDrawer({ open, onClose, situation, phone, branch }: CallDrawerProps) {
  const { t } = useTranslation('services');
  const phoneText = usePhoneDisplay(open ? phone : null, branch);
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
        <a className={buttonClassName('primary')} href={telLink(phone)}>
          {t('callDrawer.call', { phone: phoneText })}
        </a>
      ) : (
        <p role="status">{t('callDrawer.noPhone')}</p>
      )}
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog } from '../../../components/ui/dialog/dialog.tsx';

export interface PermissionDialogProps {
  open: boolean;
  /** True while the position is being read: the dialog says where the help goes. */
  locating: boolean;
  onCancel: () => void;
  onAccept: () => void;
}

/**
 * SPEC 2: "A permission dialog 'Allow us to access your location' (Cancel / 'Yes, give
 * permission'). While locating: 'Estaremos enviando la asistencia a su ubicación actual'."
 */
export function PermissionDialog({ open, locating, onCancel, onAccept }: PermissionDialogProps) {
  const { t } = useTranslation(['location', 'common']);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={t('permission.title')}
      closeLabel={t('actions.close', { ns: 'common' })}
    >
      {locating ? (
        <p className="location-dialog__status" role="status">
          <span className="location-spinner" aria-hidden="true" />
          {t('messages.locating', { ns: 'common' })}
        </p>
      ) : (
        <>
          <p className="location-dialog__text">{t('permission.text')}</p>
          <div className="location-dialog__actions">
            <Button onClick={onAccept}>{t('permission.accept')}</Button>
            <Button variant="secondary" onClick={onCancel}>
              {t('permission.cancel')}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}

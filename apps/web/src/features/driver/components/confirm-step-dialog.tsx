import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog } from '../../../components/ui/dialog/dialog.tsx';

export interface ConfirmStepDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** The text of the button that takes the step. */
  confirmLabel: string;
  /** Called after the dialog closes, when the driver confirms. */
  onConfirm: () => void;
  /** What the step asks for before the buttons (the reason for giving a service back). */
  children?: ReactNode;
}

/**
 * A trip step that cannot be taken back (finishing, giving the service back) waits for the driver to
 * confirm it: the step's button, and "back" that only closes the dialog.
 */
export function ConfirmStepDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  children,
}: ConfirmStepDialogProps) {
  const { t } = useTranslation('driver');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      closeLabel={t('trip.close')}
    >
      {children}
      <div className="driver-dialog__actions">
        <Button
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('trip.back')}
        </Button>
      </div>
    </Dialog>
  );
}

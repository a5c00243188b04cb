import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog } from '../../../components/ui/dialog/dialog.tsx';

export interface SurplusDialogProps {
  open: boolean;
  onClose: () => void;
  /** The surplus to pay, already formatted with its currency. */
  amountText: string;
}

/** SPEC 2: "A 'surplus' popup explains that a surplus applies when the requested service exceeds
 * the coverage limit". */
export function SurplusDialog({ open, onClose, amountText }: SurplusDialogProps) {
  const { t } = useTranslation(['location', 'common']);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('summary.surplusTitle')}
      closeLabel={t('actions.close', { ns: 'common' })}
    >
      <p className="surplus-dialog__text">{t('summary.surplusText')}</p>
      <p className="surplus-dialog__amount">{t('summary.surplusAmount', { amount: amountText })}</p>
      <Button onClick={onClose}>{t('summary.surplusOk')}</Button>
    </Dialog>
  );
}

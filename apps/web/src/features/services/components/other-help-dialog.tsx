import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog/dialog.tsx';

export interface OtherHelpDialogProps {
  open: boolean;
  onClose: () => void;
  /** The account's or brand's text for the "Other" tile (SPEC 2). */
  text: string;
}

/** What the "Other" tile's help button explains: how to get a service the tiles do not offer. */
export function OtherHelpDialog({ open, onClose, text }: OtherHelpDialogProps) {
  const { t } = useTranslation('services');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('other.title')}
      closeLabel={t('callDrawer.close')}
    >
      <p className="call-drawer__text">{text}</p>
    </Dialog>
  );
}

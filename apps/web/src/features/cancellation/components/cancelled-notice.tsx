import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Snackbar } from '../../../components/ui/snackbar/snackbar.tsx';
import { peekCancelledNote, takeCancelledNote } from '../utils/cancelled-notice.ts';

/**
 * "Su servicio ha sido cancelado" on the screen a cancellation lands on (SPEC 4 sends the customer to
 * the root route; the words are those of SPEC 2's Cancelled screen). A polite status until Ok or
 * until the customer leaves this screen; shown once.
 */
export function CancelledNotice() {
  const { t } = useTranslation('common');
  const [note, setNote] = useState(peekCancelledNote);
  useEffect(() => {
    if (note) takeCancelledNote();
  }, [note]);
  if (!note) return null;
  return (
    <Snackbar
      message={
        note.serviceNumber
          ? t('cancelledNotice.messageNumbered', { number: note.serviceNumber })
          : t('cancelledNotice.message')
      }
      actionLabel={t('actions.ok')}
      onAction={() => {
        setNote(null);
      }}
    />
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isNoteSendable, type Branch } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { Dialog } from '../../../components/ui/dialog/dialog.tsx';
import { useSendDriverNote } from '../api/send-driver-sms.ts';

export interface NoteModalProps {
  open: boolean;
  onClose: () => void;
  onSent: () => void;
  serviceNumber: string;
  driverPhone: string;
  branch: Branch;
}

/**
 * SPEC 2 "Note modal: 'Instructions for driver', a textarea, a send button shown only once text
 * exists" (SPEC 5 "Send-note button only when note is non-empty").
 */
export function NoteModal({
  open,
  onClose,
  onSent,
  serviceNumber,
  driverPhone,
  branch,
}: NoteModalProps) {
  const { t } = useTranslation(['tracking', 'common']);
  const fieldId = useId();
  const [text, setText] = useState('');
  const send = useSendDriverNote();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('note.title')}
      closeLabel={t('actions.close', { ns: 'common' })}
    >
      <form
        className="note-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!isNoteSendable(text)) return;
          send.mutate(
            { text, serviceNumber, phone: driverPhone, branch },
            {
              onSuccess: () => {
                setText('');
                onSent();
              },
            },
          );
        }}
      >
        <label htmlFor={fieldId} className="note-form__label">
          {t('note.label')}
        </label>
        <textarea
          id={fieldId}
          className="note-form__text"
          rows={4}
          maxLength={400}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
        {send.isError && (
          <p className="note-form__error" role="alert">
            {t('note.failed')}
          </p>
        )}
        {isNoteSendable(text) && (
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('note.sending') : t('note.send')}
          </Button>
        )}
      </form>
    </Dialog>
  );
}

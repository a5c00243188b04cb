import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '../../../components/ui/dialog/dialog.tsx';
import type { DispatcherApi } from '../api/dispatcher-api.ts';
import { dispatcherKeys } from '../api/dispatcher-keys.ts';
import { actionErrorText, isSignedOutError } from '../utils/action-error.ts';
import { ActionFeedback } from './action-feedback.tsx';

export interface CancelServiceDialogProps {
  api: DispatcherApi;
  token: string;
  serviceId: string;
  serviceNumber: number;
  open: boolean;
  onClose: () => void;
  onCancelled: (message: string) => void;
  onSignedOut: () => void;
}

/** "Cancelar servicio": a confirmation that needs the reason (it goes to the audit log). */
export function CancelServiceDialog({
  api,
  token,
  serviceId,
  serviceNumber,
  open,
  onClose,
  onCancelled,
  onSignedOut,
}: CancelServiceDialogProps) {
  const { t } = useTranslation('dispatcher');
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(t('cancel.reasonRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    api
      .cancel(token, serviceId, trimmed)
      .then(
        (detail) => {
          queryClient.setQueryData(dispatcherKeys.service(serviceId), detail);
          setReason('');
          onCancelled(t('cancel.done'));
        },
        (failure: unknown) => {
          if (isSignedOutError(failure)) onSignedOut();
          else setError(actionErrorText(t, failure));
        },
      )
      .finally(() => {
        setBusy(false);
      });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('cancel.title', { number: serviceNumber })}
      description={t('cancel.lead')}
      closeLabel={t('cancel.keep')}
    >
      <label className="dispatcher-field">
        <span>{t('cancel.reason')}</span>
        <textarea
          required
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
          }}
        />
      </label>
      <ActionFeedback done={null} error={error} />
      <div className="dispatcher-row">
        <button
          type="button"
          className="dispatcher-button dispatcher-button--danger"
          disabled={busy}
          onClick={confirm}
        >
          {t('cancel.confirm')}
        </button>
        <button type="button" className="dispatcher-button" onClick={onClose}>
          {t('cancel.keep')}
        </button>
      </div>
    </Dialog>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CancelReason } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import type { ButtonVariant } from '../../../components/ui/button/button-class.ts';
import { Dialog } from '../../../components/ui/dialog/dialog.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useCancelService } from '../hooks/use-cancel-service.ts';
import { CANCEL_REASON_KEYS, CANCEL_REASON_LIST } from '../utils/cancel-reasons.ts';
import { CancelIllustration } from './cancel-illustration.tsx';
import './cancellation.css';

export interface CancelServiceButtonProps {
  /** Look of the opening button; secondary by default (the screen's main action stays primary). */
  variant?: ButtonVariant;
  className?: string;
}

type Step = 'closed' | 'confirm' | 'reasons';

/**
 * "Cancelar servicio": the cancel-confirmation modal, then the cancellation-reasons modal (SPEC 2),
 * then the whole cancellation of SPEC 4 (useCancelService). A failure keeps the reasons modal open
 * with a message, so the customer can retry or close it and continue the service (decision 125).
 */
export function CancelServiceButton({
  variant = 'secondary',
  className,
}: CancelServiceButtonProps) {
  const { t } = useTranslation(['service-end', 'common']);
  const { brand } = useRuntimeConfig();
  const [step, setStep] = useState<Step>('closed');
  const cancel = useCancelService();

  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    setStep('closed');
  };
  const choose = (reason: CancelReason) => {
    if (!cancel.isPending) cancel.mutate(reason);
  };

  return (
    <>
      <Button
        variant={variant}
        className={className}
        onClick={() => {
          setStep('confirm');
        }}
      >
        {t('cancel.open')}
      </Button>

      <Dialog
        open={step === 'confirm'}
        onClose={close}
        title={t('cancel.confirm.title')}
        description={t('cancel.confirm.subtitle')}
        closeLabel={t('common:actions.close')}
      >
        <div className="cancel-dialog">
          <CancelIllustration kind={brand.cancelIllustration} />
          <div className="cancel-dialog__actions">
            <Button
              variant="primary"
              onClick={() => {
                setStep('reasons');
              }}
            >
              {t('cancel.confirm.cancel')}
            </Button>
            <Button variant="secondary" onClick={close}>
              {t('cancel.confirm.continue')}
            </Button>
          </div>
        </div>
      </Dialog>

      <Dialog
        open={step === 'reasons'}
        onClose={close}
        title={t('cancel.reasons.title')}
        description={t('cancel.reasons.subtitle')}
        closeLabel={t('common:actions.close')}
      >
        <div className="cancel-dialog__actions" aria-busy={cancel.isPending}>
          {CANCEL_REASON_LIST.map((reason) => (
            <Button
              key={reason}
              variant="secondary"
              disabled={cancel.isPending}
              aria-pressed={cancel.isPending && cancel.variables === reason}
              onClick={() => {
                choose(reason);
              }}
            >
              {t(CANCEL_REASON_KEYS[reason])}
            </Button>
          ))}
        </div>
        <p className="cancel-dialog__status" role="status">
          {cancel.isPending ? t('cancel.pending') : ''}
        </p>
        {cancel.error ? (
          <p className="cancel-dialog__error" role="alert">
            {t(
              cancel.error.kind === 'notCancellable'
                ? 'cancel.errors.notCancellable'
                : 'cancel.errors.failed',
            )}
          </p>
        ) : null}
      </Dialog>
    </>
  );
}

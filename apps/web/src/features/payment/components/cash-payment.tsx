import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button.tsx';

export interface CashPaymentProps {
  /** Money text of the total, e.g. '$79.00'. */
  total: string;
  isPending: boolean;
  /** The request failed (not a refusal of the method): it can be sent again. */
  failed: boolean;
  onSubmit: () => void;
}

/**
 * Cash on /payment, for an account whose providers collect it (decision 665): nothing is charged
 * now; the request says cash and the provider collects the total on site.
 */
export function CashPayment({ total, isPending, failed, onSubmit }: CashPaymentProps) {
  const { t } = useTranslation('payment');
  return (
    <>
      <p className="flow-screen__lead">{t('cash.explanation', { amount: total })}</p>
      <div className="flow-screen__footer">
        {failed ? (
          <p className="flow-screen__error" role="alert">
            {t('submit.error')}
          </p>
        ) : null}
        <Button disabled={isPending} aria-busy={isPending || undefined} onClick={onSubmit}>
          {isPending ? t('submit.sending') : t('cash.submit')}
        </Button>
      </div>
    </>
  );
}

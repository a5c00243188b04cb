import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Payment } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useSessionStore } from '../../../stores/session-store.ts';
import {
  useSubmitServiceRequest,
  type PaymentDetails,
} from '../../service-request/hooks/use-submit-service-request.ts';
import { usePaymentAmount } from '../hooks/use-payment-amount.ts';
import { useCardPaymentProvider } from '../providers/use-card-payment-provider.ts';
import './payment-screen.css';

function paidInSession(payment: Payment): PaymentDetails | null {
  if (payment.chargeIdStripe === null) return null;
  const { paymentMethod, chargeIdStripe, customerIdStripe, cardIdStripe, amount, emailPayment } =
    payment;
  return { paymentMethod, chargeIdStripe, customerIdStripe, cardIdStripe, amount, emailPayment };
}

/**
 * /payment (SPEC 2 "Card payment form inside a card payment provider wrapper"): the amount to pay
 * (the fee total for the connect brand, the surplus otherwise), the provider's card form, then the
 * service request with the charge (SPEC 4). A lost submit is retried without charging again.
 */
export function PaymentScreen() {
  const { t } = useTranslation('payment');
  const { price, branch, currency, isSurplus, isError } = usePaymentAmount();
  const email = useSessionStore((state) => state.session.clientForm.email.trim());
  const { CardForm } = useCardPaymentProvider();
  const { submit, isPending, error } = useSubmitServiceRequest();
  // A charge already in the session (a reload after paying) is never charged again.
  const [charged, setCharged] = useState<PaymentDetails | null>(() =>
    paidInSession(useSessionStore.getState().session.payment),
  );

  const onCharged = async (payment: PaymentDetails) => {
    setCharged(payment);
    await submit(payment);
  };

  const total = price ? formatMoney(price.totalCents, branch) : null;

  return (
    <main className="flow-screen payment-screen">
      <h1 className="flow-screen__title">{t('title')}</h1>
      <p className="flow-screen__lead">{t(isSurplus ? 'lead.surplus' : 'lead.fee')}</p>
      <section className="payment-screen__amount" aria-labelledby="payment-amount-label">
        <span id="payment-amount-label">{t('amount.label')}</span>
        {price && total ? (
          <>
            <strong className="payment-screen__total">{total}</strong>
            {price.taxCents > 0 ? (
              <span className="payment-screen__breakdown">
                {t('amount.breakdown', {
                  subtotal: formatMoney(price.subtotalCents, branch),
                  tax: formatMoney(price.taxCents, branch),
                })}
              </span>
            ) : null}
          </>
        ) : (
          <span role="status">{isError ? t('amount.error') : t('amount.loading')}</span>
        )}
      </section>

      {charged ? (
        <>
          <p className="payment-screen__paid" role="status">
            {t('paid', { amount: formatMoney(charged.amount, branch) })}
          </p>
          {error ? (
            <p className="flow-screen__error" role="alert">
              {t('submit.error')}
            </p>
          ) : null}
          <div className="flow-screen__footer">
            <Button
              disabled={isPending}
              aria-busy={isPending || undefined}
              onClick={() => void submit(charged)}
            >
              {isPending ? t('submit.sending') : t('submit.retry')}
            </Button>
          </div>
        </>
      ) : price && price.totalCents > 0 && total ? (
        <CardForm
          amount={price.totalCents}
          currency={currency}
          email={email}
          payLabel={t('pay', { amount: total })}
          onCharged={onCharged}
        />
      ) : price ? (
        // Nothing to charge (a zero fee): the request goes without a payment.
        <div className="flow-screen__footer">
          {error ? (
            <p className="flow-screen__error" role="alert">
              {t('submit.error')}
            </p>
          ) : null}
          <Button disabled={isPending} onClick={() => void submit()}>
            {isPending ? t('submit.sending') : t('submit.free')}
          </Button>
        </div>
      ) : null}
    </main>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Payment, type PaymentMethod } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { isPaymentRefused } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import {
  useSubmitServiceRequest,
  type PaymentDetails,
} from '../../../api/use-submit-service-request.ts';
import { usePaymentAmount } from '../hooks/use-payment-amount.ts';
import { usePaymentMethods } from '../hooks/use-payment-methods.ts';
import { useCardPaymentProvider } from '../providers/use-card-payment-provider.ts';
import { AthMovilForm } from './ath-movil-form.tsx';
import { CashPayment } from './cash-payment.tsx';
import { PaymentMethodChoice } from './payment-method-choice.tsx';
import './payment-screen.css';

function paidInSession(payment: Payment): PaymentDetails | null {
  if (payment.chargeIdStripe === null) return null;
  const { paymentMethod, chargeIdStripe, customerIdStripe, cardIdStripe, amount, emailPayment } =
    payment;
  return { paymentMethod, chargeIdStripe, customerIdStripe, cardIdStripe, amount, emailPayment };
}

/**
 * /payment (SPEC 2 "Card payment form inside a card payment provider wrapper"): the amount to pay
 * (the fee total for the connect brand, the surplus otherwise), the provider's card form (or, where
 * the account takes them, ATH Móvil or cash: decision 665), then the service request with the
 * charge (SPEC 4). A lost submit is retried without charging again.
 */
export function PaymentScreen() {
  const { t } = useTranslation('payment');
  const { price, branch, currency, isSurplus, isError } = usePaymentAmount();
  const email = useSessionStore((state) => state.session.clientForm.email.trim());
  const { CardForm } = useCardPaymentProvider();
  const { submit, isPending, error } = useSubmitServiceRequest();
  // Decision 665: card, ATH Móvil (Puerto Rico) or cash (where the account allows it); card first.
  const methods = usePaymentMethods();
  const [chosen, setChosen] = useState<PaymentMethod>('card');
  const method = methods.includes(chosen) ? chosen : 'card';
  // While an ATH Móvil payment waits for approval, the choice steps aside (360 px screens).
  const [mobileStarted, setMobileStarted] = useState(false);
  // A charge already in the session (a reload after paying) is never charged again.
  const [charged, setCharged] = useState<PaymentDetails | null>(() =>
    paidInSession(useSessionStore.getState().session.payment),
  );

  const onCharged = async (payment: PaymentDetails) => {
    setCharged(payment);
    await submit(payment);
  };

  // Decision 434: the API checks the payment with its provider; one it does not accept (not
  // completed, another amount, already used) is paid again, never resent as it is.
  const refused = isPaymentRefused(error);
  const payAgain = () => {
    useSessionStore.getState().updateSession((session) => ({
      ...session,
      payment: {
        ...session.payment,
        paymentMethod: null,
        chargeIdStripe: null,
        customerIdStripe: null,
        cardIdStripe: null,
      },
    }));
    setCharged(null);
  };

  const total = price ? formatMoney(price.totalCents, branch) : null;

  return (
    <main className="flow-screen payment-screen">
      <h1 className="flow-screen__title">{t(methods.length > 1 ? 'titleMethods' : 'title')}</h1>
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

      {charged && refused ? (
        <>
          <p className="flow-screen__error" role="alert">
            {t('submit.refused')}
          </p>
          <div className="flow-screen__footer">
            <Button onClick={payAgain}>{t('submit.payAgain')}</Button>
          </div>
        </>
      ) : charged ? (
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
        <>
          {methods.length > 1 && !(method === 'ath_movil' && mobileStarted) ? (
            <PaymentMethodChoice
              methods={methods}
              value={method}
              onChange={setChosen}
              disabled={isPending}
            />
          ) : null}
          {method === 'ath_movil' ? (
            <AthMovilForm
              amount={price.totalCents}
              email={email}
              payLabel={t('athMovil.pay', { amount: total })}
              formatAmount={(cents) => formatMoney(cents, branch)}
              onCharged={onCharged}
              onStartedChange={setMobileStarted}
            />
          ) : method === 'cash' ? (
            // Nothing is charged now: the provider collects the total (decision 665).
            <CashPayment
              total={total}
              isPending={isPending}
              failed={error !== null}
              onSubmit={() =>
                void submit({
                  paymentMethod: 'cash',
                  chargeIdStripe: null,
                  customerIdStripe: null,
                  cardIdStripe: null,
                  amount: price.totalCents,
                  emailPayment: email,
                })
              }
            />
          ) : (
            <CardForm
              amount={price.totalCents}
              currency={currency}
              email={email}
              payLabel={t('pay', { amount: total })}
              onCharged={onCharged}
            />
          )}
        </>
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

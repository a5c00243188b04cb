import { useEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { CardPaymentIntentResponse } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useApi } from '../../../lib/use-api.ts';
import { createPaymentIntent, verifyPaymentIntent } from '../api/payment-intents.ts';
import { usePaymentPurpose } from '../hooks/use-payment-purpose.ts';
import type { CardFormProps } from '../providers/card-payment-provider.ts';

// Stripe Elements (decision 430): the API creates the PaymentIntent with the amount it computed,
// Elements collects the card and confirms it in the browser (card data never reaches our API), and
// the API checks with Stripe that it is paid before the screen goes on. Loaded lazily: only this
// chunk imports Stripe, and Stripe.js itself comes from js.stripe.com when the form first renders.

/** Our error code as the text the customer reads. */
function failureText(error: unknown): 'card.declined' | 'card.network' | 'card.failed' {
  if (!(error instanceof ApiRequestError)) return 'card.failed';
  if (error.code === 'PAYMENT_DECLINED') return 'card.declined';
  return error.code === 'NETWORK' || error.code === 'UNAVAILABLE' ? 'card.network' : 'card.failed';
}

export default function StripeCardForm(props: CardFormProps) {
  const { amount, currency } = props;
  const publishableKey = useRuntimeConfig().payments.publishableKey ?? '';
  const { t, i18n } = useTranslation('payment');
  const api = useApi();
  const purposeOf = usePaymentPurpose();
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  // One key per attempt: creating again after a lost answer gets the same PaymentIntent.
  const idempotencyKey = useRef(crypto.randomUUID());
  const [intent, setIntent] = useState<CardPaymentIntentResponse | null>(null);
  const [failure, setFailure] = useState<ReturnType<typeof failureText> | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    // A session without its situation or account cannot be priced: the generic failure.
    Promise.resolve()
      .then(() => {
        const request = purposeOf({ amount, currency });
        if (!request) throw new Error('The session lacks the situation or the account');
        return createPaymentIntent(
          api,
          {
            ...request.body,
            ...(props.email ? { email: props.email } : {}),
            idempotencyKey: idempotencyKey.current,
          },
          request.token,
        );
      })
      .then(
        (created) => {
          if (current) setIntent(created);
        },
        (error: unknown) => {
          if (current) setFailure(failureText(error));
        },
      );
    return () => {
      current = false;
    };
    // Created once per attempt; the amount and purpose are read when it starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  if (!intent) {
    return failure ? (
      <div className="flow-screen__footer">
        <p className="flow-screen__error" role="alert">
          {t(failure)}
        </p>
        <Button
          onClick={() => {
            setFailure(null);
            setAttempt((count) => count + 1);
          }}
        >
          {t('stripe.retry')}
        </Button>
      </div>
    ) : (
      <p role="status">{t('stripe.loading')}</p>
    );
  }
  return (
    <Elements
      stripe={stripePromise}
      options={{ clientSecret: intent.clientSecret, locale: i18n.language === 'en' ? 'en' : 'es' }}
    >
      <StripePaymentFields {...props} intentId={intent.intentId} />
    </Elements>
  );
}

function StripePaymentFields({
  intentId,
  email,
  payLabel,
  onCharged,
}: CardFormProps & { intentId: string }) {
  const { t } = useTranslation('payment');
  const api = useApi();
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ReturnType<typeof failureText> | null>(null);
  // After Stripe confirmed, a retry only asks our API again (confirming twice is an error).
  const confirmed = useRef(false);

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      if (!confirmed.current) {
        const result = await stripe.confirmPayment({ elements, redirect: 'if_required' });
        if (result.error) {
          // Stripe shows field problems inside the Element itself.
          if (result.error.type !== 'validation_error') {
            setFailure(result.error.type === 'card_error' ? 'card.declined' : 'card.failed');
          }
          return;
        }
        confirmed.current = true;
      }
      const paid = await verifyPaymentIntent(api, intentId);
      await onCharged({
        paymentMethod: 'card',
        chargeIdStripe: paid.chargeId,
        customerIdStripe: paid.customerId,
        cardIdStripe: paid.cardId,
        amount: paid.amount,
        emailPayment: email,
      });
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {failure ? (
        <p className="flow-screen__error" role="alert">
          {t(failure)}
        </p>
      ) : null}
      <PaymentElement />
      <div className="flow-screen__footer">
        <Button type="submit" disabled={!stripe || busy} aria-busy={busy || undefined}>
          {busy ? t('card.paying') : payLabel}
        </Button>
      </div>
    </form>
  );
}

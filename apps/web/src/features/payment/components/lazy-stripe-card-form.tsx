import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardFormProps } from '../providers/card-payment-provider.ts';

// Stripe's code is its own chunk, fetched only when this form renders (decision 430), so the
// /services bundle is untouched.

const StripeCardForm = lazy(() => import('./stripe-card-form.tsx'));

function StripeLoading() {
  const { t } = useTranslation('payment');
  return <p role="status">{t('stripe.loading')}</p>;
}

export function LazyStripeCardForm(props: CardFormProps) {
  return (
    <Suspense fallback={<StripeLoading />}>
      <StripeCardForm {...props} />
    </Suspense>
  );
}

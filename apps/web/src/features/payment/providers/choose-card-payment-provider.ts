import type { RuntimeConfig } from '@auxilio/domain';
import { LazyStripeCardForm } from '../components/lazy-stripe-card-form.tsx';
import { SandboxCardForm } from '../components/sandbox-card-form.tsx';
import type { CardPaymentProvider } from './card-payment-provider.ts';

// Decision 430: Stripe Elements when the runtime config (`/app-config.json`) carries a publishable
// key, the sandbox form otherwise (decision 290).

const SANDBOX_PROVIDER: CardPaymentProvider = { id: 'sandbox', CardForm: SandboxCardForm };
const STRIPE_PROVIDER: CardPaymentProvider = { id: 'stripe', CardForm: LazyStripeCardForm };

export function chooseCardPaymentProvider(
  payments: RuntimeConfig['payments'],
): CardPaymentProvider {
  return payments.provider === 'stripe' && payments.publishableKey
    ? STRIPE_PROVIDER
    : SANDBOX_PROVIDER;
}

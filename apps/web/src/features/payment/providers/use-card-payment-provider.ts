import { SandboxCardForm } from '../components/sandbox-card-form.tsx';
import type { CardPaymentProvider } from './card-payment-provider.ts';

const SANDBOX_PROVIDER: CardPaymentProvider = { id: 'sandbox', CardForm: SandboxCardForm };

/**
 * The card provider of the runtime config (`payments.provider`). Until the production adapter
 * arrives (its own issue), every deployment uses the sandbox, which says on screen that no real
 * money is charged (decision 290).
 */
export function useCardPaymentProvider(): CardPaymentProvider {
  return SANDBOX_PROVIDER;
}

import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import type { CardPaymentProvider } from './card-payment-provider.ts';
import { chooseCardPaymentProvider } from './choose-card-payment-provider.ts';

/** The card provider of the runtime config (`payments`): Stripe Elements or the sandbox (decision 430). */
export function useCardPaymentProvider(): CardPaymentProvider {
  return chooseCardPaymentProvider(useRuntimeConfig().payments);
}

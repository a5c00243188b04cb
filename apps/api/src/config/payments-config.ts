import { z } from 'zod';
import {
  ConfigError,
  emptyAsUnset,
  optionalString,
  unsetNames,
  type EnvValues,
} from './env-values.ts';

// Payments (ARCHITECTURE 7 "card payment" and "mobile payment"; decisions 430-433): the embedded
// sandboxes unless a provider is named; its keys are then required.
export const PAYMENTS_ENV = {
  /** Stripe publishable key for the PWA's Elements; needed with PAYMENT_PROVIDER=stripe. */
  STRIPE_PUBLISHABLE_KEY: optionalString,
  PAYMENT_PROVIDER: emptyAsUnset(z.enum(['sandbox', 'stripe']).default('sandbox')),
  STRIPE_SECRET_KEY: optionalString,
  /** Tests and proxies: another host for the Stripe API, e.g. http://127.0.0.1:4010. */
  STRIPE_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  MOBILE_PAYMENT_PROVIDER: emptyAsUnset(z.enum(['sandbox', 'athmovil']).default('sandbox')),
  ATHMOVIL_PUBLIC_TOKEN: optionalString,
  ATHMOVIL_PRIVATE_TOKEN: optionalString,
  ATHMOVIL_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
};

/** The card provider: the embedded sandbox, or Stripe with both keys (decision 430). */
export type CardPaymentConfig =
  | { provider: 'sandbox' }
  | { provider: 'stripe'; secretKey: string; publishableKey: string; apiBase: string | undefined };

/** The mobile payment provider: the embedded sandbox, or ATH Móvil with its tokens (decision 433). */
export type MobilePaymentConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'athmovil';
      publicToken: string;
      privateToken: string;
      apiBase: string | undefined;
    };

export interface PaymentsConfig {
  card: CardPaymentConfig;
  mobile: MobilePaymentConfig;
}

/** The payment providers of the environment; a named provider without its keys is a ConfigError. */
export function paymentsConfig(e: EnvValues<typeof PAYMENTS_ENV>): PaymentsConfig {
  const cardMissing =
    e.PAYMENT_PROVIDER === 'stripe'
      ? unsetNames([
          ['STRIPE_SECRET_KEY', e.STRIPE_SECRET_KEY],
          ['STRIPE_PUBLISHABLE_KEY', e.STRIPE_PUBLISHABLE_KEY],
        ])
      : [];
  const mobileMissing =
    e.MOBILE_PAYMENT_PROVIDER === 'athmovil'
      ? unsetNames([
          ['ATHMOVIL_PUBLIC_TOKEN', e.ATHMOVIL_PUBLIC_TOKEN],
          ['ATHMOVIL_PRIVATE_TOKEN', e.ATHMOVIL_PRIVATE_TOKEN],
        ])
      : [];
  const absent = [...cardMissing, ...mobileMissing];
  if (absent.length > 0) {
    throw new ConfigError(`Invalid environment: ${absent.join(', ')} required by the provider`);
  }
  return {
    card:
      e.PAYMENT_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY ?? '',
            publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
            apiBase: e.STRIPE_API_BASE,
          }
        : { provider: 'sandbox' },
    mobile:
      e.MOBILE_PAYMENT_PROVIDER === 'athmovil'
        ? {
            provider: 'athmovil',
            publicToken: e.ATHMOVIL_PUBLIC_TOKEN ?? '',
            privateToken: e.ATHMOVIL_PRIVATE_TOKEN ?? '',
            apiBase: e.ATHMOVIL_API_BASE,
          }
        : { provider: 'sandbox' },
  };
}

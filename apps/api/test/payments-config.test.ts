import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { buildRuntimeConfig } from '../src/services/runtime-config.ts';

// Payment providers from the environment (decisions 430 and 433): sandboxes by default, a named
// provider needs its keys, and the PWA gets Stripe's publishable key only when the server uses Stripe.

const STRIPE_ENV = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  STRIPE_API_BASE: 'http://127.0.0.1:4010',
};

describe('payment configuration', () => {
  it('uses the embedded sandboxes without any variable', () => {
    expect(loadConfig({}).payments).toEqual({
      card: { provider: 'sandbox' },
      mobile: { provider: 'sandbox' },
    });
  });

  it('reads Stripe and ATH Móvil with their keys', () => {
    const { payments } = loadConfig({
      ...STRIPE_ENV,
      MOBILE_PAYMENT_PROVIDER: 'athmovil',
      ATHMOVIL_PUBLIC_TOKEN: 'public-1',
      ATHMOVIL_PRIVATE_TOKEN: 'private-1',
      ATHMOVIL_API_BASE: 'http://127.0.0.1:4020',
    });
    expect(payments).toEqual({
      card: {
        provider: 'stripe',
        secretKey: 'sk_test_abc',
        publishableKey: 'pk_test_abc',
        apiBase: 'http://127.0.0.1:4010',
      },
      mobile: {
        provider: 'athmovil',
        publicToken: 'public-1',
        privateToken: 'private-1',
        apiBase: 'http://127.0.0.1:4020',
      },
    });
  });

  it.each([
    [{ PAYMENT_PROVIDER: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }, 'STRIPE_SECRET_KEY'],
    [{ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ MOBILE_PAYMENT_PROVIDER: 'athmovil', ATHMOVIL_PUBLIC_TOKEN: 'p' }, 'ATHMOVIL_PRIVATE_TOKEN'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [{ ...STRIPE_ENV, STRIPE_API_BASE: 'ftp://x' }, 'STRIPE_API_BASE'],
  ])('rejects %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('hands the publishable key to the PWA only when the server charges through Stripe', () => {
    const context = { brand: {} as never, accountId: null, brandAccounts: [] };
    const alone = buildRuntimeConfig(
      loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }),
      context,
    );
    expect(alone.payments).toEqual({ provider: 'sandbox', publishableKey: null });
    const stripe = buildRuntimeConfig(loadConfig(STRIPE_ENV), context);
    expect(stripe.payments).toEqual({ provider: 'stripe', publishableKey: 'pk_test_abc' });
  });
});

import type { Config } from '../../src/config/env.ts';

// An app that charges cards through the Stripe fixture server (fixture-servers/stripe.ts), as
// PAYMENT_PROVIDER=stripe configures it; mobile payments stay in the sandbox.

/** The payments configuration of card payments at the Stripe fixture listening on `apiBase`. */
export function stripeFixturePayments(apiBase: string, secretKey: string): Config['payments'] {
  return {
    card: { provider: 'stripe', secretKey, publishableKey: 'pk_test_fixture', apiBase },
    mobile: { provider: 'sandbox' },
  };
}

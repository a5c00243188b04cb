import { describe, expect, it } from 'vitest';
import { LazyStripeCardForm } from '../components/lazy-stripe-card-form.tsx';
import { SandboxCardForm } from '../components/sandbox-card-form.tsx';
import { chooseCardPaymentProvider } from './choose-card-payment-provider.ts';

// Decision 430: Stripe Elements only with a publishable key in the runtime config.

describe('chooseCardPaymentProvider', () => {
  it('uses the sandbox form without Stripe', () => {
    const provider = chooseCardPaymentProvider({ provider: 'sandbox', publishableKey: null });
    expect(provider.id).toBe('sandbox');
    expect(provider.CardForm).toBe(SandboxCardForm);
  });

  it('uses the sandbox form when Stripe is named without a publishable key', () => {
    expect(chooseCardPaymentProvider({ provider: 'stripe', publishableKey: null }).id).toBe(
      'sandbox',
    );
    expect(chooseCardPaymentProvider({ provider: 'stripe', publishableKey: '' }).id).toBe(
      'sandbox',
    );
  });

  it('uses Stripe Elements with a publishable key', () => {
    const provider = chooseCardPaymentProvider({
      provider: 'stripe',
      publishableKey: 'pk_test_123',
    });
    expect(provider.id).toBe('stripe');
    expect(provider.CardForm).toBe(LazyStripeCardForm);
  });
});

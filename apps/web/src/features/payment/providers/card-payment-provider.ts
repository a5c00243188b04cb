import type { ComponentType } from 'react';
import type { Currency } from '@auxilio/domain';
import type { PaymentDetails } from '../../../api/use-submit-service-request.ts';

// SPEC 2 "/payment: Card payment form inside a card payment provider wrapper". ARCHITECTURE 7: the
// embedded default is a sandbox provider (decision 290); Stripe Elements implements the same
// interface when a publishable key is configured (decision 430).

export interface CardFormProps {
  /** Amount to charge in cents (SPEC 9). */
  amount: number;
  currency: Currency;
  /** Receipt e-mail (SPEC 3 Payment "emailPayment"), '' when unknown. */
  email: string;
  /** Text of the pay button, e.g. 'Pagar $45.00'. */
  payLabel: string;
  /** Called once the card was charged; the screen then submits the request. */
  onCharged: (payment: PaymentDetails) => Promise<void>;
}

export interface CardPaymentProvider {
  id: 'sandbox' | 'stripe';
  /** The card form of the provider, rendered by the /payment screen. */
  CardForm: ComponentType<CardFormProps>;
}

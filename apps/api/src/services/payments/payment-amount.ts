import { currencyOf, feeBreakdown, type CardPaymentPurpose, type Currency } from '@auxilio/domain';
import type { Repositories } from '../../repositories/index.ts';
import { getAccount } from '../accounts.ts';
import { serverPrice } from '../service-requests/pricing.ts';

// What a payment started from the app charges (decisions 257, 430, 434): never the client's amount.
// A service payment is priced here as the service request will be (SPEC 9 "Fee total is the fee
// plus tax on the fee; for a surplus it uses the surplus amount"); a tip is the customer's own
// amount, bounded by the schema, without tax.

export interface PaymentAmount {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  currency: Currency;
}

export async function paymentAmount(
  repos: Pick<Repositories, 'accounts' | 'campaigns' | 'integrations' | 'contracts'>,
  purpose: CardPaymentPurpose,
  now: Date,
): Promise<PaymentAmount> {
  if (purpose.kind === 'tip') {
    return {
      subtotalCents: purpose.amount,
      taxCents: 0,
      totalCents: purpose.amount,
      currency: purpose.currency,
    };
  }
  const account = await getAccount(repos, purpose.accountId);
  const { priceCents } = await serverPrice(repos, account, purpose, now);
  const fees = feeBreakdown({ feeCents: priceCents, taxRate: account.tax.rate });
  return { ...fees, currency: currencyOf(account.branch) };
}

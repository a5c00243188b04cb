import { describe, expect, it } from 'vitest';
import { buildTipRequest } from '../flow/tipping.ts';
import { INITIAL_SESSION } from '../session.ts';
import { CardPaymentPurposeSchema } from './card-charge.ts';
import { PaymentSchema } from './payment.ts';
import { MAX_TIP_CENTS, TipRequestSchema, type TipRequest } from './tips.ts';

// Decision 126 (the tips payload) and decision 655: the highest tip is per currency, so a tip in
// colones (SPEC 9 "currencies usd, crc") is not refused for being a large number of cents.

const tip = (change: Partial<TipRequest>): unknown => ({
  serviceId: 'svc-1',
  amount: 300,
  currency: 'usd',
  paymentMethod: 'cash',
  cardIdStripe: null,
  chargeIdStripe: null,
  customerIdStripe: null,
  ...change,
});

describe('MAX_TIP_CENTS per currency (decision 655)', () => {
  it('is US$100 and ₡50,000', () => {
    expect(MAX_TIP_CENTS).toEqual({ usd: 100_00, crc: 50_000_00 });
  });

  it.each([
    ['$3.00', { amount: 300, currency: 'usd' }, true],
    ['$100.00, the highest dollar tip', { amount: 100_00, currency: 'usd' }, true],
    ['$100.01', { amount: 100_01, currency: 'usd' }, false],
    ['₡1,500.00, the colón default', { amount: 150_000, currency: 'crc' }, true],
    ['₡50,000.00, the highest colón tip', { amount: 5_000_000, currency: 'crc' }, true],
    ['₡50,000.01', { amount: 5_000_001, currency: 'crc' }, false],
  ] as const)('a tip of %s is taken: %s', (_case, change, accepted) => {
    const parsed = TipRequestSchema.safeParse(tip(change));
    expect(parsed.success).toBe(accepted);
    if (!accepted) expect(parsed.error?.issues[0]?.path).toEqual(['amount']);
    // A tip paid by card or ATH Móvil starts with a payment of the same purpose and bound.
    const purpose = CardPaymentPurposeSchema.safeParse({ kind: 'tip', ...change });
    expect(purpose.success).toBe(accepted);
    if (!accepted) expect(purpose.error?.issues[0]?.path).toEqual(['amount']);
  });

  it('the session keeps a colón tip (SPEC 3 "tipAmount") and the request sends it in cents', () => {
    const payment = {
      ...INITIAL_SESSION.payment,
      tips: true,
      tipAmount: 2500,
      tipPaymentType: 'cash' as const,
    };
    expect(PaymentSchema.safeParse(payment).success).toBe(true);
    expect(PaymentSchema.safeParse({ ...payment, tipAmount: 50_000.01 }).success).toBe(false);
    const body = buildTipRequest({ serviceId: 'svc-1', payment }, 'crc');
    expect(body).toMatchObject({ amount: 250_000, currency: 'crc' });
    expect(TipRequestSchema.safeParse(body).success).toBe(true);
  });
});

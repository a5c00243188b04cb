import { describe, expect, it } from 'vitest';
import {
  CardChargeRequestSchema,
  cardBrandOf,
  cardInputIssue,
  formatCardNumber,
  isCardExpired,
  isLuhnValid,
  parseExpiry,
} from './card-charge.ts';

const NOW = new Date('2026-11-21T15:00:00.000Z');
const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Ana' };

describe('card checks (decision 291)', () => {
  it.each([
    ['4242424242424242', true],
    ['5555555555554444', true],
    ['4000056655665556', true],
    ['378282246310005', true],
    ['4242424242424241', false],
    ['42424242', false],
  ])('Luhn of %s is %s', (digits, valid) => {
    expect(isLuhnValid(digits)).toBe(valid);
  });

  it('formats by brand and tells brands apart', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('3782 822463 10005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('6011111111111117')).toBe('discover');
  });

  it('reads MM/YY and knows when a card expired (valid through its month)', () => {
    expect(parseExpiry('04/29')).toEqual({ expMonth: 4, expYear: 2029 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('0429')).toBeNull();
    expect(isCardExpired({ expMonth: 11, expYear: 2026 }, NOW)).toBe(false);
    expect(isCardExpired({ expMonth: 10, expYear: 2026 }, NOW)).toBe(true);
  });

  it('names the first field at fault', () => {
    expect(cardInputIssue(card, NOW)).toBeNull();
    expect(cardInputIssue({ ...card, number: '4242424242424241' }, NOW)?.field).toBe('card.number');
    expect(cardInputIssue({ ...card, expYear: 2025 }, NOW)?.field).toBe('card.expiry');
    expect(cardInputIssue({ ...card, cvc: '12' }, NOW)?.field).toBe('card.cvc');
    expect(cardInputIssue({ ...card, number: '378282246310005' }, NOW)?.field).toBe('card.cvc');
    expect(cardInputIssue({ ...card, name: ' ' }, NOW)?.field).toBe('card.name');
  });

  it('rejects a non-Luhn number in the request schema', () => {
    const body = { amount: 4500, currency: 'usd', card, idempotencyKey: 'pay-00000001' };
    expect(CardChargeRequestSchema.safeParse(body).success).toBe(true);
    const bad = CardChargeRequestSchema.safeParse({
      ...body,
      card: { ...card, number: '4242424242424241' },
    });
    expect(bad.error?.issues[0]?.path).toEqual(['card', 'number']);
  });
});

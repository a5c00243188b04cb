import { describe, expect, it } from 'vitest';
import { buildReceipt, type ReceiptService } from './receipt.ts';

const service = (overrides: Partial<ReceiptService> = {}): ReceiptService => ({
  // 03:30 UTC on 2 March is still 1 March in Puerto Rico (UTC-4).
  date: '2026-03-02T03:30:00.000Z',
  serviceNumber: '1045872',
  branch: 'PR',
  payments: { subtotal: 4500, tax: 0, total: 4500 },
  taxRate: 0,
  ...overrides,
});

describe('receipt (SPEC 3 "Receipt: date, service number, subtotal, taxes, total"; SPEC 9)', () => {
  it('dates month/day/year in the branch time zone and prints the service number', () => {
    const receipt = buildReceipt(service(), { hideZeroReceiptTotal: false });
    expect(receipt.date).toBe('03/01/2026');
    expect(receipt.serviceNumber).toBe('1045872');
  });

  it.each([
    // SPEC 9 tax rates by branch: Puerto Rico 0, Costa Rica 13%, Panama 11.5%, Mexico 16%, Colombia 19%.
    ['PR', 0, { subtotal: 4500, tax: 0, total: 4500 }, ['$45.00', '$0.00', '$45.00', '0']],
    ['PA', 0.115, { subtotal: 4500, tax: 518, total: 5018 }, ['$45.00', '$5.18', '$50.18', '11.5']],
    // SPEC 9 "Currency symbol is colon for Costa Rica".
    [
      'CR',
      0.13,
      { subtotal: 2500000, tax: 325000, total: 2825000 },
      ['₡25,000.00', '₡3,250.00', '₡28,250.00', '13'],
    ],
    ['MX', 0.16, { subtotal: 1000, tax: 160, total: 1160 }, ['$10.00', '$1.60', '$11.60', '16']],
    ['CO', 0.19, { subtotal: 1000, tax: 190, total: 1190 }, ['$10.00', '$1.90', '$11.90', '19']],
  ] as const)('%s: amounts in cents become money text', (branch, taxRate, payments, expected) => {
    const receipt = buildReceipt(service({ branch, taxRate, payments }), {
      hideZeroReceiptTotal: false,
    });
    expect([receipt.subtotal, receipt.taxes, receipt.total, receipt.taxRatePercent]).toEqual(
      expected,
    );
  });

  it('hides a zero total for brands that ask so, and only then (SPEC 9)', () => {
    const free = service({ payments: { subtotal: 0, tax: 0, total: 0 } });
    expect(buildReceipt(free, { hideZeroReceiptTotal: true }).total).toBeNull();
    expect(buildReceipt(free, { hideZeroReceiptTotal: false }).total).toBe('$0.00');
    expect(buildReceipt(service(), { hideZeroReceiptTotal: true }).total).toBe('$45.00');
  });
});

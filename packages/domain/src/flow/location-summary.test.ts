import { describe, expect, it } from 'vitest';
import { INITIAL_CLIENT_FORM } from '../contract/client-form.ts';
import type { CustomerContract } from '../contract/customer-contracts.ts';
import { destinationText, summaryPrice, vehicleInfoLines } from './location-summary.ts';
import { ACCOUNT_ID } from './test-fixtures.ts';

const contract: CustomerContract = {
  _id: 'contract-1',
  detail: 'full',
  account: ACCOUNT_ID,
  branch: 'PR',
  fullName: 'Ana Rivera',
  memberId: null,
  policyNumber: null,
  phone: '7875550101',
  email: 'ana@example.test',
  active: true,
  startDate: '2026-01-01T00:00:00.000Z',
  endDate: null,
  vehicles: [
    { plate: 'ABC123', make: 'Toyota', model: 'Corolla', year: 2020, color: 'Gris', vin: '' },
    { plate: 'XYZ789', make: 'Honda', model: 'Civic', year: 2018, color: 'Azul', vin: '1HGCM' },
  ],
  coverageLimits: [],
};

describe('vehicle info block (SPEC 2 "name, make, model, year, plate, optional VIN and phone")', () => {
  it('shows the client form, and falls back to the contract vehicle with the same plate', () => {
    const lines = vehicleInfoLines({
      clientForm: { ...INITIAL_CLIENT_FORM, plate: 'xyz-789', phone: '7875550000' },
      customerContract: contract,
      showVinAndPhone: false,
    });
    expect(lines).toEqual([
      { key: 'name', value: 'Ana Rivera' },
      { key: 'make', value: 'Honda' },
      { key: 'model', value: 'Civic' },
      { key: 'year', value: '2018' },
      { key: 'plate', value: 'XYZ-789' },
    ]);
  });

  it('adds VIN and phone only for brands with the flag, and leaves blank lines out', () => {
    const lines = vehicleInfoLines({
      clientForm: {
        ...INITIAL_CLIENT_FORM,
        fullName: 'Luis Ortiz',
        make: 'Kia',
        plate: 'KIA1',
        phone: '7875550000',
      },
      customerContract: null,
      showVinAndPhone: true,
    });
    expect(lines).toEqual([
      { key: 'name', value: 'Luis Ortiz' },
      { key: 'make', value: 'Kia' },
      { key: 'plate', value: 'KIA1' },
      { key: 'phone', value: '7875550000' },
    ]);
  });
});

describe('price block (SPEC 9 money rules)', () => {
  const base = {
    brandFeesApply: true,
    legacyReceiptPreview: false,
    feeCents: 5000,
    taxRate: 0.115,
    surplus: null,
  };

  it.each([
    {
      spec: 'SPEC 9 "Fee total is the fee plus tax on the fee"',
      input: base,
      expected: { subtotalCents: 5000, taxCents: 575, totalCents: 5575 },
    },
    {
      spec: 'SPEC 9 "for a surplus it uses the surplus amount"',
      input: { ...base, surplus: { amount: 2500, coveredAmount: 7500 } },
      expected: { subtotalCents: 2500, taxCents: 288, totalCents: 2788 },
    },
    {
      spec: 'SPEC 9 "Fees apply only to the connect brand or when the legacy receipt preview is on"',
      input: { ...base, brandFeesApply: false },
      expected: null,
    },
    {
      spec: 'SPEC 9: the legacy receipt preview shows fees for other brands',
      input: { ...base, brandFeesApply: false, legacyReceiptPreview: true, taxRate: 0 },
      expected: { subtotalCents: 5000, taxCents: 0, totalCents: 5000 },
    },
    {
      spec: 'decision 287: a surplus is shown even when fees do not apply',
      input: {
        ...base,
        brandFeesApply: false,
        feeCents: null,
        surplus: { amount: 1000, coveredAmount: null },
      },
      expected: { subtotalCents: 1000, taxCents: 115, totalCents: 1115 },
    },
    {
      spec: 'no price while the fee is unknown',
      input: { ...base, feeCents: null },
      expected: null,
    },
  ])('$spec', ({ input, expected }) => {
    expect(summaryPrice(input)).toEqual(expected);
  });
});

describe('destinationText (decision 652: the tow destination on the summaries)', () => {
  const bayamon = { lat: 18.39, lng: -66.16, address: 'Bayamón, Puerto Rico', prettyAddress: '' };
  it.each<[string, Parameters<typeof destinationText>[0], string | null]>([
    ['the address of a destination with coordinates', bayamon, 'Bayamón, Puerto Rico'],
    [
      'the pretty address first',
      { ...bayamon, prettyAddress: 'Plaza Río Hondo' },
      'Plaza Río Hondo',
    ],
    [
      'SPEC 5 "Coordinates are valid only if both lat and lng are non-zero": none sent, none shown',
      { ...bayamon, lat: 0, lng: 0 },
      null,
    ],
    ['no address to show', { ...bayamon, address: '  ' }, null],
    ['no destination (a service read without one)', null, null],
  ])('%s', (_case, destination, expected) => {
    expect(destinationText(destination)).toBe(expected);
  });
});

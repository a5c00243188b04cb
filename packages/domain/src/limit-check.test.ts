import { describe, expect, it } from 'vitest';
import type { CustomerContract } from './contract/customer-contracts.ts';
import { customerFeeCents, servicePriceCents } from './money.ts';
import { evaluateLimitCheck, LIMIT_CHECK_MESSAGES } from './limit-check.ts';

// Decisions 250, 251 and 257: the limit-check verdict, the customer fee and the request price.

const NOW = new Date('2026-11-21T12:00:00.000Z');

function contract(change: Partial<CustomerContract> = {}): CustomerContract {
  return {
    _id: 'c1',
    detail: 'full',
    account: 'a'.repeat(24),
    branch: 'PR',
    fullName: 'Ana Rivera',
    memberId: null,
    policyNumber: null,
    phone: '',
    email: '',
    active: true,
    startDate: '2025-01-01T00:00:00.000Z',
    endDate: '2027-01-01T00:00:00.000Z',
    vehicles: [{ plate: 'GFS643', make: '', model: '', year: 2020, color: '', vin: '' }],
    coverageLimits: [
      {
        serviceType: 'flatTire',
        maxEvents: 3,
        usedEvents: 1,
        maxAmount: 7500,
        maxDistanceKm: null,
      },
    ],
    ...change,
  };
}

function verdict(change: Partial<CustomerContract> = {}, plate = 'GFS-643', costCents = 6000) {
  return evaluateLimitCheck({
    contract: contract(change),
    situation: 'flatTire',
    enteredPlate: plate,
    lookupMode: 'plate',
    costCents,
    now: NOW,
  });
}

describe('evaluateLimitCheck', () => {
  it('covers a service within its limits (SPEC 5: the plate compared without hyphens)', () => {
    expect(verdict()).toEqual({
      checkLimit: false,
      setOnDemand: false,
      contractPlate: 'GFS643',
      surplus: null,
      messages: [],
    });
  });

  it.each([
    [
      'SPEC 4 "a plate difference": another plate',
      {},
      'GFS644',
      LIMIT_CHECK_MESSAGES.plateMismatch,
    ],
    ['an inactive contract', { active: false }, 'GFS643', LIMIT_CHECK_MESSAGES.contractNotCurrent],
    [
      'an expired contract',
      { endDate: '2026-01-01T00:00:00.000Z' },
      'GFS643',
      LIMIT_CHECK_MESSAGES.contractNotCurrent,
    ],
    [
      'a situation without coverage',
      { coverageLimits: [] },
      'GFS643',
      LIMIT_CHECK_MESSAGES.notCovered,
    ],
    [
      'services used up',
      {
        coverageLimits: [
          { serviceType: null, maxEvents: 2, usedEvents: 2, maxAmount: null, maxDistanceKm: null },
        ],
      },
      'GFS643',
      LIMIT_CHECK_MESSAGES.eventsUsedUp,
    ],
  ])('sets on-demand for %s', (_case, change, plate, message) => {
    const result = verdict(change, plate);
    expect(result).toMatchObject({ checkLimit: true, setOnDemand: true, contractPlate: 'GFS643' });
    expect(result.messages).toEqual([message]);
  });

  it('SPEC 2: a cost above the amount covered leaves the difference as surplus', () => {
    expect(verdict({}, 'GFS643', 9000).surplus).toEqual({ amount: 1500, coveredAmount: 7500 });
  });

  it('an empty entered plate (name or member-id lookup) is never a difference', () => {
    expect(verdict({}, '').checkLimit).toBe(false);
  });
});

describe('customerFeeCents and servicePriceCents', () => {
  it('adds the management fee to the situation fee; undefined without a fee', () => {
    const account = { serviceFees: { flatTire: 5500 }, managementFee: 500 };
    expect(customerFeeCents({ ...account, situation: 'flatTire' })).toBe(6000);
    expect(customerFeeCents({ ...account, situation: 'jumpStart' })).toBeUndefined();
  });

  it.each([
    ['SPEC 9 "for a surplus it uses the surplus amount"', 4000, false, 4000],
    ['SPEC 9 "Fees apply only to the connect brand ..."', 0, true, 6000],
    ['no fees and no surplus', null, false, 0],
  ])('%s', (_case, surplusCents, feesCharged, expected) => {
    expect(servicePriceCents({ surplusCents, feesCharged, feeCents: 6000 })).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import {
  coverageWithUsage,
  isContractCurrent,
  VehicleServicesQuerySchema,
} from './customer-contracts.ts';

const ACCOUNT_ID = 'c9c3881679b7a328820d09cb';
const NOW = new Date('2026-11-21T12:00:00.000Z');

describe('isContractCurrent (decision 250)', () => {
  it.each([
    ['active without an end date', { active: true, endDate: null }, true],
    ['active, ending later', { active: true, endDate: '2027-01-01T00:00:00.000Z' }, true],
    ['active, ended exactly now', { active: true, endDate: NOW.toISOString() }, false],
    ['inactive', { active: false, endDate: null }, false],
  ])('%s', (_case, contract, current) => {
    expect(isContractCurrent(contract, NOW)).toBe(current);
  });
});

describe('coverageWithUsage (decision 410)', () => {
  it('counts the services left, never below 0, and keeps unlimited as null', () => {
    const limit = { serviceType: null, maxAmount: null, maxDistanceKm: null };
    expect(
      coverageWithUsage([
        { ...limit, serviceType: 'flatTire', maxEvents: 3, usedEvents: 1 },
        { ...limit, serviceType: 'jumpStart', maxEvents: 2, usedEvents: 5 },
        { ...limit, maxEvents: null, usedEvents: 4 },
      ]).map((row) => row.remainingEvents),
    ).toEqual([2, 0, null]);
  });
});

describe('VehicleServicesQuerySchema (SPEC 7 "query: accountId, plate, mbi, contractId")', () => {
  it.each([
    [{ accountId: ACCOUNT_ID, plate: 'ABC-123' }, true],
    [{ accountId: ACCOUNT_ID, plate: '', mbi: '1EG4TE5MK73' }, true],
    [{ accountId: ACCOUNT_ID, contractId: 'contract-1' }, true],
    [{ accountId: ACCOUNT_ID, plate: '  ' }, false],
    [{ accountId: ACCOUNT_ID }, false],
  ])('%j is valid: %s', (query, valid) => {
    expect(VehicleServicesQuerySchema.safeParse(query).success).toBe(valid);
  });
});

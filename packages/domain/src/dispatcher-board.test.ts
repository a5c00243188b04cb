import { describe, expect, it } from 'vitest';
import {
  boardBreachesOf,
  boardStageOf,
  driverBranchesOf,
  isPositionStale,
  isServiceInScope,
  isServiceOpen,
  type StageInput,
} from './dispatcher-board.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

describe('isServiceInScope', () => {
  const service = { accountId: 'acc-1', brand: 'mmm', branch: 'PR' };
  it('covers a service by its account, its brand or its branch', () => {
    expect(isServiceInScope({ accounts: ['acc-1'], brands: [], branches: [] }, service)).toBe(true);
    expect(isServiceInScope({ accounts: [], brands: ['mmm'], branches: [] }, service)).toBe(true);
    expect(isServiceInScope({ accounts: [], brands: [], branches: ['PR'] }, service)).toBe(true);
  });
  it('leaves out everything else, and a service without a brand is not matched by brands', () => {
    const scope = { accounts: ['acc-2'], brands: ['honda'], branches: ['PA'] };
    expect(isServiceInScope(scope, service)).toBe(false);
    expect(
      isServiceInScope(
        { accounts: [], brands: ['mmm'], branches: [] },
        { ...service, brand: null },
      ),
    ).toBe(false);
    expect(isServiceInScope({ accounts: [], brands: [], branches: [] }, service)).toBe(false);
  });
});

describe('driverBranchesOf', () => {
  it('joins the scope branches with the branches of its accounts and brands, once each', () => {
    expect(
      driverBranchesOf({ accounts: [], brands: ['connect'], branches: ['PR'] }, ['PA', 'PR', 'MX']),
    ).toEqual(['MX', 'PA', 'PR']);
    expect(driverBranchesOf({ accounts: [], brands: [], branches: [] }, [])).toEqual([]);
  });
});

describe('boardStageOf', () => {
  const queued: StageInput = {
    status: 'Queued',
    tripStatus: null,
    driverId: null,
    hasPendingOffer: false,
    dispatchAttempts: 0,
  };
  it('tells a new request from one dispatch already looked for, and one being offered', () => {
    expect(boardStageOf(queued)).toBe('new');
    expect(boardStageOf({ ...queued, dispatchAttempts: 2 })).toBe('queued');
    expect(boardStageOf({ ...queued, hasPendingOffer: true })).toBe('offered');
  });
  it('follows the trip of an assigned service', () => {
    const active = { ...queued, status: 'Active', driverId: 'd1' };
    expect(boardStageOf({ ...active, tripStatus: 'ACCEPTED' })).toBe('accepted');
    expect(boardStageOf({ ...active, tripStatus: 'ON_ROUTE' })).toBe('on_route');
    expect(boardStageOf({ ...active, tripStatus: 'ARRIVED' })).toBe('arrived');
    expect(boardStageOf({ ...active, tripStatus: 'TOWED' })).toBe('towed');
    expect(boardStageOf({ ...active, tripStatus: null })).toBe('accepted');
  });
  it('leaves closed services off the board', () => {
    for (const status of ['Finished', 'Cancelled', 'Void', 'Pending Audit']) {
      expect(boardStageOf({ ...queued, status })).toBeUndefined();
    }
  });
});

describe('boardBreachesOf', () => {
  it('flags a request nobody took for more than 5 minutes', () => {
    const input = { stage: 'queued' as const, schedule: null, etaSeconds: null };
    expect(boardBreachesOf({ ...input, createdAt: minutesAgo(4) }, NOW)).toEqual([]);
    expect(boardBreachesOf({ ...input, createdAt: minutesAgo(6) }, NOW)).toEqual(['unassigned']);
  });
  it('counts a scheduled request from its time, not from when it was made', () => {
    const input = { stage: 'new' as const, createdAt: minutesAgo(120), etaSeconds: null };
    expect(boardBreachesOf({ ...input, schedule: minutesAgo(3) }, NOW)).toEqual([]);
    expect(boardBreachesOf({ ...input, schedule: minutesAgo(7) }, NOW)).toEqual(['unassigned']);
  });
  it('flags an arrival estimate over 45 minutes while the driver is on the way', () => {
    const input = { createdAt: minutesAgo(1), schedule: null };
    expect(boardBreachesOf({ ...input, stage: 'on_route', etaSeconds: 46 * 60 }, NOW)).toEqual([
      'eta',
    ]);
    expect(boardBreachesOf({ ...input, stage: 'accepted', etaSeconds: 45 * 60 }, NOW)).toEqual([]);
    expect(boardBreachesOf({ ...input, stage: 'arrived', etaSeconds: 90 * 60 }, NOW)).toEqual([]);
  });
  it('does not flag an assigned service as unassigned however old it is', () => {
    expect(
      boardBreachesOf(
        { stage: 'accepted', createdAt: minutesAgo(90), schedule: null, etaSeconds: 600 },
        NOW,
      ),
    ).toEqual([]);
  });
});

describe('isPositionStale', () => {
  it('marks positions older than 2 minutes, and drivers who never sent one', () => {
    expect(isPositionStale(minutesAgo(1.5), NOW)).toBe(false);
    expect(isPositionStale(minutesAgo(2.5), NOW)).toBe(true);
    expect(isPositionStale(null, NOW)).toBe(true);
  });
});

describe('isServiceOpen', () => {
  it('keeps queued, active and held services on the board, and nothing closed', () => {
    expect(['Queued', 'Active', 'HoldInspection'].map(isServiceOpen)).toEqual([true, true, true]);
    expect(['Finished', 'Cancelled', 'Void', 'Pending Audit'].map(isServiceOpen)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

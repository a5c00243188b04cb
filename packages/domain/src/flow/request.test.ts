import { describe, expect, it } from 'vitest';
import type { LimitCheckResult } from '../contract/limit-check.ts';
import {
  EXCEED_LIMIT_ROUTE,
  limitCheckOutcome,
  routeAfterLocationConfirmed,
  routeAfterSubmit,
  routeAfterSummary,
  VEHICLE_NOT_FOUND_ROUTE,
} from './request.ts';
import { makeBrand, makeService, makeSession } from './test-fixtures.ts';

const surplus = { amount: 2500, coveredAmount: 7500 };

describe('request flow (SPEC 4 "Request flow")', () => {
  it.each([
    {
      spec: 'SPEC 4: "a home-track request confirms location, then /clients"',
      track: 'home' as const,
      expected: { kind: 'route', to: '/clients' },
    },
    {
      spec: 'SPEC 4: "Otherwise contract search and limit check run, then /location/summary"',
      track: 'road' as const,
      expected: { kind: 'checkLimit' },
    },
  ])('$spec', ({ track, expected }) => {
    expect(routeAfterLocationConfirmed({ currentTrack: track })).toEqual(expected);
  });

  it.each([
    {
      spec: `SPEC 4: "After the summary the route is /payment for the 'connect' brand"`,
      session: makeSession(),
      brand: makeBrand({ paymentRequired: true }),
      expected: { kind: 'route', to: '/payment' },
    },
    {
      spec: 'SPEC 4: "After the summary the route is /payment ... for a surplus"',
      session: makeSession({ surplus }),
      brand: makeBrand(),
      expected: { kind: 'route', to: '/payment' },
    },
    {
      spec: 'SPEC 4: "... for a surplus" (a zero surplus is no surplus)',
      session: makeSession({ surplus: { amount: 0, coveredAmount: null } }),
      brand: makeBrand(),
      expected: { kind: 'submit' },
    },
    {
      spec: 'SPEC 4: "a home track goes to /clients"',
      session: makeSession({ currentTrack: 'home' }),
      brand: makeBrand(),
      expected: { kind: 'route', to: '/clients' },
    },
    {
      spec: 'SPEC 4: "otherwise the service is submitted directly"',
      session: makeSession(),
      brand: makeBrand(),
      expected: { kind: 'submit' },
    },
  ])('$spec', ({ session, brand, expected }) => {
    expect(routeAfterSummary({ session, brand })).toEqual(expected);
  });

  it('decision 641: a home request whose client form is complete submits from the summary', () => {
    const session = makeSession({ currentTrack: 'home' });
    expect(routeAfterSummary({ session, brand: makeBrand(), clientFormComplete: true })).toEqual({
      kind: 'submit',
    });
    expect(routeAfterSummary({ session, brand: makeBrand(), clientFormComplete: false })).toEqual({
      kind: 'route',
      to: '/clients',
    });
  });

  it.each([
    {
      spec: 'SPEC 4: "After submit the service is fetched: with a schedule go to /service-summary"',
      service: makeService({ schedule: '2026-11-22T10:00:00.000Z' }),
      integrations: [],
      expected: { kind: 'route', to: '/service-summary' },
    },
    {
      spec: 'SPEC 4 Active-service guard: "a scheduled or home-track service goes to /service-summary"',
      service: makeService({ schedule: '', serviceType: 'home', situation: 'Plumbing' }),
      integrations: [],
      expected: { kind: 'route', to: '/service-summary' },
    },
    {
      spec: 'SPEC 4: "... else /tracking/loading"',
      service: makeService({ schedule: '' }),
      integrations: [],
      expected: { kind: 'route', to: '/tracking/loading' },
    },
    {
      spec: 'SPEC 7: "may redirect to a configured success link"; SPEC 5: "A service number may be appended"',
      service: makeService({ serviceNumber: '1001' }),
      integrations: [
        {
          name: 'connect-app-service-creation' as const,
          enabled: true,
          config: {
            disableContractSearch: false,
            successRedirectUrl: 'https://partner.example/done',
            allowedRedirectOrigins: ['https://partner.example'],
          },
        },
      ],
      expected: { kind: 'external', url: 'https://partner.example/done?serviceNumber=1001' },
    },
  ])('$spec', ({ service, integrations, expected }) => {
    expect(routeAfterSubmit({ service, integrations })).toEqual(expected);
  });
});

const verdict = (overrides: Partial<LimitCheckResult> = {}): LimitCheckResult => ({
  checkLimit: false,
  setOnDemand: false,
  contractPlate: 'ABC123',
  surplus: null,
  messages: ['Límite alcanzado'],
  ...overrides,
});

describe('limitCheckOutcome (SPEC 4, SPEC 8)', () => {
  it.each([
    {
      spec: 'SPEC 4: "Zero contracts lead to vehicle-not-found" (SPEC 8 "No contracts found: Go to /other-options/vehicleNotFound")',
      contractsFound: 0,
      result: null,
      plate: 'ABC123',
      version: 'V1' as const,
      expected: { to: VEHICLE_NOT_FOUND_ROUTE, checkLimitErrors: [], surplus: null },
    },
    {
      spec: 'SPEC 4: "If the limit check says to check the limit and set on-demand: a plate difference leads to vehicle-not-found"',
      contractsFound: 1,
      result: verdict({ checkLimit: true, setOnDemand: true, contractPlate: 'XYZ999' }),
      plate: 'ABC-123',
      version: 'V1' as const,
      expected: { to: VEHICLE_NOT_FOUND_ROUTE, checkLimitErrors: [], surplus: null },
    },
    {
      spec: 'SPEC 4: "... otherwise to exceed-limit" (SPEC 8 "Limit exceeded: Go to /other-options/exceedLimit")',
      contractsFound: 1,
      result: verdict({ checkLimit: true, setOnDemand: true, contractPlate: 'ABC123' }),
      plate: 'abc-123',
      version: 'V1' as const,
      expected: { to: EXCEED_LIMIT_ROUTE, checkLimitErrors: [], surplus: null },
    },
    {
      spec: 'SPEC 4: "With policy limit V2 the limit messages are kept"',
      contractsFound: 1,
      result: verdict({ checkLimit: true, setOnDemand: true }),
      plate: 'ABC123',
      version: 'V2' as const,
      expected: { to: EXCEED_LIMIT_ROUTE, checkLimitErrors: ['Límite alcanzado'], surplus: null },
    },
    {
      spec: 'SPEC 4: "With policy limit V2 the limit messages are kept" (V1 drops them)',
      contractsFound: 1,
      result: verdict({ checkLimit: true, setOnDemand: true }),
      plate: 'ABC123',
      version: 'V1' as const,
      expected: { to: EXCEED_LIMIT_ROUTE, checkLimitErrors: [], surplus: null },
    },
    {
      spec: 'SPEC 4: "check the limit and set on-demand" (check alone is not enough: summary follows)',
      contractsFound: 1,
      result: verdict({ checkLimit: true, setOnDemand: false }),
      plate: 'ABC123',
      version: 'V1' as const,
      expected: { to: '/location/summary', checkLimitErrors: [], surplus: null },
    },
    {
      spec: 'SPEC 3: "The answer is read from nested data.data and yields surplus"; SPEC 4 "then /location/summary"',
      contractsFound: 2,
      result: verdict({ surplus }),
      plate: 'ABC123',
      version: 'V2' as const,
      expected: { to: '/location/summary', checkLimitErrors: ['Límite alcanzado'], surplus },
    },
  ])('$spec', ({ contractsFound, result, plate, version, expected }) => {
    expect(
      limitCheckOutcome({
        contractsFound,
        result,
        enteredPlate: plate,
        lookupMode: 'plate',
        policyLimitVersion: version,
      }),
    ).toEqual({ kind: 'route', ...expected });
  });

  it('SPEC 5: "For the otium brand ... the plate is not normalized" (a hyphen makes a plate difference)', () => {
    const outcome = limitCheckOutcome({
      contractsFound: 1,
      result: verdict({ checkLimit: true, setOnDemand: true, contractPlate: 'ABC123' }),
      enteredPlate: 'ABC-123',
      lookupMode: 'policyNumber',
      policyLimitVersion: 'V1',
    });
    expect(outcome.to).toBe(VEHICLE_NOT_FOUND_ROUTE);
  });
});

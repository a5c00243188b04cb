import { describe, expect, it } from 'vitest';
import type { Integration } from '../contract/accounts.ts';
import {
  confirmHomeSubService,
  continueOnRoadTrack,
  preselectHomeSubService,
  routeAfterContractFound,
  routeAfterHomeContractSearch,
} from './road-track.ts';
import { routeTo } from './decide.ts';
import { makeBrand, makeSession } from './test-fixtures.ts';

const known = { ...makeSession().userExternalParams, fullName: 'Ana Rivera', identifier: 'M-1' };
const disabling: Integration[] = [
  {
    name: 'connect-app-service-creation',
    enabled: true,
    config: { disableContractSearch: true, successRedirectUrl: null, allowedRedirectOrigins: [] },
  },
];

describe('continueOnRoadTrack (SPEC 4 "Continue on the road track")', () => {
  it.each([
    {
      spec: 'SPEC 4: "ambulance ... opens a call drawer"',
      session: makeSession({ situation: 'ambulance' }),
      brand: makeBrand(),
      expected: { kind: 'callDrawer' },
    },
    {
      spec: 'SPEC 4: "... asistencia_viajes_nacionales opens a call drawer"',
      session: makeSession({ situation: 'asistencia_viajes_nacionales' }),
      brand: makeBrand({ contractSearchDisabled: true }),
      expected: { kind: 'callDrawer' },
    },
    {
      spec: 'SPEC 4: "tow goes to /services/tow"',
      session: makeSession({ situation: 'towBreakdown' }),
      brand: makeBrand(),
      expected: { kind: 'route', to: '/services/tow' },
    },
    {
      spec: 'SPEC 4: "tow goes to /services/tow" (every tow subtype, SPEC 9 "tire, extraction, collision")',
      session: makeSession({ situation: 'towCollision' }),
      brand: makeBrand(),
      expected: { kind: 'route', to: '/services/tow' },
    },
    {
      spec: 'SPEC 4: "connect brand ... goes to /clients"',
      session: makeSession({ situation: 'flatTire', userExternalParams: known }),
      brand: makeBrand({ contractSearchDisabled: true }),
      expected: { kind: 'route', to: '/clients' },
    },
    {
      spec: 'SPEC 4: "disabled contract search goes to /clients" (SPEC 3 "service creation has disableContractSearch")',
      session: makeSession({ situation: 'flatTire', integrations: disabling }),
      brand: makeBrand(),
      expected: { kind: 'route', to: '/clients' },
    },
    {
      spec: 'SPEC 4: "a known name and identifier triggers contract search"',
      session: makeSession({ situation: 'jumpStart', userExternalParams: known }),
      brand: makeBrand(),
      expected: { kind: 'contractSearch' },
    },
    {
      spec: 'SPEC 4: "otherwise /plate" (name without identifier)',
      session: makeSession({
        situation: 'jumpStart',
        userExternalParams: { ...known, identifier: null },
      }),
      brand: makeBrand(),
      expected: { kind: 'route', to: '/plate' },
    },
    {
      spec: 'SPEC 4: "otherwise /plate"',
      session: makeSession({ situation: 'locksmith' }),
      brand: makeBrand(),
      expected: { kind: 'route', to: '/plate' },
    },
    {
      spec: 'SPEC 2: "Continue is disabled until a ... situation (road) is chosen"',
      session: makeSession(),
      brand: makeBrand(),
      expected: { kind: 'stay' },
    },
  ])('$spec', ({ session, brand, expected }) => {
    expect(continueOnRoadTrack({ session, brand })).toEqual(expected);
  });

  it('SPEC 2: "/services/tow ... then continue to /services/tow/questions" and on: the tow step is not repeated', () => {
    const session = makeSession({ situation: 'towTire' });
    expect(continueOnRoadTrack({ session, brand: makeBrand(), afterTowQuestions: true })).toEqual({
      kind: 'route',
      to: '/plate',
    });
  });
});

describe('home track sub-services (SPEC 2, SPEC 4)', () => {
  it.each<[string, string[], string | null]>([
    ['SPEC 4: "On the home track a single allowed sub-service is preselected"', ['Leak'], 'Leak'],
    ['SPEC 2: "only one option can be chosen" (several: none preselected)', ['Leak', 'Clog'], null],
    ['SPEC 5: "Home sub-service confirm needs a selected service" (none allowed)', [], null],
  ])('%s', (_spec, allowed, expected) => {
    expect(preselectHomeSubService(allowed)).toBe(expected);
  });

  it.each([
    {
      spec: 'SPEC 2: "Confirm goes to a contract search result route" (SPEC 1 "Brands with an on-demand or home track have their own ... contract lookup")',
      brand: makeBrand({ homeOnDemand: true }),
      expected: { kind: 'contractSearch' },
    },
    {
      spec: 'SPEC 2: "... or to /location"',
      brand: makeBrand(),
      expected: { kind: 'route', to: '/location' },
    },
    {
      spec: 'SPEC 2: "... or to /location" (contract search disabled)',
      brand: makeBrand({ homeOnDemand: true, contractSearchDisabled: true }),
      expected: { kind: 'route', to: '/location' },
    },
  ])('$spec', ({ brand, expected }) => {
    expect(confirmHomeSubService({ brand, integrations: [] })).toEqual(expected);
  });

  it.each<[string, 'road' | 'home', string]>([
    ['SPEC 2: "/clients ... used for road track after contract found"', 'road', '/clients'],
    [
      'SPEC 2: "/location is also the target for home track after contract found"',
      'home',
      '/location',
    ],
  ])('%s', (_spec, track, to) => {
    expect(routeAfterContractFound(track)).toEqual({ kind: 'route', to });
  });
});

describe('routeAfterHomeContractSearch (SPEC 2 "/services/home ... Confirm")', () => {
  it('goes to /location after a contract was found or with no customer to search for', () => {
    expect(routeAfterHomeContractSearch('/location/summary')).toEqual(routeTo('/location'));
    expect(routeAfterHomeContractSearch(null)).toEqual(routeTo('/location'));
  });

  it('keeps the search outcome when no contract covers the customer (SPEC 8)', () => {
    expect(routeAfterHomeContractSearch('/other-options/vehicleNotFound')).toEqual(
      routeTo('/other-options/vehicleNotFound'),
    );
  });
});

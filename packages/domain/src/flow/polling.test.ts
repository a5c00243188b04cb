import { describe, expect, it } from 'vitest';
import type { Integration } from '../contract/accounts.ts';
import type { Service } from '../contract/service.ts';
import type { TripStatus } from '../service-status.ts';
import { isFollowedOnTracking, loadingPollDecision, trackingPollDecision } from './polling.ts';
import { DRIVER, makeAccountConfig, makeService } from './test-fixtures.ts';

const trip = (status: TripStatus | null): Service['trip'] => ({
  status,
  stamps: {},
  simulatedEta: null,
});
const redirect: Integration[] = [
  {
    name: 'connect-app-tracking',
    enabled: true,
    config: {
      successRedirectUrl: 'https://app.example/ok',
      allowedRedirectOrigins: ['https://app.example'],
    },
  },
];
const to = (path: string) => ({ kind: 'route', to: path });
const stay = (updateDriver = false) => ({ kind: 'stay', updateDriver });

describe('loadingPollDecision (SPEC 4 "Loading screen polls the service every 18 s")', () => {
  it.each([
    {
      spec: 'SPEC 4: "Cancelled ... goes to /cancelled"',
      service: makeService({ status: 'Cancelled' }),
      expected: to('/cancelled'),
    },
    {
      spec: 'SPEC 4: "... or Void goes to /cancelled"',
      service: makeService({ status: 'Void' }),
      expected: to('/cancelled'),
    },
    {
      spec: 'SPEC 4: "a driver change updates the driver"',
      service: makeService({
        status: 'Queued',
        trip: trip('NEW'),
        driver: { _id: 'driver-2', name: 'Eva' },
      }),
      expected: stay(true),
    },
    {
      spec: 'SPEC 4: "a tracked trip status goes to /tracking"',
      service: makeService({ trip: trip('ON_ROUTE') }),
      expected: to('/tracking'),
    },
    {
      spec: 'SPEC 4: "a tracked trip status goes to /tracking" (Accepted with a real driver)',
      service: makeService({ trip: trip('ACCEPTED') }),
      expected: to('/tracking'),
    },
    {
      spec: 'SPEC 4: "it stays on loading when the status is Accepted and ... there is no real driver"',
      service: makeService({ trip: trip('ACCEPTED'), driver: { name: 'Por asignar' } }),
      expected: stay(true),
    },
    {
      spec: 'SPEC 4: "it stays on loading when the status is Accepted and ... the situation needs on-site inspection"',
      service: makeService({ trip: trip('ACCEPTED'), situation: 'inspections' }),
      expected: stay(),
    },
    {
      spec: 'SPEC 4: on-site inspection only holds while Accepted',
      service: makeService({ trip: trip('ARRIVED'), situation: 'towCollision' }),
      expected: to('/tracking'),
    },
    {
      spec: 'SPEC 4: "Finished ... goes to the integration\'s success redirect URL if one exists"',
      service: makeService({ status: 'Finished', trip: trip('FINISHED') }),
      integrations: redirect,
      expected: { kind: 'external', url: 'https://app.example/ok?serviceNumber=1001' },
    },
    {
      spec: 'SPEC 4: "Pending Audit ... otherwise to ... /survey for the rest"',
      service: makeService({ status: 'Pending Audit' }),
      expected: to('/survey'),
    },
    {
      spec: 'SPEC 4: "a finishing trip status goes to ... /finished for certain account ids"',
      service: makeService({ trip: trip('FINISHED') }),
      finishedScreen: true,
      expected: to('/finished'),
    },
    {
      spec: 'SPEC 4 loading: a queued service keeps waiting (decision 123)',
      service: makeService({ status: 'Queued', trip: trip(null), driver: DRIVER }),
      expected: stay(),
    },
  ])('$spec', ({ service, integrations = [], finishedScreen = false, expected }) => {
    expect(
      loadingPollDecision({
        service,
        currentDriverId: DRIVER._id,
        integrations,
        accountConfig: makeAccountConfig({ finishedScreenAfterService: finishedScreen }),
      }),
    ).toEqual(expected);
  });
});

describe('trackingPollDecision (SPEC 4 "Tracking screen polls every 17.4 s")', () => {
  it.each([
    {
      spec: 'SPEC 4: "Cancelled or Void to /cancelled"',
      service: makeService({ status: 'Void' }),
      expected: to('/cancelled'),
    },
    {
      spec: 'SPEC 4: "certain statuses return to /tracking/loading" (Queued: the driver dropped it, decision 123)',
      service: makeService({ status: 'Queued' }),
      expected: to('/tracking/loading'),
    },
    {
      spec: 'SPEC 4: "certain statuses return to /tracking/loading" (HoldInspection, decision 123)',
      service: makeService({ status: 'HoldInspection' }),
      expected: to('/tracking/loading'),
    },
    {
      spec: 'SPEC 4: "certain statuses return to /tracking/loading" (trip back to NEW, decision 123)',
      service: makeService({ trip: trip('NEW') }),
      expected: to('/tracking/loading'),
    },
    {
      spec: 'SPEC 4: "Finished goes to the success redirect"',
      service: makeService({ status: 'Finished' }),
      integrations: redirect,
      expected: { kind: 'external', url: 'https://app.example/ok?serviceNumber=1001' },
    },
    {
      spec: 'SPEC 4: "Finished goes to ... survey ... depending on account and status"',
      service: makeService({ status: 'Finished' }),
      expected: to('/survey'),
    },
    {
      spec: 'SPEC 4: "Finished goes to ... finished depending on account"',
      service: makeService({ status: 'Finished' }),
      finishedScreen: true,
      expected: to('/finished'),
    },
    {
      spec: 'SPEC 4: "Finished goes to ... finished depending on ... status" (survey already answered)',
      service: makeService({ status: 'Finished', surveys: { answered: true } }),
      expected: to('/finished'),
    },
    {
      spec: 'SPEC 4 tracking: an active trip keeps tracking',
      service: makeService({ trip: trip('TOWED') }),
      expected: stay(),
    },
  ])('$spec', ({ service, integrations = [], finishedScreen = false, expected }) => {
    expect(
      trackingPollDecision({
        service,
        currentDriverId: DRIVER._id,
        integrations,
        accountConfig: makeAccountConfig({ finishedScreenAfterService: finishedScreen }),
      }),
    ).toEqual(expected);
  });
});

describe('isFollowedOnTracking (the tracking screen stays; decision 752 paints it)', () => {
  it.each([
    ['Active, accepted', 'Active', 'ACCEPTED', true],
    ['Active, on route', 'Active', 'ON_ROUTE', true],
    ['Active, arrived', 'Active', 'ARRIVED', true],
    ['Active, trip not tracked yet', 'Active', 'NEW', false],
    ['Active, no trip status', 'Active', null, false],
    ['Queued', 'Queued', 'ACCEPTED', false],
    ['HoldInspection', 'HoldInspection', 'ON_ROUTE', false],
    ['Void', 'Void', 'ON_ROUTE', false],
    ['Finished', 'Finished', 'ON_ROUTE', false],
    ['a finishing trip', 'Active', 'FINISHED', false],
  ] as const)('%s: %s', (_case, status, tripStatus, followed) => {
    const service = makeService({
      status,
      trip: { status: tripStatus, stamps: {}, simulatedEta: null },
    });
    expect(isFollowedOnTracking(service)).toBe(followed);
  });
});

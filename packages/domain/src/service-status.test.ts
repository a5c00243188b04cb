import { describe, expect, it } from 'vitest';
import {
  isTripUnderWay,
  canTransitionServiceStatus,
  endDateAfterSurvey,
  initialTrackingStatus,
  isActiveWithDriver,
  isCancelledServiceStatus,
  isCompletedStatus,
  isFinishedServiceStatus,
  isFinishingTripStatus,
  isNeedingNoDriver,
  isServicePerformed,
  mergeDriverEta,
  nextTripStatus,
  parseTripStatus,
  progressStep,
  SERVICE_STATUS_NUMBERS,
  statusKeyOfNumber,
  statusKeyOfService,
  statusKeyOfTripStatus,
  statusNumberOf,
  trackingEtaMinutes,
  tripStatusOfStatusKey,
  type ServiceStatus,
  type ServiceStatusKey,
  type TripStatus,
} from './service-status.ts';

const NUMBERED =
  'SPEC 4: "new(1), accepted(2), on_route(3), arrived(4), towed(5), finished(6), cancelled(7), cancelled_by_driver(8), pending_audit(9)"';

describe('status numbers', () => {
  it.each<[string, ServiceStatusKey, number]>([
    [NUMBERED, 'new', 1],
    [NUMBERED, 'accepted', 2],
    [NUMBERED, 'on_route', 3],
    [NUMBERED, 'arrived', 4],
    [NUMBERED, 'towed', 5],
    [NUMBERED, 'finished', 6],
    [NUMBERED, 'cancelled', 7],
    [NUMBERED, 'cancelled_by_driver', 8],
    [NUMBERED, 'pending_audit', 9],
  ])('%s: %s is %i both ways', (_spec, key, number) => {
    expect(statusNumberOf(key)).toBe(number);
    expect(statusKeyOfNumber(number)).toBe(key);
  });

  it('has no status 0 or 10 (SPEC 4 numbers run 1..9)', () => {
    expect(statusKeyOfNumber(0)).toBeUndefined();
    expect(statusKeyOfNumber(10)).toBeUndefined();
    expect(Object.keys(SERVICE_STATUS_NUMBERS)).toHaveLength(9);
  });
});

describe('status groups', () => {
  it.each<[string, ServiceStatusKey, boolean, boolean, boolean]>([
    // [spec, key, activeWithDriver, needsNoDriver, completed]
    ['SPEC 4: "needs-no-driver = new, cancelled_by_driver"', 'new', false, true, false],
    [
      'SPEC 4: "active-with-driver = accepted, on_route, arrived, towed"',
      'accepted',
      true,
      false,
      false,
    ],
    [
      'SPEC 4: "active-with-driver = accepted, on_route, arrived, towed"',
      'on_route',
      true,
      false,
      false,
    ],
    [
      'SPEC 4: "active-with-driver = accepted, on_route, arrived, towed"',
      'arrived',
      true,
      false,
      false,
    ],
    [
      'SPEC 4: "active-with-driver = accepted, on_route, arrived, towed"',
      'towed',
      true,
      false,
      false,
    ],
    ['SPEC 4: "completed = pending_audit, finished"', 'finished', false, false, true],
    ['SPEC 4: "completed = pending_audit, finished"', 'pending_audit', false, false, true],
    [
      'SPEC 4: "needs-no-driver = new, cancelled_by_driver"',
      'cancelled_by_driver',
      false,
      true,
      false,
    ],
    ['SPEC 4: cancelled is in none of the three groups', 'cancelled', false, false, false],
  ])('%s: %s', (_spec, key, active, noDriver, completed) => {
    expect(isActiveWithDriver(key)).toBe(active);
    expect(isNeedingNoDriver(key)).toBe(noDriver);
    expect(isCompletedStatus(key)).toBe(completed);
  });
});

describe('nextTripStatus', () => {
  const LOWER = 'SPEC 4: "a lower rank never replaces the current one"';
  const FORWARD = 'SPEC 4: "Statuses move forward by rank only"';
  it.each<[string, TripStatus | null, TripStatus | null, TripStatus | null]>([
    [FORWARD, 'NEW', 'ACCEPTED', 'ACCEPTED'],
    [FORWARD, 'ACCEPTED', 'ON_ROUTE', 'ON_ROUTE'],
    [FORWARD, 'ON_ROUTE', 'ARRIVED', 'ARRIVED'],
    [FORWARD, 'ARRIVED', 'TOWED', 'TOWED'],
    [FORWARD, 'TOWED', 'FINISHED', 'FINISHED'],
    [FORWARD + ' (steps may be skipped)', 'ACCEPTED', 'ARRIVED', 'ARRIVED'],
    [LOWER, 'ON_ROUTE', 'ACCEPTED', 'ON_ROUTE'],
    [LOWER, 'ARRIVED', 'ON_ROUTE', 'ARRIVED'],
    [LOWER, 'FINISHED', 'NEW', 'FINISHED'],
    [LOWER, 'TOWED', 'ARRIVED', 'TOWED'],
    [LOWER + ' (same rank keeps it)', 'ARRIVED', 'ARRIVED', 'ARRIVED'],
    [FORWARD + ' (nothing yet: take the incoming one)', null, 'ON_ROUTE', 'ON_ROUTE'],
    [LOWER + ' (no incoming value keeps the current one)', 'ACCEPTED', null, 'ACCEPTED'],
    [FORWARD + ' (nothing known at all)', null, null, null],
  ])('%s: %s + %s -> %s', (_spec, current, incoming, expected) => {
    expect(nextTripStatus(current, incoming)).toBe(expected);
  });
});

describe('parseTripStatus', () => {
  const NOT_SHOWN =
    'SPEC 4: "NEW, ACCEPTED, ON_ROUTE, ARRIVED, TOWED, FINISHED (exact strings not shown)"';
  it.each<[string, string | null, TripStatus | undefined]>([
    [NOT_SHOWN, 'ON_ROUTE', 'ON_ROUTE'],
    [NOT_SHOWN, 'on route', 'ON_ROUTE'],
    [NOT_SHOWN, 'On-Route', 'ON_ROUTE'],
    [NOT_SHOWN, ' accepted ', 'ACCEPTED'],
    [NOT_SHOWN, 'delivered', undefined],
    [NOT_SHOWN, null, undefined],
  ])('%s: %j -> %s', (_spec, raw, expected) => {
    expect(parseTripStatus(raw)).toBe(expected);
  });
});

describe('isTripUnderWay', () => {
  it('from accepting to the last step before finishing, while a driver has it', () => {
    expect(
      ['ACCEPTED', 'ON_ROUTE', 'ARRIVED', 'TOWED'].every((s) => isTripUnderWay(parseTripStatus(s))),
    ).toBe(true);
    expect(isTripUnderWay('NEW')).toBe(false);
    expect(isTripUnderWay('FINISHED')).toBe(false);
    expect(isTripUnderWay(undefined)).toBe(false);
  });
});

describe('initialTrackingStatus', () => {
  const RULE =
    'SPEC 4: "Initial tracking status is the server trip status if tracked, else Accepted when a real driver exists, else On route"';
  it.each<[string, TripStatus | null, boolean, boolean, TripStatus]>([
    [RULE, 'ARRIVED', true, true, 'ARRIVED'],
    [RULE, 'ON_ROUTE', true, false, 'ON_ROUTE'],
    [RULE, 'ARRIVED', false, true, 'ACCEPTED'],
    [RULE, 'ARRIVED', false, false, 'ON_ROUTE'],
    [RULE, null, false, true, 'ACCEPTED'],
    [RULE + ' (tracked without a server status falls back)', null, true, false, 'ON_ROUTE'],
  ])(
    '%s: server %s, tracked %s, real driver %s -> %s',
    (_spec, server, tracked, real, expected) => {
      expect(
        initialTrackingStatus({
          serverTripStatus: server,
          isTracked: tracked,
          hasRealDriver: real,
        }),
      ).toBe(expected);
    },
  );
});

describe('progressStep', () => {
  const STEPS =
    'SPEC 4: "Progress bar has 4 steps: new=1, accepted=2, on route=3, arrived or towed=4"';
  const NONE = 'SPEC 4: "finished, cancelled, cancelled by driver and pending audit show no bar"';
  it.each<[string, ServiceStatusKey, number | null]>([
    [STEPS, 'new', 1],
    [STEPS, 'accepted', 2],
    [STEPS, 'on_route', 3],
    [STEPS, 'arrived', 4],
    [STEPS, 'towed', 4],
    [NONE, 'finished', null],
    [NONE, 'cancelled', null],
    [NONE, 'cancelled_by_driver', null],
    [NONE, 'pending_audit', null],
  ])('%s: %s -> %s', (_spec, key, expected) => {
    expect(progressStep(key)).toBe(expected);
  });
});

describe('trackingEtaMinutes', () => {
  const RULE = 'SPEC 9: "Tracking ETA = driver eta seconds divided by 60, rounded."';
  it.each<[string, number | null, number | null]>([
    [RULE, 0, 0],
    [RULE, 29, 0],
    [RULE, 30, 1],
    [RULE, 60, 1],
    [RULE, 89, 1],
    [RULE, 90, 2],
    [RULE, 1500, 25],
    [RULE + ' (eta -1 means unknown)', -1, null],
    [RULE + ' (no eta)', null, null],
  ])('%s: %s s -> %s min', (_spec, seconds, expected) => {
    expect(trackingEtaMinutes(seconds)).toBe(expected);
  });
});

describe('mergeDriverEta', () => {
  const RULE = 'SPEC 4: "A driver\'s eta is overwritten only when the new value is 0 or more."';
  it.each<[string, number | null, number | null, number | null]>([
    [RULE, 600, 420, 420],
    [RULE, 600, 0, 0],
    [RULE, 600, -1, 600],
    [RULE, 600, null, 600],
    [RULE, null, 300, 300],
    [RULE, null, -1, null],
    [RULE, 120, 900, 900],
    [RULE, 120, Number.NaN, 120],
  ])('%s: %s + %s -> %s', (_spec, current, incoming, expected) => {
    expect(mergeDriverEta(current, incoming)).toBe(expected);
  });
});

describe('trip status and status key', () => {
  const SAME_WORDS =
    'SPEC 4: trip statuses "NEW, ACCEPTED, ON_ROUTE, ARRIVED, TOWED, FINISHED" name the numbered statuses';
  it.each<[string, TripStatus, ServiceStatusKey]>([
    [SAME_WORDS, 'NEW', 'new'],
    [SAME_WORDS, 'ACCEPTED', 'accepted'],
    [SAME_WORDS, 'ON_ROUTE', 'on_route'],
    [SAME_WORDS, 'ARRIVED', 'arrived'],
    [SAME_WORDS, 'TOWED', 'towed'],
    [SAME_WORDS, 'FINISHED', 'finished'],
  ])('%s: %s <-> %s', (_spec, trip, key) => {
    expect(statusKeyOfTripStatus(trip)).toBe(key);
    expect(tripStatusOfStatusKey(key)).toBe(trip);
  });

  it('has no trip status for cancelled or pending audit (SPEC 4 lists six trip statuses)', () => {
    expect(tripStatusOfStatusKey('cancelled')).toBeUndefined();
    expect(tripStatusOfStatusKey('pending_audit')).toBeUndefined();
  });
});

describe('finishing and cancelled words', () => {
  const FINISHING = 'SPEC 4: "Finished, Pending Audit or a finishing trip status"';
  it.each<[string, TripStatus | null, boolean]>([
    [FINISHING, 'FINISHED', true],
    [FINISHING, 'TOWED', false],
    [FINISHING, 'ARRIVED', false],
    [FINISHING, null, false],
  ])('%s: trip %s -> %s', (_spec, trip, expected) => {
    expect(isFinishingTripStatus(trip)).toBe(expected);
  });

  const CANCELLED = 'SPEC 4: "Cancelled or Void goes to /cancelled"';
  it.each<[string, ServiceStatus, boolean, boolean]>([
    [FINISHING, 'Finished', true, false],
    [FINISHING, 'Pending Audit', true, false],
    [CANCELLED, 'Cancelled', false, true],
    [CANCELLED, 'Void', false, true],
    [CANCELLED + ' (Active is neither)', 'Active', false, false],
    [CANCELLED + ' (Queued is neither)', 'Queued', false, false],
  ])('%s: %s', (_spec, status, finished, cancelled) => {
    expect(isFinishedServiceStatus(status)).toBe(finished);
    expect(isCancelledServiceStatus(status)).toBe(cancelled);
  });
});

describe('isServicePerformed (decision 478: rate and tip only what was performed)', () => {
  it.each<[ServiceStatus, TripStatus | null, boolean]>([
    ['Finished', 'FINISHED', true],
    ['Pending Audit', null, true],
    ['Active', 'FINISHED', true],
    ['Active', 'ARRIVED', false],
    ['Queued', 'NEW', false],
    ['Void', 'FINISHED', false],
    ['Cancelled', null, false],
  ])('%s with trip %s: %s', (status, tripStatus, performed) => {
    expect(isServicePerformed({ status, tripStatus })).toBe(performed);
  });
});

describe('statusKeyOfService (decision 110)', () => {
  const SEEN =
    'SPEC 4: "Other statuses seen: Finished, Active, HoldInspection, Queued, Cancelled, Void, Pending Audit."';
  it.each<[string, ServiceStatus, TripStatus | null, ServiceStatusKey]>([
    [SEEN, 'Queued', null, 'new'],
    [SEEN, 'HoldInspection', null, 'new'],
    [SEEN, 'Active', null, 'accepted'],
    [SEEN, 'Active', 'NEW', 'accepted'],
    [SEEN, 'Active', 'ON_ROUTE', 'on_route'],
    [SEEN, 'Active', 'TOWED', 'towed'],
    [SEEN, 'Finished', 'TOWED', 'finished'],
    [SEEN, 'Pending Audit', null, 'pending_audit'],
    [SEEN, 'Void', 'ACCEPTED', 'cancelled'],
    [SEEN, 'Cancelled', null, 'cancelled'],
  ])('%s: %s / %s -> %s', (_spec, status, trip, expected) => {
    expect(statusKeyOfService({ status, tripStatus: trip })).toBe(expected);
  });
});

describe('canTransitionServiceStatus (decision 111)', () => {
  const NOT_SHOWN = 'SPEC 4: "Allowed transitions in the backend: not shown" (decision 111)';
  const VOID = 'SPEC 4: "the cancel call sends status \'Void\'"';
  it.each<[string, ServiceStatus, ServiceStatus, boolean]>([
    [NOT_SHOWN, 'Queued', 'Active', true],
    [NOT_SHOWN, 'Queued', 'HoldInspection', true],
    [NOT_SHOWN, 'HoldInspection', 'Queued', true],
    [NOT_SHOWN, 'HoldInspection', 'Active', true],
    [NOT_SHOWN, 'Active', 'Finished', true],
    [NOT_SHOWN, 'Active', 'Pending Audit', true],
    [NOT_SHOWN + ' (driver drops: needs a driver again)', 'Active', 'Queued', true],
    [NOT_SHOWN, 'Pending Audit', 'Finished', true],
    [VOID, 'Queued', 'Void', true],
    [VOID, 'Active', 'Void', true],
    [VOID + ' (a finished service cannot be voided)', 'Finished', 'Void', false],
    [NOT_SHOWN + ' (Finished is final)', 'Finished', 'Active', false],
    [NOT_SHOWN + ' (Void is final)', 'Void', 'Queued', false],
    [NOT_SHOWN + ' (Cancelled is final)', 'Cancelled', 'Active', false],
    [NOT_SHOWN + ' (no finishing before a driver)', 'Queued', 'Finished', false],
    [NOT_SHOWN + ' (audit does not reopen)', 'Pending Audit', 'Active', false],
    [NOT_SHOWN + ' (a no-op is not a transition)', 'Active', 'Active', false],
  ])('%s: %s -> %s is %s', (_spec, from, to, expected) => {
    expect(canTransitionServiceStatus(from, to)).toBe(expected);
  });
});

describe('endDateAfterSurvey (decision 111)', () => {
  const RULE = 'SPEC 4: "A survey ending a service stamps its end date."';
  const now = new Date('2026-03-01T15:00:00.000Z');
  it.each<[string, string | null, boolean, string | null]>([
    [RULE, null, true, '2026-03-01T15:00:00.000Z'],
    [RULE + ' (a survey that does not end it stamps nothing)', null, false, null],
    [
      RULE + ' (the first stamp wins)',
      '2026-02-28T10:00:00.000Z',
      true,
      '2026-02-28T10:00:00.000Z',
    ],
  ])('%s: end %s, ends %s -> %s', (_spec, endDate, surveyEndsService, expected) => {
    expect(endDateAfterSurvey({ endDate, surveyEndsService, now })).toBe(expected);
  });
});

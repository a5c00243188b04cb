import { describe, expect, it } from 'vitest';
import {
  activeServiceGuard,
  corporateGuard,
  dispatchGuard,
  finishedGuard,
  homeGuard,
  surveyGuard,
  tipsGuard,
} from './guards.ts';
import { makeAccountConfig, makeBrand, makeService, makeSession, NOW } from './test-fixtures.ts';

const SHOW = { kind: 'show' };
const to = (path: string) => ({ kind: 'route', to: path });
const withNumber = makeSession({ serviceNumber: '1001' });

describe('activeServiceGuard (SPEC 4 "Active-service guard")', () => {
  it.each([
    {
      spec: 'SPEC 4: "the page shows when there is no service number"',
      session: makeSession(),
      service: makeService(),
      expected: SHOW,
    },
    {
      spec: 'SPEC 4: "the page shows when ... the action is confirmData"',
      session: makeSession({ serviceNumber: '1001', actionType: 'confirmData' }),
      service: makeService(),
      expected: SHOW,
    },
    {
      spec: 'SPEC 4: "or a condition allows (not shown)": the service is finished (decision 121)',
      session: withNumber,
      service: makeService({
        status: 'Finished',
        trip: { status: 'FINISHED', stamps: {}, simulatedEta: null },
      }),
      expected: SHOW,
    },
    {
      spec: 'SPEC 4: "or a condition allows (not shown)": the service is cancelled (decision 121)',
      session: withNumber,
      service: makeService({ status: 'Void' }),
      expected: SHOW,
    },
    {
      spec: 'SPEC 5: "A service older than 30 days is expired for any track" (decision 121)',
      session: withNumber,
      service: makeService({ date: '2026-10-01T00:00:00.000Z' }),
      expected: SHOW,
    },
    {
      spec: 'SPEC 4: "or a condition allows (not shown)": the service could not be loaded (decision 121)',
      session: withNumber,
      service: null,
      expected: SHOW,
    },
    {
      spec: 'SPEC 4: "Otherwise a scheduled ... service goes to /service-summary"',
      session: withNumber,
      service: makeService({ schedule: '2026-11-25T10:00:00.000Z' }),
      expected: to('/service-summary'),
    },
    {
      spec: 'SPEC 4: "Otherwise a ... home-track service goes to /service-summary"',
      session: withNumber,
      service: makeService({ serviceType: 'home', situation: 'Plumbing' }),
      expected: to('/service-summary'),
    },
    {
      spec: 'SPEC 4: "one with a driver to /tracking"',
      session: withNumber,
      service: makeService(),
      expected: to('/tracking'),
    },
    {
      spec: 'SPEC 4: "else /tracking/loading"',
      session: withNumber,
      service: makeService({ status: 'Queued', driver: null }),
      expected: to('/tracking/loading'),
    },
  ])('$spec', ({ session, service, expected }) => {
    expect(activeServiceGuard({ session, service, now: NOW })).toEqual(expected);
  });
});

const finished = {
  status: 'Finished' as const,
  trip: { status: 'FINISHED' as const, stamps: {}, simulatedEta: null },
  endDate: '2026-11-21T14:30:00.000Z',
};

describe('finishedGuard (SPEC 4 "Finished guard")', () => {
  it.each([
    {
      spec: 'SPEC 4: "survey answered goes to /feedback (certain brands)"',
      service: makeService({ ...finished, surveys: { answered: true } }),
      brand: makeBrand({ feedbackAfterSurvey: true }),
      config: makeAccountConfig(),
      expected: to('/feedback'),
    },
    {
      spec: 'SPEC 4: "survey answered goes to ... /social"',
      service: makeService({ ...finished, surveys: { answered: true } }),
      brand: makeBrand(),
      config: makeAccountConfig(),
      expected: to('/social'),
    },
    {
      spec: 'SPEC 4: "a finished service past a time window goes to /social" (72 h, decision 121)',
      service: makeService({ ...finished, endDate: '2026-11-17T10:00:00.000Z' }),
      brand: makeBrand(),
      config: makeAccountConfig({ finishedScreenAfterService: true }),
      expected: to('/social'),
    },
    {
      spec: 'SPEC 4: "certain accounts go to /finished"',
      service: makeService(finished),
      brand: makeBrand(),
      config: makeAccountConfig({ finishedScreenAfterService: true }),
      expected: to('/finished'),
    },
    {
      spec: 'SPEC 4 finished guard: a finished service within the window shows the survey',
      service: makeService(finished),
      brand: makeBrand(),
      config: makeAccountConfig(),
      expected: SHOW,
    },
  ])('$spec', ({ service, brand, config, expected }) => {
    expect(finishedGuard({ service, brand, accountConfig: config, now: NOW })).toEqual(expected);
  });
});

describe('survey, tips, dispatch and corporate guards (SPEC 5 "Guard rules ... not shown", decision 121)', () => {
  const brand = makeBrand();
  const accountConfig = makeAccountConfig();
  it.each([
    ['SPEC 2 "/survey (survey guard)": no service goes home', null, to('/')],
    [
      'SPEC 2 "/survey (survey guard)": a cancelled service shows the cancelled screen',
      makeService({ status: 'Cancelled' }),
      to('/cancelled'),
    ],
    [
      'SPEC 2 "/survey (survey guard)": a running service goes back to following it',
      makeService(),
      to('/tracking/loading'),
    ],
    [
      'SPEC 2 "/survey (survey guard)": a finished service shows the survey',
      makeService(finished),
      SHOW,
    ],
    [
      'SPEC 4 "survey answered goes to ... /social" (through the survey guard)',
      makeService({ ...finished, surveys: { answered: true } }),
      to('/social'),
    ],
  ])('%s', (_spec, service, expected) => {
    expect(surveyGuard({ service, brand, accountConfig, now: NOW })).toEqual(expected);
  });

  it.each([
    [
      'SPEC 2 "/tips Tip screen (survey guard)": tips after an answered survey still show',
      makeService({ ...finished, surveys: { answered: true } }),
      makeBrand(),
      SHOW,
    ],
    [
      'SPEC 4 "tipping is not allowed for the brand" sends /tips to /social',
      makeService(finished),
      makeBrand({ tipping: { allowed: false, branches: [], excludedServiceTypes: [] } }),
      to('/social'),
    ],
    [
      'SPEC 2 "/tips Tip screen (survey guard)": a running service cannot be tipped yet',
      makeService(),
      makeBrand(),
      to('/tracking/loading'),
    ],
  ])('%s', (_spec, service, tipBrand, expected) => {
    expect(tipsGuard({ service, brand: tipBrand })).toEqual(expected);
  });

  it.each([
    [
      'SPEC 2 "/plate (dispatch guard)": without brand or account the request cannot start',
      makeSession(),
      null,
      to('/'),
    ],
    [
      'SPEC 2 "/plate (dispatch guard)": a brand and no service shows the page',
      makeSession({ brand: 'demo' }),
      null,
      SHOW,
    ],
    [
      'SPEC 2 "/services (dispatch guard)": a running service takes the customer back to it',
      makeSession({ brand: 'demo', serviceNumber: '1001' }),
      makeService(),
      to('/tracking'),
    ],
  ])('%s', (_spec, session, service, expected) => {
    expect(dispatchGuard({ session, service, now: NOW })).toEqual(expected);
  });

  it.each([
    [
      'SPEC 2 "/corporate/home ... Only for corporate brands"',
      makeBrand({ corporate: true }),
      SHOW,
    ],
    ['SPEC 2 "/corporate/home ... others are redirected"', makeBrand(), to('/')],
    ['SPEC 2 "/corporate/home ... others are redirected" (no brand)', null, to('/')],
  ])('%s', (_spec, b, expected) => {
    expect(corporateGuard(b)).toEqual(expected);
  });

  it.each([
    [
      'SPEC 6: "Corporate: honda, acura, mazda (by host) go to /corporate/home"',
      makeBrand({ corporate: true }),
      { kind: 'route', to: '/corporate/home', replace: true },
    ],
    ['SPEC 2 "/ Home" for every other brand', makeBrand(), SHOW],
  ])('%s', (_spec, b, expected) => {
    expect(homeGuard(b)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import {
  chooseService,
  firstVisitKey,
  INITIAL_SESSION,
  isFirstVisit,
  markServiceVisited,
  resetAll,
  resetForCheckLimit,
  resetHomeOnDemand,
  restoreSession,
  selectCategory,
  selectSituation,
  SessionSchema,
  type Session,
} from './session.ts';
import type { ServiceType } from './service-types.ts';
import type { CustomerContract } from './contract/customer-contracts.ts';

const ACCOUNT = 'a'.repeat(24);
const CONTRACT: CustomerContract = {
  _id: 'contract-1',
  detail: 'full',
  account: ACCOUNT,
  branch: 'PR',
  fullName: 'Ana Rivera',
  memberId: 'M-1',
  policyNumber: null,
  phone: '7875550100',
  email: '',
  active: true,
  startDate: '2026-01-01T00:00:00.000Z',
  endDate: null,
  vehicles: [{ plate: 'ABC123', make: 'Make', model: 'Model', year: 2020, color: 'Red', vin: '' }],
  coverageLimits: [],
};

const point = {
  lat: 18.4,
  lng: -66.1,
  address: 'Calle 1',
  placeId: 'p1',
  prettyAddress: 'Calle 1',
};

/** A session in the middle of a request: every field differs from its initial value. */
const BUSY: Session = {
  ...INITIAL_SESSION,
  brand: 'connect',
  accountId: ACCOUNT,
  passengers: 2,
  notes: 'gate code 12',
  answers: [1, 0],
  category: 'Plumbing',
  situation: 'towBreakdown',
  serviceType: { name: 'towBreakdown', category: 'road' },
  customerFee: 4500,
  isMMMHOD: true,
  token: 'x'.repeat(32),
  serviceId: 'svc-12345678',
  serviceNumber: '1001',
  customerContract: CONTRACT,
  clientForm: { ...INITIAL_SESSION.clientForm, fullName: 'Ana Rivera', plate: 'ABC123' },
  locations: { permission: 'GRANTED', situation: point, destination: point, provider: point },
  currentTrack: 'home',
  visitedServices: ['svc-1'],
};

const TOW: ServiceType = { name: 'towTire', category: 'road' };
const LOCKSMITH: ServiceType = { name: 'locksmith', category: 'road' };

describe('session schema', () => {
  it('parses the initial session', () => {
    expect(SessionSchema.parse(INITIAL_SESSION)).toEqual(INITIAL_SESSION);
  });
  it('parses a busy session', () => {
    expect(SessionSchema.parse(BUSY)).toEqual(BUSY);
  });
  it('restores a stored session and falls back on garbage', () => {
    expect(restoreSession(JSON.parse(JSON.stringify(BUSY)))).toEqual(BUSY);
    expect(restoreSession({ passengers: -1 })).toEqual(INITIAL_SESSION);
    expect(restoreSession('nope')).toEqual(INITIAL_SESSION);
    // an older stored session missing new fields gets their defaults
    expect(restoreSession({ brand: 'mmm' }).brand).toBe('mmm');
  });
});

describe('session rules (SPEC 3, SPEC 4 "Session")', () => {
  it.each<[string, () => boolean]>([
    ['SPEC 3 Payment: "tipAmount (default 3)"', () => INITIAL_SESSION.payment.tipAmount === 3],
    [
      'SPEC 3 Locations: "permission (GRANTED, DENIED, NOT_ASKED)" starts NOT_ASKED',
      () => INITIAL_SESSION.locations.permission === 'NOT_ASKED',
    ],
    [
      'SPEC 4: "Clear-all resets everything"',
      () => {
        const { visitedServices: _v, ...rest } = resetAll(BUSY);
        const { visitedServices: _i, ...initial } = INITIAL_SESSION;
        return JSON.stringify(rest) === JSON.stringify(initial);
      },
    ],
    [
      'SPEC 4: "A first-visit marker per service is stored locally" (survives clear-all)',
      () => resetAll(BUSY).visitedServices.includes('svc-1'),
    ],
    [
      'SPEC 4: "The check-limit reset keeps category, situation, service type, contract and client form"',
      () => {
        const r = resetForCheckLimit(BUSY, ACCOUNT);
        return (
          r.category === BUSY.category &&
          r.situation === BUSY.situation &&
          r.serviceType === BUSY.serviceType &&
          r.customerContract === BUSY.customerContract &&
          r.clientForm === BUSY.clientForm
        );
      },
    ],
    [
      'SPEC 4: check-limit reset "stores the current account as the previous one"',
      () => {
        const r = resetForCheckLimit(BUSY, ACCOUNT);
        return r.previousAccount?.id === ACCOUNT && r.previousAccount.brand === 'connect';
      },
    ],
    [
      'SPEC 4: the check-limit reset clears the rest (token, service id, locations)',
      () => {
        const r = resetForCheckLimit(BUSY, ACCOUNT);
        return (
          r.token === null && r.serviceId === null && r.locations === INITIAL_SESSION.locations
        );
      },
    ],
    [
      'SPEC 4: "The home on-demand reset keeps contract and the MMM home-on-demand flag"',
      () => {
        const r = resetHomeOnDemand(BUSY);
        return r.customerContract === CONTRACT && r.isMMMHOD;
      },
    ],
    [
      'SPEC 4: the home on-demand reset clears the rest (category, client form)',
      () => {
        const r = resetHomeOnDemand(BUSY);
        return r.category === null && r.clientForm === INITIAL_SESSION.clientForm;
      },
    ],
    [
      'SPEC 4: "Choosing a service resets destination coordinates and address unless it is a tow" (not a tow)',
      () => {
        const d = chooseService(BUSY, LOCKSMITH).locations.destination;
        return d.lat === 0 && d.lng === 0 && d.address === '';
      },
    ],
    [
      'SPEC 4: "Choosing a service resets destination coordinates and address unless it is a tow" (tow)',
      () => chooseService(BUSY, TOW).locations.destination === point,
    ],
    [
      'SPEC 4: choosing a service keeps the situation point',
      () => chooseService(BUSY, LOCKSMITH).locations.situation === point,
    ],
    [
      'SPEC 4: "A new situation or category may be selected and the category cleared"',
      () => {
        const r = selectSituation(BUSY, 'jumpStart');
        return r.situation === 'jumpStart' && r.category === null;
      },
    ],
    [
      'SPEC 4: "A new situation or category may be selected" (category)',
      () => selectCategory(BUSY, 'Electricity').category === 'Electricity',
    ],
    [
      'SPEC 4: "... and the category cleared" (selectCategory null)',
      () => selectCategory(BUSY, null).category === null,
    ],
    [
      'SPEC 4: "A first-visit marker per service is stored locally" (key per service)',
      () => firstVisitKey('a1') !== firstVisitKey('b2') && firstVisitKey('a1').includes('a1'),
    ],
    [
      'SPEC 4: first-visit marker: first visit until marked',
      () => {
        const marked = markServiceVisited(INITIAL_SESSION, 'svc-9');
        return isFirstVisit(INITIAL_SESSION, 'svc-9') && !isFirstVisit(marked, 'svc-9');
      },
    ],
  ])('%s', (_sentence, check) => {
    expect(check()).toBe(true);
  });
});

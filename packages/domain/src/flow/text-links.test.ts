import { describe, expect, it } from 'vitest';
import { isTextLinkToken } from '../contract/text-links.ts';
import { INITIAL_SESSION } from '../session.ts';
import { ACCOUNT_ID, DRIVER, NOW, makeService } from './test-fixtures.ts';
import {
  acceptsComments,
  applyTextLinkSession,
  commentsGuard,
  secondStopTarget,
} from './text-links.ts';

const OPENED = {
  serviceId: 'svc-texted-0001',
  serviceNumber: '100077',
  accountId: ACCOUNT_ID,
  brand: 'connect',
  purpose: 'tracking' as const,
  token: 'service-token-0123456789abcdef',
};

describe('isTextLinkToken (decision 610)', () => {
  it('tells a texted link token from a shared link token', () => {
    expect(isTextLinkToken(`t.1a2b3c.${'A'.repeat(43)}`)).toBe(true);
    expect(isTextLinkToken('A'.repeat(43))).toBe(false);
    expect(isTextLinkToken(`x.1a.${'A'.repeat(43)}`)).toBe(false);
    expect(isTextLinkToken(undefined)).toBe(false);
  });
});

describe('applyTextLinkSession', () => {
  it('starts a fresh session that holds the opened service, keeping the chosen language', () => {
    const before = {
      ...INITIAL_SESSION,
      brand: 'other',
      serviceId: 'svc-another-01',
      notes: 'from another request',
      language: 'en' as const,
    };
    const after = applyTextLinkSession(before, OPENED);
    expect(after).toMatchObject({
      brand: 'connect',
      accountId: ACCOUNT_ID,
      serviceId: OPENED.serviceId,
      serviceNumber: OPENED.serviceNumber,
      token: OPENED.token,
      notes: '',
      language: 'en',
      actionType: null,
    });
  });

  it('SPEC 4: a confirmData link sets the confirm-data action', () => {
    expect(
      applyTextLinkSession(INITIAL_SESSION, { ...OPENED, purpose: 'confirmData' }).actionType,
    ).toBe('confirmData');
  });

  it('SPEC 2 "/get-service/{id}: phone numbers stripped of non-digits"', () => {
    const after = applyTextLinkSession(INITIAL_SESSION, OPENED, '+1 (787) 555-0101');
    expect(after.phoneNumber).toBe('17875550101');
    expect(applyTextLinkSession(INITIAL_SESSION, OPENED, '--').phoneNumber).toBeNull();
  });
});

describe('secondStopTarget', () => {
  it('follows the active-service guard for a running service', () => {
    expect(secondStopTarget(makeService({ status: 'Active', driver: DRIVER }), NOW)).toEqual({
      kind: 'route',
      to: '/tracking',
      replace: true,
    });
    expect(secondStopTarget(makeService({ status: 'Queued', driver: null }), NOW).to).toBe(
      '/tracking/loading',
    );
  });

  it('a finished service asks for the survey; a cancelled one shows /cancelled', () => {
    expect(secondStopTarget(makeService({ status: 'Finished' }), NOW).to).toBe('/survey');
    expect(secondStopTarget(makeService({ status: 'Cancelled' }), NOW).to).toBe('/cancelled');
  });
});

describe('commentsGuard (SPEC 2 "Comments (dispatch guard)", SPEC 4 shared-link landing)', () => {
  const session = {
    brand: 'connect',
    accountId: ACCOUNT_ID,
    serviceNumber: '100077',
    actionType: null,
    redirectedFromComments: true,
  };

  it.each(['HoldInspection', 'Queued', 'Active'] as const)(
    'stays on comments for a %s service the shared link sent here',
    (status) => {
      expect(acceptsComments({ status })).toBe(true);
      expect(commentsGuard({ session, service: makeService({ status }), now: NOW })).toEqual({
        kind: 'show',
      });
    },
  );

  it('without the mark, the dispatch guard takes the customer back to the running service', () => {
    const decision = commentsGuard({
      session: { ...session, redirectedFromComments: false },
      service: makeService({ status: 'Active', driver: DRIVER }),
      now: NOW,
    });
    expect(decision).toEqual({ kind: 'route', to: '/tracking' });
  });

  it('a finished service or none takes no comments: home', () => {
    expect(
      commentsGuard({ session, service: makeService({ status: 'Finished' }), now: NOW }),
    ).toEqual({ kind: 'route', to: '/', replace: true });
    expect(
      commentsGuard({
        session: { ...session, serviceNumber: null, redirectedFromComments: false },
        service: null,
        now: NOW,
      }),
    ).toEqual({ kind: 'route', to: '/', replace: true });
  });
});

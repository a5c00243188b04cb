import { describe, expect, it } from 'vitest';
import {
  applyEntryParams,
  applyMemberEntry,
  applySignInUserInfo,
  parseEntryParams,
  parseSharedLinkParams,
  type EntryParams,
} from './entry-params.ts';
import { INITIAL_SESSION, type Session } from './session.ts';

const ACCOUNT = '0123456789abcdef01234567';

describe('parseEntryParams (SPEC 2 "Entry query parameters")', () => {
  it.each<[string, string, Record<string, unknown>]>([
    [
      'SPEC 2: "Entry query parameters: account, brand, plate, fullName ..."',
      `account=${ACCOUNT}&brand=mmm&plate=ABC-123&fullName=Ana%20Rivera`,
      { account: ACCOUNT, brand: 'mmm', plate: 'ABC-123', fullName: 'Ana Rivera' },
    ],
    ['SPEC 2: "isFromWebview (true/false)" true', 'isFromWebview=true', { isFromWebview: true }],
    ['SPEC 2: "isFromWebview (true/false)" false', 'isFromWebview=false', { isFromWebview: false }],
    ['SPEC 2: "isFromWebview (true/false)" anything else dropped', 'isFromWebview=yes', {}],
    [
      'SPEC 2: "isFromCheckLimit (true/false)"',
      'isFromCheckLimit=true',
      { isFromCheckLimit: true },
    ],
    ['SPEC 2: "track" (SPEC 3 tracks road, home, claims)', 'track=home', { track: 'home' }],
    ['SPEC 2: "track" unknown value dropped', 'track=sea', {}],
    [
      'SPEC 2: "campaign, policyNumber, event"',
      'campaign=PROMO1&policyNumber=POL-99&event=qr',
      { campaign: 'PROMO1', policyNumber: 'POL-99', event: 'qr' },
    ],
    ['SPEC 1: "the lang query parameter can change it"', 'lang=en', { lang: 'en' }],
    ['SPEC 1: "The default language is Spanish" (unknown lang dropped)', 'lang=fr', {}],
    ['SPEC 2: a malformed account is dropped', 'account=../../etc', {}],
    ['SPEC 2: a malformed brand is dropped', 'brand=<script>', {}],
  ])('%s', (_sentence, query, expected) => {
    expect(parseEntryParams(new URLSearchParams(query))).toEqual(expected);
  });

  it('never throws on any input', () => {
    expect(() =>
      parseEntryParams(new URLSearchParams('%%%&=&&plate=' + 'x'.repeat(500))),
    ).not.toThrow();
  });
});

describe('parseSharedLinkParams (SPEC 2 "/{serviceId}")', () => {
  it.each<[string, string, Record<string, unknown>]>([
    [
      'SPEC 9: "Share link: {host}/{serviceId}?account={brand}&redirect=tracking/loading"',
      'account=connect&redirect=tracking/loading',
      { account: 'connect', redirect: 'tracking/loading' },
    ],
    [
      'SPEC 2: "with query account, lang, t, phoneNumber, isFromWebview, type, redirect"',
      `account=${ACCOUNT}&lang=en&t=${'k'.repeat(32)}&phoneNumber=787-555-0100&isFromWebview=true&type=confirmData&redirect=comments`,
      {
        account: ACCOUNT,
        lang: 'en',
        t: 'k'.repeat(32),
        phoneNumber: '7875550100',
        isFromWebview: true,
        type: 'confirmData',
        redirect: 'comments',
      },
    ],
    [
      'SPEC 2: "phone numbers stripped of non-digits"',
      'phoneNumber=(787) 555-0100',
      { phoneNumber: '7875550100' },
    ],
    ['SPEC 4: "if type is confirmData" (unknown type dropped)', 'type=other', {}],
    [
      'SPEC 4: "otherwise the requested redirect" (leading slash removed)',
      'redirect=/survey',
      { redirect: 'survey' },
    ],
    ['SPEC 4: the requested redirect never leaves the app', 'redirect=https://evil.example', {}],
    [
      'SPEC 4: the requested redirect never leaves the app (protocol-relative)',
      'redirect=//evil.example',
      {},
    ],
  ])('%s', (_sentence, query, expected) => {
    expect(parseSharedLinkParams(new URLSearchParams(query))).toEqual(expected);
  });
});

describe('applying entry parameters to the session (SPEC 2)', () => {
  const OTHER = 'fedcba9876543210fedcba98';
  const busy = {
    ...INITIAL_SESSION,
    brand: 'connect',
    accountId: OTHER,
    serviceId: 'svc-00000001',
    situation: 'flatTire' as const,
  };

  it.each<[string, Session, EntryParams, (s: Session) => unknown, unknown]>([
    [
      'SPEC 2: "account, brand" set the session brand and account',
      INITIAL_SESSION,
      { account: ACCOUNT, brand: 'mmm' },
      (s) => [s.accountId, s.brand],
      [ACCOUNT, 'mmm'],
    ],
    [
      'SPEC 2: "plate, fullName" are the user external params and prefill the client form',
      INITIAL_SESSION,
      { plate: 'ABC123', fullName: 'Ana Rivera' },
      (s) => [s.userExternalParams.plate, s.userExternalParams.identifier, s.clientForm.fullName],
      ['ABC123', 'ABC123', 'Ana Rivera'],
    ],
    [
      'SPEC 2: "policyNumber" is the identifier (SPEC 5 "For the otium brand, the policy number")',
      INITIAL_SESSION,
      { policyNumber: 'POL-9', plate: 'ABC123' },
      (s) => s.userExternalParams.identifier,
      'POL-9',
    ],
    [
      'SPEC 2: "isFromWebview (true/false)"',
      INITIAL_SESSION,
      { isFromWebview: true },
      (s) => s.userExternalParams.isFromWebview,
      true,
    ],
    ['SPEC 2: "track"', INITIAL_SESSION, { track: 'home' }, (s) => s.currentTrack, 'home'],
    [
      'SPEC 1: "the lang query parameter can change it"',
      INITIAL_SESSION,
      { lang: 'en' },
      (s) => s.language,
      'en',
    ],
    [
      'SPEC 2: a link for another account starts a fresh request (decision 120)',
      busy,
      { account: ACCOUNT },
      (s) => [s.serviceId, s.situation, s.accountId],
      [null, null, ACCOUNT],
    ],
    [
      'SPEC 4: "The check-limit reset keeps ..." (isFromCheckLimit=true does not reset again)',
      busy,
      { account: ACCOUNT, brand: 'connect-ondemand', isFromCheckLimit: true },
      (s) => [s.situation, s.isFromCheckLimit, s.brand],
      ['flatTire', true, 'connect-ondemand'],
    ],
    [
      'SPEC 2: the same account keeps the request in progress',
      busy,
      { account: OTHER },
      (s) => s.serviceId,
      'svc-00000001',
    ],
  ])('%s', (_spec, session, params, read, expected) => {
    expect(read(applyEntryParams(session, params))).toEqual(expected);
  });

  it('SPEC 2 entry route: "Clears all state, sets a fixed brand, stores name and memberId from the query"', () => {
    const s = applyMemberEntry(
      { ...INITIAL_SESSION, serviceId: 'svc-00000001' },
      { brand: 'mmm-empleados', fullName: 'Ana Rivera', memberId: 'M-77' },
    );
    expect([
      s.serviceId,
      s.brand,
      s.userExternalParams.fullName,
      s.userExternalParams.memberId,
    ]).toEqual([null, 'mmm-empleados', 'Ana Rivera', 'M-77']);
  });

  it('SPEC 3 "Sign-in user info: firstname, lastname, cardnumber" fills name and identifier (SPEC 4 "a known name and identifier")', () => {
    const s = applySignInUserInfo(INITIAL_SESSION, {
      firstname: 'Ana',
      lastname: 'Rivera',
      cardnumber: 'C-1',
    });
    expect([
      s.userExternalParams.fullName,
      s.userExternalParams.identifier,
      s.clientForm.memberId,
    ]).toEqual(['Ana Rivera', 'C-1', 'C-1']);
  });
});

import { describe, expect, it } from 'vitest';
import { parseEntryParams, parseSharedLinkParams } from './entry-params.ts';

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

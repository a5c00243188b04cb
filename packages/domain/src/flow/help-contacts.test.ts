import { describe, expect, it } from 'vitest';
import type { Brand } from '../brand.ts';
import type { Branch } from '../enumerations.ts';
import { helpContacts, telLink } from './help-contacts.ts';

type HelpBrand = Pick<Brand, 'country' | 'help' | 'hideChat'>;

const PR_PHONE = '+17875550100';
const PA_PHONE = '+5075550100';
const PR_CHAT = 'https://wa.me/17875550100';
const PA_CHAT = 'https://wa.me/5075550100';

const twoCountries: HelpBrand = {
  country: 'PR',
  help: { phones: { PR: PR_PHONE, PA: PA_PHONE }, chats: { PR: PR_CHAT, PA: PA_CHAT } },
  hideChat: false,
};
const chatHidden: HelpBrand = { ...twoCountries, hideChat: true };
const phoneElsewhere: HelpBrand = {
  country: 'CR',
  help: { phones: { PA: PA_PHONE }, chats: {} },
  hideChat: false,
};

describe('helpContacts (SPEC 2 "Help dialog")', () => {
  it.each<[string, HelpBrand, Branch | null, string | null, string | null]>([
    [
      'SPEC 1: help phone and chat numbers "per brand and country": the branch first',
      twoCountries,
      'PA',
      PA_PHONE,
      PA_CHAT,
    ],
    [
      "no branch known yet: the brand's home country (decision 171)",
      twoCountries,
      null,
      PR_PHONE,
      PR_CHAT,
    ],
    [
      "a branch without numbers: the brand's home country (decision 171)",
      twoCountries,
      'MX',
      PR_PHONE,
      PR_CHAT,
    ],
    [
      '"a phone-call option always": any number the brand lists (decision 171)',
      phoneElsewhere,
      'CR',
      PA_PHONE,
      null,
    ],
    [
      '"a chat (link) option hidden for the brands mmm, mmm-empleados, vanti and asc" (hideChat)',
      chatHidden,
      'PA',
      PA_PHONE,
      null,
    ],
  ])('%s', (_spec, brand, branch, phone, chatUrl) => {
    expect(helpContacts(brand, branch)).toEqual({ phone, chatUrl });
  });
});

describe('telLink', () => {
  it.each([
    ['+17875550100', 'tel:+17875550100', 'an E.164 number as it is'],
    ['+1 (787) 555-0100', 'tel:+17875550100', 'spaces and punctuation dropped'],
  ])('%s -> %s: %s', (phone, expected, _case) => {
    expect(telLink(phone)).toBe(expected);
  });
});

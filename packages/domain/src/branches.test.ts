import { describe, expect, it } from 'vitest';
import {
  addressSearchCountries,
  branchOfMemberId,
  mapCenterOf,
  memberIdOf,
  timeZoneOf,
} from './branches.ts';
import type { Branch } from './enumerations.ts';
import { haversineMeters } from './geo.ts';

describe('member ids', () => {
  const RULE =
    'SPEC 9: "Member ids per country: Costa Rica 1, Panama 2, Puerto Rico 4, Colombia 5."';
  it.each<[string, Branch, number]>([
    [RULE, 'CR', 1],
    [RULE, 'PA', 2],
    [RULE, 'PR', 4],
    [RULE, 'CO', 5],
    [RULE + ' (Mexico not shown: decision 112 gives the free id 3)', 'MX', 3],
  ])('%s: %s is %i both ways', (_spec, branch, id) => {
    expect(memberIdOf(branch)).toBe(id);
    expect(branchOfMemberId(id)).toBe(branch);
  });

  it(`SPEC 9: member ids are unique per country; 6 is none`, () => {
    expect(branchOfMemberId(6)).toBeUndefined();
  });
});

describe('map centres and time zones', () => {
  it('SPEC 9: "Default map centre in Puerto Rico lat 18.42139, lng -66.073795"', () => {
    expect(mapCenterOf('PR')).toEqual({ lat: 18.42139, lng: -66.073795 });
  });

  const CENTRES =
    'SPEC 9: "centres for other countries exist (values not shown)" (decision 112: capitals)';
  it.each<[string, Branch, { lat: number; lng: number }, number, string]>([
    // [spec, branch, a landmark of the capital, allowed distance in metres, IANA zone]
    [
      CENTRES + ' (San José, Plaza de la Cultura)',
      'CR',
      { lat: 9.9335, lng: -84.0771 },
      3_000,
      'America/Costa_Rica',
    ],
    [CENTRES + ' (Panama City)', 'PA', { lat: 8.9824, lng: -79.5199 }, 3_000, 'America/Panama'],
    [
      CENTRES + ' (Bogotá, Plaza de Bolívar)',
      'CO',
      { lat: 4.5981, lng: -74.0761 },
      3_000,
      'America/Bogota',
    ],
    [
      CENTRES + ' (Mexico City, Zócalo)',
      'MX',
      { lat: 19.4326, lng: -99.1332 },
      3_000,
      'America/Mexico_City',
    ],
    [
      'SPEC 9: "Default map centre in Puerto Rico" (San Juan, Old San Juan within 8 km)',
      'PR',
      { lat: 18.4655, lng: -66.1057 },
      8_000,
      'America/Puerto_Rico',
    ],
  ])('%s: %s', (_spec, branch, landmark, maxMeters, zone) => {
    expect(haversineMeters(mapCenterOf(branch), landmark)).toBeLessThan(maxMeters);
    expect(timeZoneOf(branch)).toBe(zone);
  });
});

describe('addressSearchCountries', () => {
  const RULE =
    'SPEC 5: "Address search restricted to the account\'s country, or to PR, CO, CR, PA when the account has no branch."';
  it.each<[string, Branch | null, Branch[]]>([
    [RULE, 'PR', ['PR']],
    [RULE, 'CR', ['CR']],
    [RULE, 'MX', ['MX']],
    [RULE, null, ['PR', 'CR', 'CO', 'PA']],
  ])('%s: %s -> %j', (_spec, branch, expected) => {
    expect(addressSearchCountries(branch)).toEqual(expected);
  });
});

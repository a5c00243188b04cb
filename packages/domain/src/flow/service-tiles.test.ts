import { describe, expect, it } from 'vitest';
import { SERVICE_TYPES, type ServiceTypeName } from '../service-types.ts';
import {
  canContinueFromServices,
  otherTileHelpText,
  serviceTiles,
  sessionServiceTypes,
  sortServiceTypesByLabel,
} from './service-tiles.ts';
import { makeAccountConfig, makeSession } from './test-fixtures.ts';

const account = {
  pwaHomeServicesAllowed: ['Plumbing', 'Electricity'] as ServiceTypeName[],
  pwaRoadServicesAllowed: ['towTire', 'glass_replacement'] as ServiceTypeName[],
};
const names = (types: { name: string }[]) => types.map((t) => t.name);

describe('/services tiles (SPEC 2 "/services")', () => {
  it.each<[string, 'road' | 'home' | 'claims', (n: string[]) => boolean]>([
    [
      'SPEC 2: "Home tiles show only categories allowed for the account"',
      'home',
      (n) => n.join() === 'Plumbing,Electricity',
    ],
    [
      'SPEC 2: "road tiles or home tiles by current track" (road shows no home tile)',
      'road',
      (n) => !n.includes('Plumbing') && n.includes('locksmith'),
    ],
    [
      'SPEC 2: "Road tiles add extra services only if the account lists road services allowed in the app"',
      'road',
      (n) =>
        n.includes('towTire') && n.includes('glass_replacement') && !n.includes('taxi_to_airport'),
    ],
    [
      'SPEC 3 "tracks road, home, claims": claims shows the road tiles',
      'claims',
      (n) => n.includes('jumpStart'),
    ],
  ])('%s', (_spec, track, check) => {
    expect(check(names(serviceTiles({ track, serviceTypes: SERVICE_TYPES, account })))).toBe(true);
  });

  it('SPEC 2: without extra road services only the base tiles show', () => {
    const tiles = serviceTiles({
      track: 'road',
      serviceTypes: SERVICE_TYPES,
      account: { pwaHomeServicesAllowed: [], pwaRoadServicesAllowed: [] },
    });
    expect(names(tiles)).toEqual([
      'locksmith',
      'flatTire',
      'fuelDelivery',
      'jumpStart',
      'towBreakdown',
      'ambulance',
    ]);
  });

  it.each<[string, 'road' | 'home', string | null, string | null, string | null]>([
    [
      'SPEC 2: "An optional Other tile (home track, only when a help text is configured)"',
      'home',
      'Llámenos',
      null,
      'Llámenos',
    ],
    ['SPEC 2: Other tile from the brand text', 'home', null, 'Brand help', 'Brand help'],
    ['SPEC 2: no Other tile without a help text', 'home', null, null, null],
    ['SPEC 2: no Other tile on the road track', 'road', 'Llámenos', 'Brand help', null],
  ])('%s', (_spec, track, accountText, brandText, expected) => {
    expect(
      otherTileHelpText({
        track,
        account: { config: makeAccountConfig({ otherTileHelpText: accountText }) },
        brand: brandText === null ? {} : { otherTileHelpText: brandText },
      }),
    ).toBe(expected);
  });

  it.each([
    [
      'SPEC 2: "Continue is disabled until a category (home) ... is chosen"',
      makeSession({ currentTrack: 'home', situation: 'flatTire' }),
      false,
    ],
    [
      'SPEC 2: "Continue is disabled until a category (home) ... is chosen" (chosen)',
      makeSession({ currentTrack: 'home', category: 'Plumbing' }),
      true,
    ],
    [
      'SPEC 2: "Continue is disabled until ... situation (road) is chosen"',
      makeSession({ category: 'Plumbing' }),
      false,
    ],
    [
      'SPEC 2: "Continue is disabled until ... situation (road) is chosen" (chosen)',
      makeSession({ situation: 'jumpStart' }),
      true,
    ],
  ])('%s', (_spec, session, expected) => {
    expect(canContinueFromServices(session)).toBe(expected);
  });
});

describe('session service types (SPEC 3 "serviceTypes (by name, sorted by label; a campaign may carry serviceTypes)")', () => {
  it.each<[string, ServiceTypeName[] | null, number]>([
    ['SPEC 3: "a campaign may carry serviceTypes"', ['towBreakdown', 'jumpStart'], 2],
    ['SPEC 3: a campaign without its own list keeps all types', [], 23],
    ['SPEC 3: without a campaign, all types', null, 23],
  ])('%s', (_spec, campaignTypes, count) => {
    const campaign = campaignTypes === null ? null : { serviceTypes: campaignTypes };
    expect(sessionServiceTypes({ all: SERVICE_TYPES, campaign })).toHaveLength(count);
  });

  it('SPEC 3: "sorted by label" (accent-insensitive, Spanish)', () => {
    const labels: Partial<Record<ServiceTypeName, string>> = {
      locksmith: 'Cerrajería',
      ambulance: 'Ambulancia',
      flatTire: 'Ápice de goma',
    };
    const types = SERVICE_TYPES.filter((t) => t.name in labels);
    const sorted = sortServiceTypesByLabel(types, (name) => labels[name] ?? name);
    expect(names(sorted)).toEqual(['ambulance', 'flatTire', 'locksmith']);
  });
});

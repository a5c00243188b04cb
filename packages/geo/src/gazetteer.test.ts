import { DEFAULT_ADDRESS_SEARCH_COUNTRIES } from '@auxilio/domain';
import { describe, expect, it } from 'vitest';
import { buildAtlas } from './atlas.ts';
import { createGazetteer, formatAddress, normalizeText } from './gazetteer.ts';
import { COUNTRY_REGIONS } from './regions.ts';

const atlas = buildAtlas();
const gazetteer = createGazetteer(atlas.places, atlas);

describe('normalizeText', () => {
  it.each([
    ['Bogotá, D.C.', 'bogota d c'],
    ['MAYAGÜEZ', 'mayaguez'],
    ['  San  José ', 'san jose'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});

describe('search', () => {
  it('finds San Juan, Puerto Rico first (exact name, largest population)', () => {
    const [first] = gazetteer.search('San Juan');
    expect(first).toMatchObject({ name: 'San Juan', admin: 'San Juan', country: 'PR' });
    expect(first?.placeId).toMatch(/^geo:\d+$/);
    expect(first?.lat).toBeCloseTo(18.466, 1);
    expect(first?.lng).toBeCloseTo(-66.106, 1);
  });

  it('is accent- and case-insensitive: bogota finds Bogotá', () => {
    expect(gazetteer.search('bogota')[0]).toMatchObject({ name: 'Bogotá', country: 'CO' });
    expect(gazetteer.search('BOGOTÁ')[0]?.name).toBe('Bogotá');
  });

  it('restricted to CR, san jose returns San José of Costa Rica and no San José elsewhere', () => {
    const results = gazetteer.search('san jose', { countries: ['CR'] });
    expect(results[0]).toMatchObject({ name: 'San José', admin: 'San José', country: 'CR' });
    expect(results.every((r) => r.country === 'CR')).toBe(true);
    // Without the restriction the same query does reach other countries' San José.
    const everywhere = gazetteer.search('san jose', { limit: 50 });
    expect(everywhere.some((r) => r.name === 'San José' && r.country !== 'CR')).toBe(true);
  });

  // SPEC 5: "Address search restricted to the account's country, or to PR, CO, CR, PA when the
  // account has no branch." The caller passes the countries; the gazetteer never leaves them.
  it.each([
    [DEFAULT_ADDRESS_SEARCH_COUNTRIES, 'Ciudad de México', false],
    [['MX'] as const, 'Ciudad de México', true],
    [['PA'] as const, 'Ciudad de Panamá', true],
    [['CO'] as const, 'Ciudad de Panamá', false],
  ])('countries %j: "ciudad de" finds %s = %s', (countries, name, found) => {
    const results = gazetteer.search('ciudad de', { countries, limit: 200 });
    expect(results.every((r) => countries.includes(r.country as never))).toBe(true);
    expect(results.some((r) => r.name === name)).toBe(found);
  });

  it('returns nothing for an empty country list or an empty query', () => {
    expect(gazetteer.search('san juan', { countries: [] })).toEqual([]);
    expect(gazetteer.search('  ,. ')).toEqual([]);
  });

  it('ranks by match quality before population', () => {
    // 'San Juan del Río' (MX) is bigger than some exact 'San Juan' matches but is only a prefix match.
    const names = gazetteer.search('san juan', { limit: 30 }).map((r) => r.name);
    const lastExact = names.lastIndexOf('San Juan');
    const firstPrefix = names.findIndex((n) => n !== 'San Juan');
    expect(firstPrefix).toBeGreaterThan(lastExact);
  });

  it.each([
    ['word prefixes in any word', 'vic moravia', 'San Vicente de Moravia'],
    ['a GeoNames exonym still matches', 'mexico city', 'Ciudad de México'],
    ['a hand-kept alias', 'cdmx', 'Ciudad de México'],
    ['a name with its province', 'san jose alajuela', 'San José'],
  ])('matches %s: %s -> %s', (_label, query, name) => {
    expect(gazetteer.search(query)[0]?.name).toBe(name);
  });

  it('honours the limit', () => {
    expect(gazetteer.search('san', { limit: 3 })).toHaveLength(3);
  });
});

describe('reverse', () => {
  it('names the San Juan municipio at the Puerto Rico default map centre (SPEC 9)', () => {
    const result = gazetteer.reverse(COUNTRY_REGIONS.PR.centre);
    expect(result?.country).toBe('PR');
    expect(result?.municipio).toEqual({ fips: '72127', name: 'San Juan', inside: true });
    expect(result?.place.name).toBe('San Juan');
    expect(result?.address).toBe('San Juan, Puerto Rico');
  });

  it('names the containing municipio by polygon, not the nearest place of another one', () => {
    // South of Bayamón the nearest (size-weighted) place is the town of Guaynabo, in another municipio.
    const result = gazetteer.reverse({ lat: 18.3, lng: -66.149 });
    expect(result?.place.name).toBe('Guaynabo');
    expect(result?.municipio).toEqual({ fips: '72021', name: 'Bayamón', inside: true });
    expect(result?.address).toBe('Bayamón, Puerto Rico');
  });

  it("falls back to the nearest place's municipio on a coast the simplified outlines miss", () => {
    const result = gazetteer.reverse({ lat: 18.4655, lng: -66.07 });
    expect(result?.municipio).toEqual({ fips: '72127', name: 'San Juan', inside: false });
  });

  it('gives no municipio without municipio outlines, but still a place and address', () => {
    const placesOnly = createGazetteer(atlas.places);
    expect(placesOnly.reverse({ lat: 18.3989, lng: -66.1557 })).toMatchObject({
      municipio: null,
      country: 'PR',
      address: 'Bayamón, Puerto Rico',
    });
  });

  it('reverse geocodes Panama City', () => {
    const result = gazetteer.reverse({ lat: 8.9824, lng: -79.5199 });
    expect(result).toMatchObject({ country: 'PA', municipio: null });
    expect(result?.place.name).toBe('Ciudad de Panamá');
    expect(result?.address).toBe('Ciudad de Panamá, Panamá');
  });

  it('prefers a big city a little further away over a village (Bogotá north)', () => {
    const result = gazetteer.reverse({ lat: 4.711, lng: -74.0721 });
    expect(result?.place.name).toBe('Bogotá');
    expect(result?.distanceKm).toBeGreaterThan(10);
  });

  it('returns null when there are no places', () => {
    const empty = createGazetteer({ type: 'FeatureCollection', features: [] });
    expect(empty.reverse({ lat: 0, lng: 0 })).toBeNull();
  });
});

describe('formatAddress', () => {
  it('drops empty and repeated parts', () => {
    expect(formatAddress(['Panamá', '', 'panama', 'Panamá'])).toBe('Panamá');
    expect(formatAddress(['Cataño', 'San Juan', 'Puerto Rico'])).toBe(
      'Cataño, San Juan, Puerto Rico',
    );
  });
});

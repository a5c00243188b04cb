import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildAtlas } from './atlas.ts';
import { ATLAS_COUNTRIES } from './types.ts';

const atlas = buildAtlas();

/** Decision 212: the three layers together stay under 200 KB gzipped. */
const GZIP_BUDGET_BYTES = 200 * 1024;

describe('buildAtlas', () => {
  it('has the five countries as focus outlines, plus neighbours for context', () => {
    const focus = atlas.countries.features.filter((f) => f.properties.focus);
    expect(focus.map((f) => f.properties.code).sort()).toEqual([...ATLAS_COUNTRIES].sort());
    expect(atlas.countries.features.some((f) => f.properties.name === 'Venezuela')).toBe(true);
    for (const f of atlas.countries.features) {
      expect(['Polygon', 'MultiPolygon']).toContain(f.geometry.type);
    }
  });

  it('has the 78 Puerto Rico municipios with names and FIPS codes', () => {
    const { features } = atlas.municipios;
    expect(features).toHaveLength(78);
    expect(new Set(features.map((f) => f.properties.name)).size).toBe(78);
    expect(features.find((f) => f.properties.fips === '72127')?.properties.name).toBe('San Juan');
    expect(features.every((f) => f.properties.fips.startsWith('72'))).toBe(true);
  });

  it.each([
    ['PR', 'San Juan', 'San Juan'],
    ['PA', 'Ciudad de Panamá', 'Panamá'],
    ['CR', 'San José', 'San José'],
    ['CO', 'Bogotá', 'Bogotá D.C.'],
    ['MX', 'Ciudad de México', 'Ciudad de México'],
  ] as const)('places of %s include the capital %s (admin %s)', (country, name, admin) => {
    const capital = atlas.places.features
      .filter((f) => f.properties.country === country && f.properties.name === name)
      .sort((a, b) => b.properties.population - a.properties.population)[0];
    expect(capital?.properties.admin).toBe(admin);
    expect(capital?.properties.placeId).toMatch(/^geo:\d+$/);
  });

  it('gives every Puerto Rico place its municipio', () => {
    const pr = atlas.places.features.filter((f) => f.properties.country === 'PR');
    expect(pr.length).toBeGreaterThan(100);
    expect(pr.every((f) => f.properties.admin !== '')).toBe(true);
  });

  it('keeps place ids unique (they are the stable placeId of search results)', () => {
    const ids = atlas.places.features.map((f) => f.properties.placeId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it(`stays under the size budget of ${GZIP_BUDGET_BYTES} bytes gzipped`, () => {
    const layers = [atlas.countries, atlas.municipios, atlas.places];
    const gzipped = layers
      .map((layer) => gzipSync(JSON.stringify(layer)).length)
      .reduce((sum, bytes) => sum + bytes, 0);
    expect(gzipped).toBeLessThan(GZIP_BUDGET_BYTES);
  });
});

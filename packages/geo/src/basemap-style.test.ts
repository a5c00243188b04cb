import { describe, expect, it } from 'vitest';
import { ATTRIBUTION } from './attribution.ts';
import { atlasBounds, demoMapStyle, DEMO_MAP_FONT, DEMO_MAP_MAX_ZOOM } from './basemap-style.ts';

const urls = {
  countries: '/d/countries.geojson',
  municipios: '/d/municipios.geojson',
  places: '/d/places.geojson',
  font: '/d/inter.woff2',
};

describe('demoMapStyle', () => {
  const style = demoMapStyle(urls);

  it('draws land, municipios, coast and place names from the given files', () => {
    expect(style.layers.map((layer) => layer.id)).toEqual([
      'sea',
      'land',
      'municipios',
      'coast',
      'places',
    ]);
    expect(style.sources.places.data).toBe(urls.places);
    expect(Object.values(style.sources).every((s) => s.attribution === ATTRIBUTION)).toBe(true);
  });

  it('labels with a declared font file and no glyphs URL (nothing fetched from outside)', () => {
    expect(style['font-faces']).toEqual({ [DEMO_MAP_FONT]: urls.font });
    expect(style).not.toHaveProperty('glyphs');
  });

  it('is capped below SPEC 9 max 18: the demo data has no streets (decision 260)', () => {
    expect(DEMO_MAP_MAX_ZOOM).toBeLessThan(18);
    expect(style.metadata['auxilio:maxZoom']).toBe(DEMO_MAP_MAX_ZOOM);
  });
});

describe('atlasBounds', () => {
  it('spans the five countries, Mexico to Puerto Rico and Colombia', () => {
    const [west, south, east, north] = atlasBounds();
    expect(west).toBe(-118.5);
    expect(east).toBe(-65.2);
    expect(south).toBe(-4.3);
    expect(north).toBe(32.8);
  });
});

import { describe, expect, it } from 'vitest';
import { BasemapManifestSchema, MAP_ZOOM, PlaceLabelsSchema } from '@auxilio/domain';
import { ATTRIBUTION } from './attribution.ts';
import {
  atlasBounds,
  DEMO_BASEMAP_STYLE,
  demoBasemapManifest,
  DEMO_MAP_MAX_ZOOM,
  placeLabels,
} from './basemap-style.ts';
import type { Atlas } from './types.ts';

const files = {
  countries: '/d/countries.geojson',
  municipios: '/d/municipios.geojson',
  labels: '/d/place-labels.json',
};

describe('demoBasemapManifest', () => {
  const manifest = demoBasemapManifest('abc123', files);

  it('is what the PWA parses: the given files, the colours, the credit and the cap', () => {
    expect(BasemapManifestSchema.parse(manifest)).toEqual(manifest);
    expect(manifest.files).toEqual(files);
    expect(manifest.attribution).toBe(ATTRIBUTION);
    expect(manifest.version).toBe('abc123');
  });

  it('is capped below SPEC 9 max 18: the demo data has no streets (decision 260)', () => {
    expect(DEMO_MAP_MAX_ZOOM).toBeLessThan(MAP_ZOOM.max);
    expect(manifest.maxZoom).toBe(DEMO_MAP_MAX_ZOOM);
  });

  it('labels fewer places the further out the map is', () => {
    const thresholds = DEMO_BASEMAP_STYLE.labels.minPopulation;
    expect(thresholds[0]?.[0]).toBe(0);
    for (let i = 1; i < thresholds.length; i += 1) {
      const [zoom = 0, population = 0] = thresholds[i] ?? [];
      const [previousZoom = 0, previousPopulation = 0] = thresholds[i - 1] ?? [];
      expect(zoom).toBeGreaterThan(previousZoom);
      expect(population).toBeLessThan(previousPopulation);
    }
    // In close, every place of the atlas may be named.
    expect(thresholds.at(-1)?.[1]).toBe(0);
  });
});

describe('placeLabels', () => {
  it('keeps name, rounded position and population, in the atlas order', () => {
    const place = (name: string, population: number, lng: number, lat: number) => ({
      type: 'Feature' as const,
      properties: {
        placeId: `geo:${name}`,
        name,
        aliases: ['other'],
        admin: 'San Juan',
        country: 'PR' as const,
        population,
      },
      geometry: { type: 'Point' as const, coordinates: [lng, lat] },
    });
    const places: Atlas['places'] = {
      type: 'FeatureCollection',
      features: [
        place('San Juan', 342_259, -66.105_722, 18.466_333),
        place('Cataño', 26_000, -66.1, 18.44),
      ],
    };
    const labels = placeLabels(places);
    expect(PlaceLabelsSchema.parse(labels)).toEqual(labels);
    expect(labels.places).toEqual([
      [-66.1057, 18.4663, 'San Juan', 342_259],
      [-66.1, 18.44, 'Cataño', 26_000],
    ]);
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

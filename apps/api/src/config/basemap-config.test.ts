import { describe, expect, it } from 'vitest';
import { basemapConfig, mapTilesSource } from './basemap-config.ts';
import { ConfigError } from './env-values.ts';

// MAP_TILES_URL and MAP_ATTRIBUTION (decision 700): a raster XYZ provider for the PWA's map, or the
// embedded demo basemap when unset.

const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

describe('basemapConfig', () => {
  it('unset: the demo basemap (no tile provider)', () => {
    expect(basemapConfig({})).toBeUndefined();
  });

  it('a template with its credit is the tile provider', () => {
    expect(
      basemapConfig({ MAP_TILES_URL: OSM, MAP_ATTRIBUTION: '© OpenStreetMap contributors' }),
    ).toEqual({ url: OSM, attribution: '© OpenStreetMap contributors' });
  });

  it.each([
    ['https://tiles.example/{z}/{x}.png', 'has no {y}'],
    ['ftp://tiles.example/{z}/{x}/{y}.png', 'not an http(s) URL'],
    ['tiles/{z}/{x}/{y}.png', 'not a URL'],
    ['https://tiles.example/{z}/{x}/{y}.png?key={key}', 'placeholder other than'],
    ['https://tiles-{s}.example/{z}/{x}/{y}.png', 'first host label'],
  ])('refuses the template %s (%s)', (template, problem) => {
    const load = () => basemapConfig({ MAP_TILES_URL: template, MAP_ATTRIBUTION: 'x' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(problem);
  });

  it('tiles need their credit, and the credit needs tiles', () => {
    expect(() => basemapConfig({ MAP_TILES_URL: OSM })).toThrow('MAP_ATTRIBUTION: required');
    expect(() => basemapConfig({ MAP_ATTRIBUTION: 'x' })).toThrow('only with MAP_TILES_URL');
  });

  it('refuses the MapLibre style of earlier releases, naming what replaces it', () => {
    expect(() => basemapConfig({ MAP_STYLE_URL: 'https://maps.example/style.json' })).toThrow(
      /MAP_STYLE_URL.*MAP_TILES_URL/,
    );
  });
});

describe('mapTilesSource (the CSP source of the tiles)', () => {
  it('is the origin of the template', () => {
    expect(
      mapTilesSource({ url: 'https://tiles.example:8443/v1/{z}/{x}/{y}{r}.png', attribution: 'x' }),
    ).toEqual(['https://tiles.example:8443']);
  });

  it('is a wildcard host for {s} subdomains', () => {
    expect(
      mapTilesSource({ url: 'https://{s}.tile.example/{z}/{x}/{y}.png', attribution: 'x' }),
    ).toEqual(['https://*.tile.example']);
  });

  it('is nothing for the demo basemap (served by this server)', () => {
    expect(mapTilesSource(undefined)).toEqual([]);
  });
});

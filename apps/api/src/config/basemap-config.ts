import { ConfigError, optionalString, type EnvValues } from './env-values.ts';

// --- The PWA's base map (ARCHITECTURE decision 7; decisions 260 and 700). Unset: the embedded demo
// basemap this server serves at /map. Set: a raster XYZ tile provider, with the credit it requires. ---
export const BASEMAP_ENV = {
  /** XYZ template of raster tiles, e.g. `https://tiles.example/{z}/{x}/{y}.png`. */
  MAP_TILES_URL: optionalString,
  /** The provider's credit, shown behind the map's (i) button (plain text). */
  MAP_ATTRIBUTION: optionalString,
  /** The MapLibre style URL of earlier releases: refused with a pointer to its replacement. */
  MAP_STYLE_URL: optionalString,
};

export interface MapTilesConfig {
  /** The XYZ template as given (`{z}`, `{x}`, `{y}`; optional `{s}` subdomain and `{r}` retina). */
  url: string;
  attribution: string;
}

/** A template's braces replaced by sample values, so that the URL parser can check the rest. */
function sampleOf(template: string): string {
  return template
    .replaceAll('{s}', 'a')
    .replaceAll('{z}', '0')
    .replaceAll('{x}', '0')
    .replaceAll('{y}', '0')
    .replaceAll('{r}', '');
}

/** Why `template` is not a usable tile template; undefined when it is. */
function templateProblem(template: string): string | undefined {
  const sample = sampleOf(template);
  if (!URL.canParse(sample)) return 'is not a URL';
  const url = new URL(sample);
  if (!['http:', 'https:'].includes(url.protocol)) return 'is not an http(s) URL';
  const missing = ['{z}', '{x}', '{y}'].filter((part) => !template.includes(part));
  if (missing.length > 0) return `has no ${missing.join(', ')}`;
  if (/[{}]/.test(sample)) return 'has a placeholder other than {s}, {z}, {x}, {y}, {r}';
  const host = template.split('/')[2] ?? '';
  if (host.includes('{s}') && !host.startsWith('{s}.'))
    return 'has {s} other than as the first host label';
  return undefined;
}

export function basemapConfig(e: EnvValues<typeof BASEMAP_ENV>): MapTilesConfig | undefined {
  const problems: string[] = [];
  if (e.MAP_STYLE_URL !== undefined) {
    problems.push(
      'MAP_STYLE_URL: MapLibre styles are no longer used; set MAP_TILES_URL and MAP_ATTRIBUTION (docs/decisions/700)',
    );
  }
  if (e.MAP_TILES_URL !== undefined) {
    const problem = templateProblem(e.MAP_TILES_URL);
    if (problem) problems.push(`MAP_TILES_URL: '${e.MAP_TILES_URL}' ${problem}`);
    if (e.MAP_ATTRIBUTION === undefined) {
      problems.push('MAP_ATTRIBUTION: required with MAP_TILES_URL (tile providers require credit)');
    }
  } else if (e.MAP_ATTRIBUTION !== undefined) {
    problems.push('MAP_ATTRIBUTION: only with MAP_TILES_URL (the demo map has its own credit)');
  }
  if (problems.length > 0) throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  return e.MAP_TILES_URL !== undefined && e.MAP_ATTRIBUTION !== undefined
    ? { url: e.MAP_TILES_URL, attribution: e.MAP_ATTRIBUTION }
    : undefined;
}

/**
 * The CSP source the tiles come from: the template's origin, or `https://*.host` for a `{s}`
 * subdomain template.
 */
export function mapTilesSource(tiles: MapTilesConfig | undefined): string[] {
  if (!tiles) return [];
  const origin = new URL(sampleOf(tiles.url)).origin;
  return [tiles.url.split('/')[2]?.startsWith('{s}.') ? origin.replace('//a.', '//*.') : origin];
}

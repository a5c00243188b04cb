import { z } from 'zod';
import { ConfigError, emptyAsUnset, optionalString, type EnvValues } from './env-values.ts';

// --- Maps providers (ARCHITECTURE decision 7; docs/decisions/420). Embedded needs no network. ---
export const MAPS_ENV = {
  GEO_PROVIDER: emptyAsUnset(
    z.enum(['embedded', 'google', 'photon', 'nominatim']).default('embedded'),
  ),
  ROUTE_PROVIDER: emptyAsUnset(z.enum(['estimate', 'google', 'osrm']).default('estimate')),
  GOOGLE_MAPS_API_KEY: optionalString,
  /** Base URL overrides (tests point them at local fixture servers). */
  GOOGLE_PLACES_URL: emptyAsUnset(z.url().default('https://places.googleapis.com')),
  GOOGLE_GEOCODING_URL: emptyAsUnset(z.url().default('https://maps.googleapis.com')),
  GOOGLE_ROUTES_URL: emptyAsUnset(z.url().default('https://routes.googleapis.com')),
  PHOTON_URL: optionalString.pipe(z.url().optional()),
  NOMINATIM_URL: optionalString.pipe(z.url().optional()),
  /** Nominatim's usage policy requires an identifying User-Agent and at most 1 request/s. */
  NOMINATIM_USER_AGENT: optionalString.transform((value) => value ?? 'Auxilio-API/1.0'),
  NOMINATIM_MIN_INTERVAL_MS: emptyAsUnset(z.coerce.number().int().min(0).max(60_000).default(1000)),
  OSRM_URL: optionalString.pipe(z.url().optional()),
  MAPS_TIMEOUT_MS: emptyAsUnset(z.coerce.number().int().min(50).max(60_000).default(5000)),
};

type MapsEnv = EnvValues<typeof MAPS_ENV>;

export interface MapsConfig {
  geoProvider: 'embedded' | 'google' | 'photon' | 'nominatim';
  routeProvider: 'estimate' | 'google' | 'osrm';
  /** Never logged nor returned: only the Google adapters read it. */
  googleApiKey: string | undefined;
  googlePlacesUrl: string;
  googleGeocodingUrl: string;
  googleRoutesUrl: string;
  photonUrl: string | undefined;
  nominatimUrl: string | undefined;
  nominatimUserAgent: string;
  nominatimMinIntervalMs: number;
  osrmUrl: string | undefined;
  /** Timeout of every outbound maps call. */
  timeoutMs: number;
}

/** The settings each chosen maps provider cannot work without (a ConfigError names them). */
function missingMapsSettings(e: MapsEnv): string[] {
  const needs: [boolean, string, unknown][] = [
    [
      e.GEO_PROVIDER === 'google' || e.ROUTE_PROVIDER === 'google',
      'GOOGLE_MAPS_API_KEY',
      e.GOOGLE_MAPS_API_KEY,
    ],
    [e.GEO_PROVIDER === 'photon', 'PHOTON_URL', e.PHOTON_URL],
    [e.GEO_PROVIDER === 'nominatim', 'NOMINATIM_URL', e.NOMINATIM_URL],
    [e.ROUTE_PROVIDER === 'osrm', 'OSRM_URL', e.OSRM_URL],
  ];
  return needs
    .filter(([needed, , value]) => needed && value === undefined)
    .map(
      ([, name]) =>
        `${name}: required by GEO_PROVIDER=${e.GEO_PROVIDER} ROUTE_PROVIDER=${e.ROUTE_PROVIDER}`,
    );
}

export function mapsConfig(e: MapsEnv): MapsConfig {
  const missing = missingMapsSettings(e);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid environment: ${missing.join('; ')}`);
  }
  return {
    geoProvider: e.GEO_PROVIDER,
    routeProvider: e.ROUTE_PROVIDER,
    googleApiKey: e.GOOGLE_MAPS_API_KEY,
    googlePlacesUrl: e.GOOGLE_PLACES_URL,
    googleGeocodingUrl: e.GOOGLE_GEOCODING_URL,
    googleRoutesUrl: e.GOOGLE_ROUTES_URL,
    photonUrl: e.PHOTON_URL,
    nominatimUrl: e.NOMINATIM_URL,
    nominatimUserAgent: e.NOMINATIM_USER_AGENT,
    nominatimMinIntervalMs: e.NOMINATIM_MIN_INTERVAL_MS,
    osrmUrl: e.OSRM_URL,
    timeoutMs: e.MAPS_TIMEOUT_MS,
  };
}

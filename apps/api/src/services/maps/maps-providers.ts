import { DEFAULT_LANGUAGE } from '@auxilio/domain';
import type { MapsConfig } from '../../config/env.ts';
import { estimateRouteProvider, type RouteProvider } from '../estimate-router.ts';
import { embeddedGeoProvider, type GeoProvider } from '../geo-provider.ts';
import { googleGeoProvider } from './google-geo-provider.ts';
import { googleRoadRouter } from './google-road-router.ts';
import { nominatimGeoProvider } from './nominatim-geo-provider.ts';
import { osrmRoadRouter } from './osrm-road-router.ts';
import { photonGeoProvider } from './photon-geo-provider.ts';
import { withEstimateFallback } from './road-router.ts';

// ARCHITECTURE decision 7: the maps providers chosen by configuration (GEO_PROVIDER,
// ROUTE_PROVIDER; docs/decisions/420). The embedded defaults need no network and no keys.

export interface MapsProviders {
  /** Address search and reverse geocoding (the embedded gazetteer loads on first use). */
  geo(): Promise<GeoProvider>;
  /** Routes and ETAs. */
  route: RouteProvider;
}

/** loadConfig has checked that each chosen provider has its key or URL; this re-checks for types. */
function required(value: string | undefined, name: string): string {
  if (value === undefined) throw new Error(`${name} is required by the chosen maps provider`);
  return value;
}

function geoProvider(config: MapsConfig): GeoProvider | null {
  const { timeoutMs } = config;
  switch (config.geoProvider) {
    case 'embedded':
      return null;
    case 'google':
      return googleGeoProvider({
        apiKey: required(config.googleApiKey, 'GOOGLE_MAPS_API_KEY'),
        placesUrl: config.googlePlacesUrl,
        geocodingUrl: config.googleGeocodingUrl,
        timeoutMs,
        language: DEFAULT_LANGUAGE,
      });
    case 'photon':
      return photonGeoProvider({ baseUrl: required(config.photonUrl, 'PHOTON_URL'), timeoutMs });
    case 'nominatim':
      return nominatimGeoProvider({
        baseUrl: required(config.nominatimUrl, 'NOMINATIM_URL'),
        userAgent: config.nominatimUserAgent,
        minIntervalMs: config.nominatimMinIntervalMs,
        timeoutMs,
        language: DEFAULT_LANGUAGE,
      });
  }
}

function routeProvider(config: MapsConfig): RouteProvider {
  const { timeoutMs } = config;
  switch (config.routeProvider) {
    case 'estimate':
      return estimateRouteProvider;
    case 'google':
      return withEstimateFallback(
        googleRoadRouter({
          apiKey: required(config.googleApiKey, 'GOOGLE_MAPS_API_KEY'),
          routesUrl: config.googleRoutesUrl,
          timeoutMs,
          language: DEFAULT_LANGUAGE,
        }),
      );
    case 'osrm':
      return withEstimateFallback(
        osrmRoadRouter({ baseUrl: required(config.osrmUrl, 'OSRM_URL'), timeoutMs }),
      );
  }
}

/** The configured providers, built once per app. */
export function createMapsProviders(config: MapsConfig): MapsProviders {
  const geo = geoProvider(config);
  return {
    geo: () => (geo ? Promise.resolve(geo) : embeddedGeoProvider()),
    route: routeProvider(config),
  };
}

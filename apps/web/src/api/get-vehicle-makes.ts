import { queryOptions, useQuery } from '@tanstack/react-query';
import { VehicleMakesResponseSchema, type Branch } from '@auxilio/domain';
import type { ApiClient } from '../lib/api-client.ts';
import { useApi } from '../lib/use-api.ts';

// SPEC 7 `GET /utils/getMake/{x}`: the makes sold in country x, alphabetical (decision 400). The
// client form's make picker (decision 651).

export const vehicleCatalogKeys = {
  all: ['vehicle-catalog'] as const,
  makes: (country: Branch) => ['vehicle-catalog', country] as const,
  models: (country: Branch, make: string) => ['vehicle-catalog', country, make] as const,
};

/** The catalogue changes with a deploy, not during a request. */
export const VEHICLE_CATALOG_STALE_MS = 60 * 60_000;

export function getVehicleMakes(api: ApiClient, country: Branch): Promise<string[]> {
  return api
    .get(`/utils/getMake/${encodeURIComponent(country)}`, VehicleMakesResponseSchema)
    .then((body) => body.data);
}

export function getVehicleMakesQueryOptions(api: ApiClient, country: Branch) {
  return queryOptions({
    queryKey: vehicleCatalogKeys.makes(country),
    queryFn: () => getVehicleMakes(api, country),
    staleTime: VEHICLE_CATALOG_STALE_MS,
  });
}

/** The country's makes; disabled (no call) while the country is not known. */
export function useVehicleMakes(country: Branch | null) {
  const api = useApi();
  return useQuery({
    ...getVehicleMakesQueryOptions(api, country ?? 'PR'),
    enabled: country !== null,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { VehicleModelsResponseSchema, type Branch } from '@auxilio/domain';
import type { ApiClient } from '../lib/api-client.ts';
import { useApi } from '../lib/use-api.ts';
import { VEHICLE_CATALOG_STALE_MS, vehicleCatalogKeys } from './get-vehicle-makes.ts';

// SPEC 7 `GET /utils/getModel/{x}/{y}`: the models of make y sold in country x, alphabetical
// (decision 400). The client form's model picker, once a catalogue make is chosen (decision 651).

export function getVehicleModels(api: ApiClient, country: Branch, make: string): Promise<string[]> {
  return api
    .get(
      `/utils/getModel/${encodeURIComponent(country)}/${encodeURIComponent(make)}`,
      VehicleModelsResponseSchema,
    )
    .then((body) => body.data);
}

export function getVehicleModelsQueryOptions(api: ApiClient, country: Branch, make: string) {
  return queryOptions({
    queryKey: vehicleCatalogKeys.models(country, make),
    queryFn: () => getVehicleModels(api, country, make),
    staleTime: VEHICLE_CATALOG_STALE_MS,
  });
}

/** The models of a catalogue make; disabled (no call) until both the country and the make are known. */
export function useVehicleModels(country: Branch | null, make: string | null) {
  const api = useApi();
  return useQuery({
    ...getVehicleModelsQueryOptions(api, country ?? 'PR', make ?? ''),
    enabled: country !== null && make !== null,
  });
}

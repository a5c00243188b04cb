import { useQuery } from '@tanstack/react-query';
import { ServiceCenterListSchema, type ServiceCenter } from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { createApiClient } from '../../../lib/api-client.ts';

// The brand's service centres, served from its catalog folder next to its logo
// (GET /brands/:slug/centers.json, decision 621).

export const serviceCenterKeys = { brand: (slug: string) => ['service-centers', slug] as const };

export function useServiceCenters() {
  const config = useRuntimeConfig();
  return useQuery({
    queryKey: serviceCenterKeys.brand(config.brand.slug),
    queryFn: async (): Promise<ServiceCenter[]> => {
      const client = createApiClient({ baseUrl: config.brandAssetsBase, appKey: config.appKey });
      const list = await client.get('/centers.json', ServiceCenterListSchema);
      return list.centers;
    },
    staleTime: 60 * 60_000,
  });
}

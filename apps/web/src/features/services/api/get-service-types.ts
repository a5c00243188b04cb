import { useQuery } from '@tanstack/react-query';
import { ServiceTypeSchema, type ServiceType } from '@auxilio/domain';
import { z } from 'zod/mini';
import { useApi } from '../../../lib/use-api.ts';

// SPEC 7 `GET /services/types/all`: "list of name and category".

const ServiceTypeListSchema = z.array(ServiceTypeSchema);

export const serviceTypeKeys = { all: ['service-types'] as const };

/**
 * The service types; the ones kept in the session are shown at once (a weak signal must not
 * blank the tiles) while the list refreshes.
 */
export function useServiceTypes(kept: readonly ServiceType[]) {
  const api = useApi();
  return useQuery({
    queryKey: serviceTypeKeys.all,
    queryFn: () => api.get('/services/types/all', ServiceTypeListSchema),
    staleTime: 60 * 60_000,
    placeholderData: kept.length > 0 ? [...kept] : undefined,
  });
}

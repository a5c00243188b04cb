import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DispatcherApi } from '../api/dispatcher-api.ts';
import { dispatcherKeys } from '../api/dispatcher-keys.ts';

/**
 * One service's detail for the side panel. It is read again whenever the service's board row
 * changes (`rowVersion`: the row's `updatedAt`), so the timeline follows the live board without
 * polling.
 */
export function useServiceDetail(
  api: DispatcherApi,
  token: string,
  serviceId: string,
  rowVersion: string | null,
) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: dispatcherKeys.service(serviceId),
    queryFn: () => api.serviceDetail(token, serviceId),
    staleTime: Infinity,
  });
  const seen = useRef(rowVersion);
  useEffect(() => {
    if (seen.current === rowVersion) return;
    seen.current = rowVersion;
    // Changed, or gone from the board (closed): either way the detail has news.
    void queryClient.invalidateQueries({ queryKey: dispatcherKeys.service(serviceId) });
  }, [queryClient, rowVersion, serviceId]);
  return query;
}

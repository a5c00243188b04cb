import type { QueryClient } from '@tanstack/react-query';

/**
 * The reads the service worker keeps for offline use (isCatalogueRead in service-worker-routes.ts),
 * by the first part of their query key: the account and the service types the first screens draw.
 */
const KEPT_READ_ROOTS: readonly unknown[] = ['accounts', 'service-types'];

/**
 * Asks again for the kept reads on screen, once the service worker has taken over the first page:
 * loaded before the worker existed, they never passed through it, so the worker kept none of them
 * (docs/decisions/730). Nothing else is asked twice: a map search or a route costs a paid call, and
 * a one-time read (a sign-in code) would be spent.
 */
export function refetchShownData(queryClient: QueryClient): Promise<void> {
  return queryClient.refetchQueries({
    type: 'active',
    predicate: (query) => KEPT_READ_ROOTS.includes(query.queryKey[0]),
  });
}

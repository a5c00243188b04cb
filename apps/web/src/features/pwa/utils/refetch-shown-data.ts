import type { QueryClient } from '@tanstack/react-query';

/**
 * Asks again for the data on screen, once the service worker has taken over the first page: loaded
 * before the worker existed, it never passed through it, so the worker kept none of it (the account
 * and the service types the first screens draw, docs/decisions/730). Queries that say not to
 * refetch on reconnect (a one-time sign-in code) are left alone: asking twice would spend them.
 */
export function refetchShownData(queryClient: QueryClient): Promise<void> {
  return queryClient.refetchQueries({
    type: 'active',
    predicate: (query) =>
      query.observers.every((observer) => observer.options.refetchOnReconnect !== false),
  });
}

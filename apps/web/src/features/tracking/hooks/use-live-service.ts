import { ApiRequestError } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useService } from '../../../api/service-query.ts';
import { useServiceEvents, type StreamState } from './use-service-events.ts';

/**
 * The session's service kept live: the event stream writes into its cache entry, and while the
 * stream is down the screen polls it every `pollMs` (SPEC 4: 18 s loading, 17.4 s tracking).
 */
export function useLiveService(pollMs: number) {
  const serviceId = useSessionStore((state) => state.session.serviceId);
  const token = useSessionStore((state) => state.session.token);
  const stream: StreamState = useServiceEvents(serviceId, token);
  const query = useService({ refetchInterval: stream === 'open' ? false : pollMs });
  // A token that no longer opens the service (decision 201): this phone cannot follow it.
  const denied =
    query.error instanceof ApiRequestError &&
    (query.error.status === 401 || query.error.status === 403);
  return { ...query, stream, hasService: serviceId !== null && token !== null && !denied };
}

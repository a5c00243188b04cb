import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SERVICE_EVENT_TYPES } from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { sharedServiceKeys } from '../api/shared-service-query.ts';

// Decision 474: `GET /api/v1/services/{id}/shared/events` sends each event's id and type with
// `data: {}` (payloads carry what the view leaves out), so each message refetches the redacted
// view. `key` and `token` go in the query because EventSource sends no headers.

/** `open`: messages arrive; `down`: connecting or failed, the screen polls. */
export type SharedStreamState = 'open' | 'down';

export function sharedEventsUrl(input: {
  base: string;
  serviceId: string;
  appKey: string;
  linkToken: string;
}): string {
  const query = new URLSearchParams({ key: input.appKey, token: input.linkToken });
  const base = input.base.replace(/\/+$/, '');
  const id = encodeURIComponent(input.serviceId);
  return `${base}/api/v1/services/${id}/shared/events?${query.toString()}`;
}

/** Opens the shared stream while `enabled`; the browser reconnects by itself with Last-Event-ID. */
export function useSharedEvents(
  serviceId: string,
  linkToken: string,
  enabled: boolean,
): SharedStreamState {
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SharedStreamState>('down');

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(
      sharedEventsUrl({ base: config.api.common, serviceId, appKey: config.appKey, linkToken }),
    );
    const refetch = () => {
      void queryClient.invalidateQueries({
        queryKey: sharedServiceKeys.detail(serviceId, linkToken),
      });
    };
    source.onopen = () => {
      setState('open');
    };
    // A closed stream (410 after expiry, 503) is not reopened: the poll takes over and reads why.
    source.onerror = () => {
      setState('down');
    };
    for (const type of SERVICE_EVENT_TYPES) source.addEventListener(type, refetch);
    return () => {
      source.close();
      setState('down');
    };
  }, [config.api.common, config.appKey, enabled, linkToken, queryClient, serviceId]);

  return state;
}

import { useEffect, useState } from 'react';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import type { Service } from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { serviceKeys } from '../../../api/service-query.ts';
import { SERVICE_EVENT_TYPES } from '@auxilio/domain';
import { applyServiceEvent, needsFullRefresh } from '../utils/apply-service-event.ts';
import { serviceEventsUrl } from '../utils/service-events-url.ts';

// ARCHITECTURE decision 3 and decision 221: the per-service Server-Sent Events stream writes each
// event into the query cache, so every screen reads one source. While the stream is not open the
// screens poll at SPEC 4's intervals (the caller reads the returned state).

/** `open`: events arrive live; `down`: connecting or failed, the screen polls. */
export type StreamState = 'open' | 'down';

/** First wait before reopening a stream the browser gave up on; doubles up to the maximum. */
export const STREAM_RETRY_MIN_MS = 3_000;
export const STREAM_RETRY_MAX_MS = 60_000;

const lastSeqKey = (serviceId: string) => `auxilio:events:${serviceId}`;

/** Opens the stream of one service while `serviceId` and `token` are set. */
export function useServiceEvents(serviceId: string | null, token: string | null): StreamState {
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('down');

  useEffect(() => {
    if (!serviceId || !token || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    // A reload resumes after the last event this tab applied (decision 221 `lastEventId`).
    let lastEventId = readLastSeq(serviceId);

    const onEvent = (event: MessageEvent<string>) => {
      const type = event.type as (typeof SERVICE_EVENT_TYPES)[number];
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      queryClient.setQueryData<Service>(serviceKeys.detail(serviceId), (service) =>
        service ? applyServiceEvent(service, type, data) : service,
      );
      if (needsFullRefresh(type)) {
        void queryClient.invalidateQueries({ queryKey: serviceKeys.detail(serviceId) });
      }
      if (event.lastEventId) {
        lastEventId = event.lastEventId;
        writeLastSeq(serviceId, lastEventId);
      }
    };

    const open = () => {
      const url = serviceEventsUrl({
        base: config.api.common,
        serviceId,
        appKey: config.appKey,
        token,
        lastEventId,
      });
      const current = new EventSource(url);
      source = current;
      current.onopen = () => {
        failures = 0;
        setState('open');
      };
      current.onerror = () => {
        setState('down');
        // CONNECTING: the browser retries by itself with Last-Event-ID. CLOSED (an HTTP error such as
        // 503): it gave up, so we reopen later, resuming after the last event applied.
        if (current.readyState !== EventSource.CLOSED || stopped) return;
        current.close();
        const wait = Math.min(STREAM_RETRY_MAX_MS, STREAM_RETRY_MIN_MS * 2 ** failures);
        failures += 1;
        retryTimer = setTimeout(() => {
          retryTimer = undefined;
          open();
        }, wait);
      };
      for (const type of SERVICE_EVENT_TYPES) current.addEventListener(type, onEvent);
    };
    open();

    // Back online (the shell's connection check, decision 730): the stream reopens at once,
    // resuming after the last event applied, and its backoff starts over. Also when the browser
    // still calls it open or is retrying by itself: a connection that lived through a cut can be
    // dead without the browser knowing, and nothing else would notice (no poll while it is open).
    // The service is also read again at once, so the screen catches up even if the new stream is
    // slow to open or refused (the poll would otherwise wait its whole interval).
    const stopWatchingOnline = onlineManager.subscribe((online) => {
      if (!online || stopped) return;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      source?.close();
      failures = 0;
      setState('down');
      open();
      void queryClient.invalidateQueries({ queryKey: serviceKeys.detail(serviceId) });
    });

    return () => {
      stopped = true;
      stopWatchingOnline();
      clearTimeout(retryTimer);
      source?.close();
      setState('down');
    };
  }, [config.api.common, config.appKey, queryClient, serviceId, token]);

  return state;
}

function readLastSeq(serviceId: string): string | null {
  try {
    return sessionStorage.getItem(lastSeqKey(serviceId));
  } catch {
    return null;
  }
}

function writeLastSeq(serviceId: string, seq: string): void {
  try {
    sessionStorage.setItem(lastSeqKey(serviceId), seq);
  } catch {
    // Private mode without storage: a reload replays the history, which applies idempotently.
  }
}

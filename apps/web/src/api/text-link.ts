import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  applyTextLinkSession,
  TextLinkExchangeResponseSchema,
  type TextLinkExchangeResponse,
  type TextLinkPurpose,
} from '@auxilio/domain';
import { ApiRequestError, type ApiClient } from '../lib/api-client.ts';
import { useApi } from '../lib/use-api.ts';
import { useSessionStore } from '../stores/session-store.ts';

// Links in the texts the system sends the customer (docs/decisions/610): the page that opens one
// trades its signed token for the service's session, which then lives in this phone's session as
// on the phone that asked for the service. Used by the shared-link landing and /get-service/{id}.

export function exchangeTextLink(
  api: ApiClient,
  serviceId: string,
  linkToken: string,
  purpose: TextLinkPurpose,
): Promise<TextLinkExchangeResponse> {
  return api.post(
    `/api/v1/services/${encodeURIComponent(serviceId)}/text-link`,
    { linkToken, purpose },
    TextLinkExchangeResponseSchema,
  );
}

/** Why a texted link did not open: 410 expired; 400/401/403/404 not valid; else no connection. */
export type TextLinkFailure = 'expired' | 'invalid' | 'offline';

export function textLinkFailure(error: unknown): TextLinkFailure {
  if (error instanceof ApiRequestError) {
    if (error.status === 410) return 'expired';
    if ([400, 401, 403, 404].includes(error.status)) return 'invalid';
  }
  return 'offline';
}

export interface OpenTextLinkInput {
  serviceId: string;
  /** The link's `t`; null when the phone already holds the service (nothing to exchange). */
  linkToken: string | null;
  purpose: TextLinkPurpose;
  /** SPEC 2 "/get-service/{id}: phone numbers stripped of non-digits". */
  phoneNumber?: string | null;
}

/**
 * Exchanges the link once and puts the service's session in the store. A link that is not valid or
 * expired is not retried (it will not start working); a lost connection is, by `retry()`.
 */
export function useOpenTextLink({ serviceId, linkToken, purpose, phoneNumber }: OpenTextLinkInput) {
  const api = useApi();
  const updateSession = useSessionStore((state) => state.updateSession);
  const query = useQuery({
    queryKey: ['text-links', serviceId, linkToken, purpose] as const,
    queryFn: () => exchangeTextLink(api, serviceId, linkToken ?? '', purpose),
    enabled: linkToken !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: (failures, error) => textLinkFailure(error) === 'offline' && failures < 2,
  });
  const opened = query.data;
  useEffect(() => {
    if (opened) updateSession((session) => applyTextLinkSession(session, opened, phoneNumber));
  }, [opened, phoneNumber, updateSession]);
  return {
    opened: opened ?? null,
    failure: query.isError ? textLinkFailure(query.error) : null,
    retry: () => void query.refetch(),
  };
}

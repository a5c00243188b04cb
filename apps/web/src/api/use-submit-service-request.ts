import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  buildServiceRequestPayload,
  IncompleteRequestError,
  routeAfterSubmit,
  ServiceRequestPayloadSchema,
  ServiceRequestResponseSchema,
  type Payment,
  type Service,
} from '@auxilio/domain';
import { useRuntimeConfig } from '../config/runtime-config-context.ts';
import { getAccountQueryOptions } from './get-account.ts';
import { ApiRequestError } from '../lib/api-client.ts';
import { useApi } from '../lib/use-api.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { getServiceQueryOptions } from './service-query.ts';
import { requestCreationTime } from '../lib/request-creation-time.ts';
import { userAgentInfo } from '../lib/user-agent-info.ts';

// SPEC 4 "After submit the service is fetched: with a schedule go to /service-summary, else
// /tracking/loading"; SPEC 7 `POST /api/v1/service-requests` "reads token and eventId (and
// serviceId); token stored; may redirect to a configured success link".

/**
 * What a card charge produced (SPEC 3 "Payment": paymentMethod, chargeIdStripe, customerIdStripe,
 * cardIdStripe, amount in cents, emailPayment). It goes into session.payment and so into the payload.
 */
export type PaymentDetails = Pick<
  Payment,
  | 'paymentMethod'
  | 'chargeIdStripe'
  | 'customerIdStripe'
  | 'cardIdStripe'
  | 'amount'
  | 'emailPayment'
>;

export interface SubmitServiceRequest {
  /**
   * Creates the service from the session and moves on. Never rejects: a failure is in `error` and
   * calling again retries with the same serviceId (the API is idempotent on it, decision 200).
   */
  submit: (payment?: PaymentDetails) => Promise<void>;
  isPending: boolean;
  error: ApiRequestError | null;
}

/** A fresh client-generated service id (ARCHITECTURE 10): a UUID, 36 URL-safe characters. */
export function newServiceId(): string {
  return crypto.randomUUID();
}

function toRequestError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (error instanceof IncompleteRequestError) {
    return new ApiRequestError(400, 'BAD_REQUEST', error.message, error.field);
  }
  return new ApiRequestError(0, 'INTERNAL', String(error));
}

export function useSubmitServiceRequest(): SubmitServiceRequest {
  const api = useApi();
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<ApiRequestError | null>(null);
  // A second tap while the first request is on its way must not post twice.
  const inFlight = useRef(false);

  const submit = useCallback(
    async (payment?: PaymentDetails) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPending(true);
      setError(null);
      const store = useSessionStore.getState();
      try {
        // The id is stored BEFORE posting: a retry after a lost answer (weak signal) reuses it.
        store.updateSession((session) => ({
          ...session,
          serviceId: session.serviceId ?? newServiceId(),
          payment: payment ? { ...session.payment, ...payment } : session.payment,
        }));
        const session = useSessionStore.getState().session;
        const serviceId = session.serviceId ?? '';
        let created: { serviceId: string; token: string; serviceNumber?: string | undefined };
        if (session.token) {
          // Already created (e.g. back to this screen after success): never post a second time.
          created = { serviceId, token: session.token, serviceNumber: session.serviceNumber ?? '' };
        } else {
          const accountId = session.accountId ?? config.accountId;
          if (!accountId) throw new IncompleteRequestError('accountId');
          const account = await queryClient.query(getAccountQueryOptions(config, accountId));
          const payload = buildServiceRequestPayload(
            session,
            account,
            config.brand,
            // The same serviceId must carry the same body (decision 200): the first attempt's time.
            requestCreationTime(serviceId, new Date()),
            userAgentInfo(navigator.userAgent),
          );
          const checked = ServiceRequestPayloadSchema.safeParse(payload);
          if (!checked.success) {
            const issue = checked.error.issues[0];
            throw new ApiRequestError(
              400,
              'BAD_REQUEST',
              issue?.message ?? 'Invalid request',
              issue?.path.join('.'),
            );
          }
          created = await api.post(
            '/api/v1/service-requests',
            checked.data,
            ServiceRequestResponseSchema,
          );
          store.patchSession({
            serviceId: created.serviceId,
            token: created.token,
            serviceNumber: created.serviceNumber ?? session.serviceNumber,
          });
        }

        // The service is fetched (and cached for the next screen). If that read is lost, the
        // service exists anyway: route by what the session asked for rather than stay stuck.
        let service: Pick<Service, 'schedule' | 'serviceNumber' | 'serviceType'>;
        try {
          service = await queryClient.query(
            getServiceQueryOptions(api, created.serviceId, created.token),
          );
          store.patchSession({ serviceNumber: service.serviceNumber });
        } catch {
          service = {
            schedule: session.schedule ?? '',
            serviceNumber: created.serviceNumber ?? '',
            serviceType: session.currentTrack === 'home' ? 'home' : 'road',
          };
        }

        const decision = routeAfterSubmit({ service, integrations: session.integrations });
        if (decision.kind === 'external') window.location.assign(decision.url);
        else navigate(decision.to, { replace: decision.replace ?? false });
      } catch (caught) {
        setError(toRequestError(caught));
      } finally {
        inFlight.current = false;
        setPending(false);
      }
    },
    [api, config, navigate, queryClient],
  );

  return { submit, isPending, error };
}

import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  buildCancellationEmail,
  cancellationPlan,
  cancelOutcome,
  brandedRootRoute,
  type CancelReason,
  type RouteDecision,
} from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useApi } from '../../../lib/use-api.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { holdEditCancel, sendCancellationEmail } from '../api/cancel-service.ts';
import { leaveCancelledNote } from '../utils/cancelled-notice.ts';

/** Why a cancellation did not finish; the service and the session are left as they were. */
export type CancelErrorKind = 'failed' | 'notCancellable';

export class CancelServiceError extends Error {
  override readonly name = 'CancelServiceError';
  constructor(
    readonly kind: CancelErrorKind,
    options?: { cause?: unknown },
  ) {
    super(`Cancellation ${kind}`, options);
  }
}

/**
 * The whole cancellation of SPEC 4: holdEdit (only when there is a service to finish), the
 * cancellation e-mail, the session reset, then the root route with account and brand (replacing
 * the history entry), where a notice says it is cancelled. Any failure stops before the reset (decision 125), so the customer keeps the
 * service and can retry: holdEdit to Void and the e-mail are idempotent on the server (decision 202).
 */
export function useCancelService() {
  const api = useApi();
  const config = useRuntimeConfig();
  const [, navigate] = useLocation();

  return useMutation<RouteDecision, CancelServiceError, CancelReason>({
    mutationFn: async (reason) => {
      const { session, resetAll } = useSessionStore.getState();
      // Read before the reset clears them: the root route keeps the customer's brand and account.
      const accountId = session.accountId ?? config.accountId;
      const brand = session.brand ?? config.brand.slug;
      try {
        let route = brandedRootRoute({ accountId, brand });
        const plan = cancellationPlan(session);
        if (plan.callCancel && session.serviceId) {
          const statusText = await holdEditCancel(api, {
            serviceId: session.serviceId,
            token: session.token,
            reason,
          });
          const outcome = cancelOutcome({ statusText, accountId, brand });
          if (outcome.kind === 'failed') throw new CancelServiceError('failed');
          route = outcome.route;
        }
        const email = buildCancellationEmail({ ...session, accountId }, reason);
        if (email && !(await sendCancellationEmail(api, email, session.token))) {
          throw new CancelServiceError('failed');
        }
        // Reset and navigate in one synchronous step, so no screen renders the emptied session at the
        // old route, and the home screen reads the account and brand query after the reset. The
        // screen it lands on says that the service is cancelled (CancelledNotice).
        leaveCancelledNote({ serviceNumber: session.serviceNumber });
        resetAll();
        navigate(route.to, { replace: route.replace ?? true });
        return route;
      } catch (error) {
        if (error instanceof CancelServiceError) throw error;
        // decision 202: a Finished or operator-Cancelled service answers 409 and cannot be voided.
        const kind =
          error instanceof ApiRequestError && error.code === 'CONFLICT'
            ? 'notCancellable'
            : 'failed';
        throw new CancelServiceError(kind, { cause: error });
      }
    },
  });
}

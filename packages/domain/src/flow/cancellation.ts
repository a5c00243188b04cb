import type { CancelReason } from '../enumerations.ts';
import type { CancellationEmailRequest } from '../contract/cancel.ts';
import type { Session } from '../session.ts';
import type { Service } from '../contract/service.ts';
import { routeTo } from './decide.ts';
import { withQuery, type RouteDecision } from './decision.ts';

// SPEC 4 "Cancellation" and "Reset".

/**
 * The root route of the account and brand, once the session is reset: after a cancellation (SPEC 2
 * "After a reason the app replaces navigation to the root route with query account (account id)
 * and brand") and when a home customer starts another request (SPEC 4 home on-demand reset).
 */
export function brandedRootRoute(input: {
  accountId: string | null;
  brand: string | null;
}): RouteDecision {
  return routeTo(withQuery('/', { account: input.accountId, brand: input.brand }), true);
}

/**
 * The route after a reset. SPEC 4: "Reset: clears all state and returns to / (or to / with account
 * and brand query when the service came from the mobile app)."
 */
export function routeAfterReset(input: {
  fromConnectApp: boolean;
  accountId: string | null;
  brand: string | null;
}): RouteDecision {
  if (!input.fromConnectApp) return routeTo('/', true);
  return brandedRootRoute(input);
}

/**
 * SPEC 2 "an Ok button for app-originated services": the service says it came from the app
 * (flags.fromConnectApp) or the session came through a connect-app integration (decision 311).
 */
export function isAppOriginated(
  service: Pick<Service, 'flags'> | null,
  session: Pick<Session, 'integrations'>,
): boolean {
  if (service?.flags.fromConnectApp) return true;
  return session.integrations.some((integration) => integration.enabled);
}

/** The calls a cancellation makes, in order. */
export interface CancellationPlan {
  /** Call POST /services/holdEdit first (SPEC 4 "the cancel call"). */
  callCancel: boolean;
  /** Then send the cancellation e-mail (only about a created service, decision 477). */
  sendEmail: boolean;
  /** And reset the session. */
  reset: true;
}

/**
 * SPEC 4: "If there is no service to finish, the e-mail is sent and the state reset without the
 * cancel call." Decision 477: the e-mail tells the operations team about a cancelled service and
 * needs that service's token, so without a service nothing is sent; the state is still reset.
 */
export function cancellationPlan(
  session: Pick<Session, 'serviceId' | 'serviceNumber'>,
): CancellationPlan {
  const created = Boolean(session.serviceId && session.serviceNumber);
  return { callCancel: created, sendEmail: created, reset: true };
}

export type CancelOutcome =
  | { kind: 'cancelled'; sendEmail: true; reset: true; route: RouteDecision }
  /** SPEC 8 "Cancel failure: not shown": keep everything, tell the customer, let them retry (decision 125). */
  | { kind: 'failed'; errorCode: 'CANCEL_FAILED' };

/**
 * Outcome of the cancel call. SPEC 4: "When the answer has statusText 'OK', a cancellation e-mail is
 * sent, app state reset (details not shown), and the user goes to the root route." Anything else
 * is the failure path (decision 125): no e-mail, no reset, the modal stays with a retry.
 */
export function cancelOutcome(input: {
  statusText: string | null | undefined;
  accountId: string | null;
  brand: string | null;
}): CancelOutcome {
  if (input.statusText !== 'OK') return { kind: 'failed', errorCode: 'CANCEL_FAILED' };
  return { kind: 'cancelled', sendEmail: true, reset: true, route: brandedRootRoute(input) };
}

/**
 * The cancellation e-mail body from the session (decision 125): the service and the reason; null
 * without an account or a created service (decision 477: the client-generated id names a service
 * once it has a number). What the e-mail says of the customer the server reads from the service.
 */
export function buildCancellationEmail(
  session: Pick<Session, 'accountId' | 'serviceId' | 'serviceNumber'>,
  reason: CancelReason,
): CancellationEmailRequest | null {
  if (!session.accountId || !session.serviceId || !session.serviceNumber) return null;
  return {
    account_id: session.accountId,
    reason,
    serviceId: session.serviceId,
    serviceNumber: session.serviceNumber,
  };
}

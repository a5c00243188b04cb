import type { TextLinkExchangeResponse } from '../contract/text-links.ts';
import type { Service } from '../contract/service.ts';
import { isCancelledServiceStatus } from '../service-status.ts';
import { resetAll, type Session } from '../session.ts';
import { digitsOnlyPhone } from '../validation.ts';
import { routeTo, show } from './decide.ts';
import type { RouteDecision } from './decision.ts';
import { isServiceFinished } from './finishing.ts';
import { activeServiceGuard, dispatchGuard, type GuardDecision } from './guards.ts';

// What a phone does once a texted link opened a service on it (docs/decisions/610): it holds the
// service's session as the phone that asked for it does, and goes where the link's page says.

/**
 * The session after a texted link was exchanged: a fresh session (nothing of another request stays
 * on a borrowed phone) holding the service, its account and brand; `confirmData` links set the
 * confirm-data action (SPEC 4 "Active-service guard ... the action is confirmData"). SPEC 2
 * "/get-service/{id}: phone numbers stripped of non-digits".
 */
export function applyTextLinkSession(
  session: Session,
  opened: Pick<
    TextLinkExchangeResponse,
    'serviceId' | 'serviceNumber' | 'accountId' | 'brand' | 'purpose' | 'token'
  >,
  phoneNumber: string | null = null,
): Session {
  const keepsService = session.serviceId === opened.serviceId;
  const base = keepsService ? session : resetAll(session);
  const digits = phoneNumber === null ? '' : digitsOnlyPhone(phoneNumber);
  return {
    ...base,
    // The language the customer chose on this phone stays (SPEC 1 "the lang query ... can change it").
    language: session.language,
    brand: opened.brand ?? base.brand,
    accountId: opened.accountId,
    serviceId: opened.serviceId,
    serviceNumber: opened.serviceNumber,
    token: opened.token,
    actionType: opened.purpose === 'confirmData' ? 'confirmData' : base.actionType,
    phoneNumber: digits.length > 0 ? digits : base.phoneNumber,
  };
}

type LinkedService = Pick<
  Service,
  'status' | 'trip' | 'schedule' | 'serviceType' | 'driver' | 'date'
>;

/**
 * Where `/get-service/{id}` goes once the service is loaded: the active-service guard's screen
 * (SPEC 4: summary for a scheduled or home service, /tracking with a driver, else
 * /tracking/loading); a finished service asks for the survey (the survey guard moves on from
 * there), a cancelled one shows /cancelled, and one past 30 days starts over at home.
 */
export function secondStopTarget(service: LinkedService, now: Date): RouteDecision {
  const decision = activeServiceGuard({
    session: { serviceNumber: 'opened', actionType: null },
    service,
    now,
  });
  if (decision.kind === 'route') return { ...decision, replace: true };
  if (isServiceFinished(service)) return routeTo('/survey', true);
  if (isCancelledServiceStatus(service.status)) return routeTo('/cancelled', true);
  return routeTo('/', true);
}

/** SPEC 4: the statuses for which "the target is comments, stay there". */
const COMMENTABLE_STATUSES = new Set(['HoldInspection', 'Queued', 'Active']);

/** True while the customer may still add comments to the service. */
export function acceptsComments(service: Pick<Service, 'status'>): boolean {
  return COMMENTABLE_STATUSES.has(service.status);
}

/**
 * /comments (SPEC 2 "Comments (dispatch guard)"; docs/decisions/613): the comments of a service
 * that is still open. A customer the shared link sent here ("mark as redirected from comments",
 * SPEC 4) stays while the service takes comments; otherwise the dispatch guard decides (home
 * without a brand, back to a running service), and without a service to comment on, home.
 */
export function commentsGuard(input: {
  session: Pick<
    Session,
    'brand' | 'accountId' | 'serviceNumber' | 'actionType' | 'redirectedFromComments'
  >;
  service: LinkedService | null;
  now: Date;
}): GuardDecision {
  const { session, service } = input;
  if (session.redirectedFromComments && service && acceptsComments(service)) {
    return show();
  }
  const dispatch = dispatchGuard(input);
  return dispatch.kind === 'route' ? dispatch : routeTo('/', true);
}

import type { Brand } from '../brand.ts';
import type { AccountConfig } from '../contract/accounts.ts';
import { hasRealDriver } from '../contract/drivers.ts';
import { isHomeTrackService, isScheduledService, type Service } from '../contract/service.ts';

import { isServiceExpired } from '../dates.ts';
import { isCancelledServiceStatus } from '../service-status.ts';
import type { Session } from '../session.ts';
import { routeTo, show } from './decide.ts';
import type { RouteDecision, ShowDecision } from './decision.ts';
import { isServiceFinished } from './finishing.ts';
import { isTippingAllowed } from './tipping.ts';

// Route guards of SPEC 2 and 4 as functions of session, brand, account and service. A guard answers
// `show` or the route to go to instead. Rules the spec leaves "not shown": decision 121.

export type GuardDecision = ShowDecision | RouteDecision;

type GuardedService = Pick<
  Service,
  'status' | 'trip' | 'schedule' | 'serviceType' | 'driver' | 'date'
>;

/** True when the service no longer needs the customer to follow it (ended, cancelled or expired). */
function isOver(service: GuardedService, now: Date): boolean {
  // SPEC 5: "A service older than 30 days is expired for any track."
  return (
    isServiceFinished(service) ||
    isCancelledServiceStatus(service.status) ||
    isServiceExpired(service.date, now)
  );
}

/**
 * Active-service guard. SPEC 4: "the page shows when there is no service number, the action is
 * confirmData, or a condition allows (not shown). Otherwise a scheduled or home-track service goes
 * to /service-summary, one with a driver to /tracking, else /tracking/loading." The condition: the
 * service could not be loaded, or it is over (finished, cancelled or expired): decision 121.
 */
export function activeServiceGuard(input: {
  session: Pick<Session, 'serviceNumber' | 'actionType'>;
  /** The session's service as last fetched; null when it could not be loaded. */
  service: GuardedService | null;
  now: Date;
}): GuardDecision {
  const { session, service } = input;
  if (!session.serviceNumber || session.actionType === 'confirmData') return show();
  if (!service || isOver(service, input.now)) return show();
  if (isScheduledService(service) || isHomeTrackService(service))
    return routeTo('/service-summary');
  return routeTo(hasRealDriver(service.driver) ? '/tracking' : '/tracking/loading');
}

/** Hours after its end during which a finished service still asks for the survey (decision 121). */
export const SURVEY_WINDOW_HOURS = 72;
const HOUR_MS = 3_600_000;

/**
 * Finished guard. SPEC 4: "survey answered goes to /feedback (certain brands) or /social; a finished
 * service past a time window goes to /social; certain accounts go to /finished." The brands are the
 * flag `feedbackAfterSurvey`, the accounts `config.finishedScreenAfterService`.
 */
export function finishedGuard(input: {
  service: Pick<Service, 'surveys' | 'status' | 'trip' | 'endDate' | 'date'>;
  brand: Pick<Brand, 'feedbackAfterSurvey'>;
  accountConfig: Pick<AccountConfig, 'finishedScreenAfterService'>;
  now: Date;
}): GuardDecision {
  const { service } = input;
  if (service.surveys.answered)
    return routeTo(input.brand.feedbackAfterSurvey ? '/feedback' : '/social');
  if (isServiceFinished(service)) {
    const ended = Date.parse(service.endDate ?? service.date);
    if (Number.isFinite(ended) && input.now.getTime() - ended > SURVEY_WINDOW_HOURS * HOUR_MS) {
      return routeTo('/social');
    }
  }
  if (input.accountConfig.finishedScreenAfterService) return routeTo('/finished');
  return show();
}

/** Where a survey-guarded page sends a service that is not finished (decision 121). */
function routeForUnfinished(
  service: Pick<Service, 'status' | 'trip'> | null,
): RouteDecision | null {
  if (!service) return routeTo('/');
  if (isCancelledServiceStatus(service.status)) return routeTo('/cancelled');
  if (!isServiceFinished(service)) return routeTo('/tracking/loading');
  return null;
}

/**
 * Survey guard (/survey). SPEC 2 "/survey (survey guard)"; rules not shown (decision 121): the
 * service must be loaded and finished (a cancelled one goes to /cancelled, a running one to
 * /tracking/loading), then the finished guard applies.
 */
export function surveyGuard(input: {
  service: Pick<Service, 'surveys' | 'status' | 'trip' | 'endDate' | 'date'> | null;
  brand: Pick<Brand, 'feedbackAfterSurvey'>;
  accountConfig: Pick<AccountConfig, 'finishedScreenAfterService'>;
  now: Date;
}): GuardDecision {
  const unfinished = routeForUnfinished(input.service);
  if (unfinished || !input.service) return unfinished ?? routeTo('/');
  return finishedGuard({ ...input, service: input.service });
}

/**
 * Tips guard (/tips, SPEC 2 "Tip screen (survey guard)"). Tips come after the survey, so an answered
 * survey does not leave; the service must be finished and tipping allowed for its brand, branch
 * and type, else /social (decision 121).
 */
export function tipsGuard(input: {
  service: Pick<Service, 'status' | 'trip' | 'branch' | 'situation'> | null;
  brand: Pick<Brand, 'tipping'>;
}): GuardDecision {
  const unfinished = routeForUnfinished(input.service);
  if (unfinished || !input.service) return unfinished ?? routeTo('/');
  const { branch, situation } = input.service;
  return isTippingAllowed({ brand: input.brand, branch, situation }) ? show() : routeTo('/social');
}

/**
 * Dispatch guard (/plate, /comments, /services..., /location/situation|destination). Rules not shown
 * (decision 121): a request needs a brand or account, so without one the customer goes home; a
 * customer with a service still running is taken back to it (active-service guard).
 */
export function dispatchGuard(input: {
  session: Pick<Session, 'brand' | 'accountId' | 'serviceNumber' | 'actionType'>;
  service: GuardedService | null;
  now: Date;
}): GuardDecision {
  if (!input.session.brand && !input.session.accountId) return routeTo('/');
  return activeServiceGuard(input);
}

/**
 * Corporate guard (/corporate/*). SPEC 2: "Only for corporate brands ...; others are redirected"
 * (to the home route, decision 121).
 */
export function corporateGuard(brand: Pick<Brand, 'corporate'> | null): GuardDecision {
  return brand?.corporate ? show() : routeTo('/');
}

/**
 * Home route of a corporate brand. SPEC 6: "Corporate: honda, acura, mazda (by host) go to
 * /corporate/home"; SPEC 5: "Brands restricted to certain homepages use the corporate guard".
 */
export function homeGuard(brand: Pick<Brand, 'corporate'> | null): GuardDecision {
  return brand?.corporate ? routeTo('/corporate/home', true) : show();
}

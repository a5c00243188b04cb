import type { Brand, VehicleLookupMode } from '../brand.ts';
import type { Integration } from '../contract/accounts.ts';
import type { PolicyLimitVersion } from '../enumerations.ts';
import type { LimitCheckResult, Surplus } from '../contract/limit-check.ts';
import { isHomeTrackService, isScheduledService, type Service } from '../contract/service.ts';
import type { Session } from '../session.ts';
import { appendServiceNumberToLink, vehicleSearchPlate } from '../validation.ts';
import { routeTo } from './decide.ts';
import type { ExternalDecision, RouteDecision } from './decision.ts';
import { allowedSuccessRedirect } from './success-redirect.ts';

// SPEC 4 "Request flow".

/** Run the contract search and the limit check, then show /location/summary. */
export interface CheckLimitDecision {
  kind: 'checkLimit';
}
/** Submit the service request now (SPEC 4 "the service is submitted directly"). */
export interface SubmitDecision {
  kind: 'submit';
}

/**
 * After the customer confirms the location. SPEC 4: "a home-track request confirms location, then
 * /clients. Otherwise contract search and limit check run, then /location/summary."
 */
export function routeAfterLocationConfirmed(
  session: Pick<Session, 'currentTrack'>,
): RouteDecision | CheckLimitDecision {
  return session.currentTrack === 'home' ? routeTo('/clients') : { kind: 'checkLimit' };
}

/** True when a surplus is to be paid (a positive amount). */
export function hasSurplus(surplus: Surplus | null | undefined): boolean {
  return surplus != null && surplus.amount > 0;
}

/**
 * After the summary. SPEC 4: "After the summary the route is /payment for the 'connect' brand or for
 * a surplus; a home track goes to /clients; otherwise the service is submitted directly." The
 * 'connect' brand is the brand flag `paymentRequired` (ARCHITECTURE 6).
 */
export function routeAfterSummary(input: {
  session: Pick<Session, 'currentTrack' | 'surplus'>;
  brand: Pick<Brand, 'paymentRequired'>;
  /**
   * The home track reaches the summary after /clients (location, then /clients, then the summary):
   * with the client form complete it submits instead of going back to /clients (decision 641).
   */
  clientFormComplete?: boolean;
}): RouteDecision | SubmitDecision {
  if (input.brand.paymentRequired || hasSurplus(input.session.surplus)) return routeTo('/payment');
  if (input.session.currentTrack === 'home' && !input.clientFormComplete) {
    return routeTo('/clients');
  }
  return { kind: 'submit' };
}

/**
 * After the service was created and fetched. SPEC 4: "After submit the service is fetched: with a
 * schedule go to /service-summary, else /tracking/loading." A home service is scheduled by its date
 * and window (SPEC 4 Active-service guard "a scheduled or home-track service goes to
 * /service-summary"). SPEC 7 service-requests: "may redirect
 * to a configured success link" (with the service number, SPEC 5), which wins when present.
 */
export function routeAfterSubmit(input: {
  service: Pick<Service, 'schedule' | 'serviceNumber' | 'serviceType'>;
  integrations: readonly Integration[];
}): RouteDecision | ExternalDecision {
  const successLink = creationSuccessLink(input.integrations);
  if (successLink) {
    return {
      kind: 'external',
      url: appendServiceNumberToLink(successLink, input.service.serviceNumber),
    };
  }
  const scheduled = isScheduledService(input.service) || isHomeTrackService(input.service);
  return routeTo(scheduled ? '/service-summary' : '/tracking/loading');
}

/**
 * The success link of the enabled service-creation integration, if configured and allowed
 * (decision 630: https, on the integration's allowed list).
 */
export function creationSuccessLink(integrations: readonly Integration[]): string | null {
  for (const integration of integrations) {
    if (integration.name === 'connect-app-service-creation' && integration.enabled) {
      return allowedSuccessRedirect(integration);
    }
  }
  return null;
}

export const VEHICLE_NOT_FOUND_ROUTE = '/other-options/vehicleNotFound';
export const EXCEED_LIMIT_ROUTE = '/other-options/exceedLimit';

/** What the contract search and limit check lead to. */
export interface LimitCheckOutcome {
  kind: 'route';
  to: string;
  /** Value for session.checkLimitErrors. */
  checkLimitErrors: string[];
  /** Value for session.surplus. */
  surplus: Surplus | null;
}

/**
 * Outcome of the contract search and the limit check. SPEC 4: "If the limit check says to check the
 * limit and set on-demand: a plate difference leads to vehicle-not-found, otherwise to exceed-limit.
 * Zero contracts lead to vehicle-not-found. With policy limit V2 the limit messages are kept."
 * SPEC 8: "No contracts found: Go to /other-options/vehicleNotFound"; "Limit exceeded: Go to
 * /other-options/exceedLimit". Otherwise the summary follows (SPEC 4 "then /location/summary").
 */
export function limitCheckOutcome(input: {
  contractsFound: number;
  result?: LimitCheckResult | null;
  /** The plate the customer entered (or the entry link carried). */
  enteredPlate: string;
  lookupMode: VehicleLookupMode;
  policyLimitVersion: PolicyLimitVersion;
}): LimitCheckOutcome {
  const { result } = input;
  const messages = input.policyLimitVersion === 'V2' && result ? result.messages : [];
  if (input.contractsFound === 0) {
    return {
      kind: 'route',
      to: VEHICLE_NOT_FOUND_ROUTE,
      checkLimitErrors: messages,
      surplus: null,
    };
  }
  // No verdict (the check failed): continue without a surplus; the server checks again on creation
  // (decision 124).
  if (!result)
    return { kind: 'route', to: '/location/summary', checkLimitErrors: [], surplus: null };
  if (result.checkLimit && result.setOnDemand) {
    const plateDiffers =
      result.contractPlate !== null &&
      input.enteredPlate.trim() !== '' &&
      vehicleSearchPlate(input.lookupMode, input.enteredPlate) !==
        vehicleSearchPlate(input.lookupMode, result.contractPlate);
    return {
      kind: 'route',
      to: plateDiffers ? VEHICLE_NOT_FOUND_ROUTE : EXCEED_LIMIT_ROUTE,
      checkLimitErrors: messages,
      surplus: null,
    };
  }
  return {
    kind: 'route',
    to: '/location/summary',
    checkLimitErrors: messages,
    surplus: result.surplus,
  };
}

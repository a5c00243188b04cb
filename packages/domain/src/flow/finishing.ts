import type { AccountConfig, Integration } from '../contract/accounts.ts';
import type { Service } from '../contract/service.ts';
import { isFinishedServiceStatus, isFinishingTripStatus } from '../service-status.ts';
import { appendServiceNumberToLink } from '../validation.ts';
import { routeTo } from './decide.ts';
import type { ExternalDecision, RouteDecision } from './decision.ts';
import { allowedSuccessRedirect } from './success-redirect.ts';

// Where a finished service leads, shared by the loading and tracking polls (SPEC 4).

/** True when the service has ended: Finished, Pending Audit, or a finishing trip status. */
export function isServiceFinished(service: Pick<Service, 'status' | 'trip'>): boolean {
  // SPEC 4: "Finished, Pending Audit or a finishing trip status".
  return isFinishedServiceStatus(service.status) || isFinishingTripStatus(service.trip.status);
}

/**
 * The success redirect URL of the tracking integration, when enabled, configured and allowed
 * (decision 630: https, on the integration's allowed list). SPEC 4 "the integration's success
 * redirect URL".
 */
export function successRedirectUrl(integrations: readonly Integration[]): string | null {
  for (const integration of integrations) {
    if (integration.name === 'connect-app-tracking' && integration.enabled) {
      return allowedSuccessRedirect(integration);
    }
  }
  return null;
}

/**
 * Where the loading screen sends a finished service. SPEC 4: "goes to the integration's success
 * redirect URL if one exists, otherwise to /finished for certain account ids and /survey for the
 * rest" (the account ids are the flag `config.finishedScreenAfterService`). SPEC 5: "A service
 * number may be appended to a success-redirect link."
 */
export function routeWhenFinished(input: {
  service: Pick<Service, 'serviceNumber'>;
  integrations: readonly Integration[];
  accountConfig: Pick<AccountConfig, 'finishedScreenAfterService'>;
}): RouteDecision | ExternalDecision {
  const url = successRedirectUrl(input.integrations);
  if (url)
    return { kind: 'external', url: appendServiceNumberToLink(url, input.service.serviceNumber) };
  return routeTo(input.accountConfig.finishedScreenAfterService ? '/finished' : '/survey');
}

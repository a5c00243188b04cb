import { hasRealDriver } from '../contract/drivers.ts';
import type { Service } from '../contract/service.ts';
import type { SharedLinkParams } from '../entry-params.ts';
import type { RouteDecision } from './decision.ts';

// SPEC 2 "/{serviceId}: Landing for shared links ... loads the service then redirects after 3
// seconds" (SHARED_LINK_REDIRECT_MS) and SPEC 4 "Shared-link landing".

/** The target when the link names none: the share link's own (SPEC 9 "redirect=tracking/loading"). */
export const DEFAULT_SHARED_LINK_TARGET = 'tracking/loading';

export interface SharedLinkDecision extends RouteDecision {
  /** SPEC 4: "stay there and mark as redirected from comments" (session.redirectedFromComments). */
  redirectedFromComments: boolean;
}

/**
 * Where the shared-link landing goes. SPEC 4: "if type is confirmData, Finished goes to survey and
 * Active to tracking/loading; otherwise the requested redirect. If Finished and the target is
 * tracking, tracking/permission or survey, go to survey. If HoldInspection, Queued or Active and the
 * target is comments, stay there and mark as redirected from comments. Some services force
 * tracking/loading": a link to /tracking for a service without a working driver goes to
 * /tracking/loading, which moves on by itself (decision 123).
 */
export function sharedLinkRedirect(input: {
  params: Pick<SharedLinkParams, 'type' | 'redirect'>;
  service: Pick<Service, 'status' | 'driver'>;
}): SharedLinkDecision {
  const { status } = input.service;
  const decide = (target: string, redirectedFromComments = false): SharedLinkDecision => ({
    kind: 'route',
    to: `/${target}`,
    replace: true,
    redirectedFromComments,
  });

  if (input.params.type === 'confirmData') {
    if (status === 'Finished') return decide('survey');
    if (status === 'Active') return decide('tracking/loading');
  }
  const target = input.params.redirect ?? DEFAULT_SHARED_LINK_TARGET;
  if (status === 'Finished' && ['tracking', 'tracking/permission', 'survey'].includes(target)) {
    return decide('survey');
  }
  if (target === 'comments') {
    if (status === 'HoldInspection' || status === 'Queued' || status === 'Active') {
      return decide('comments', true);
    }
    // Comments are only for a service that is still open: follow it instead (decision 123).
    return decide(DEFAULT_SHARED_LINK_TARGET);
  }
  if (target === 'tracking' && (status !== 'Active' || !hasRealDriver(input.service.driver))) {
    return decide('tracking/loading');
  }
  return decide(target);
}

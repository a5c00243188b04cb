import type { Brand } from '../brand.ts';
import type { AccountConfig } from '../contract/accounts.ts';
import type { Service } from '../contract/service.ts';
import { isTippingAllowed } from './tipping.ts';

// SPEC 4 tracking: "While Accepted, animation cycles every 8.7 s (map, evaluation reminder, tip
// reminder)" (interval: constants.ts ANIMATION_TRACKING_MS).

export type TrackingAnimationStep = 'map' | 'survey' | 'finished' | 'social' | 'tip';

/**
 * The steps the tracking animation cycles through. SPEC 4: "the tip step is skipped when tipping is
 * not allowed for the brand, branch or type. For some accounts the step 'survey' is shown as
 * 'finished'; for some accounts whose service is Finished the step becomes 'social'." Outside
 * Accepted only the map shows.
 */
export function trackingAnimationSteps(input: {
  service: Pick<Service, 'status' | 'trip' | 'branch' | 'situation'>;
  brand: Pick<Brand, 'tipping'>;
  accountConfig: Pick<AccountConfig, 'surveyStepShownAsFinished' | 'socialStepWhenFinished'>;
}): TrackingAnimationStep[] {
  const { service, accountConfig } = input;
  if (service.trip.status !== 'ACCEPTED') return ['map'];
  const evaluation: TrackingAnimationStep =
    accountConfig.socialStepWhenFinished && service.status === 'Finished'
      ? 'social'
      : accountConfig.surveyStepShownAsFinished
        ? 'finished'
        : 'survey';
  const tip = isTippingAllowed({
    brand: input.brand,
    branch: service.branch,
    situation: service.situation,
  });
  return tip ? ['map', evaluation, 'tip'] : ['map', evaluation];
}

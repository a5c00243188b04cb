import type { Brand } from '../brand.ts';
import type { Branch } from '../enumerations.ts';
import type { ServiceTypeName } from '../service-types.ts';
import { routeTo } from './decide.ts';
import type { RouteDecision } from './decision.ts';
import { isTippingAllowed } from './tipping.ts';

/** SPEC 4: tips are offered "when the provider rating is above 3". */
export const TIP_MIN_PROVIDER_RATING_EXCLUSIVE = 3;

/**
 * Where the survey goes after submit. SPEC 4: "to /feedback for some brands; otherwise to /tips when
 * the provider rating is above 3 and tipping is allowed, else /social".
 */
export function surveySubmitRoute(input: {
  brand: Pick<Brand, 'feedbackAfterSurvey' | 'tipping'>;
  /** Stars given to the provider (1-5); null when the brand does not ask. */
  providerRating: number | null;
  branch: Branch;
  situation: ServiceTypeName;
}): RouteDecision {
  if (input.brand.feedbackAfterSurvey) return routeTo('/feedback');
  const rating = input.providerRating ?? 0;
  if (rating > TIP_MIN_PROVIDER_RATING_EXCLUSIVE && isTippingAllowed(input))
    return routeTo('/tips');
  return routeTo('/social');
}

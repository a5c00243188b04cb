import type { Brand } from '../brand.ts';
import { CALL_DRAWER_SERVICE_TYPES, isTowServiceType } from '../service-types.ts';
import type { Session } from '../session.ts';
import { routeTo, stay } from './decide.ts';
import type { RouteDecision, StayDecision } from './decision.ts';

// SPEC 4 "Continue on the road track" and the home-track sub-service step.

/** Open the call drawer instead of requesting (SPEC 4 "opens a call drawer"). */
export interface CallDrawerDecision {
  kind: 'callDrawer';
}
/** Run the contract search with what the session already knows (SPEC 4 "triggers contract search"). */
export interface ContractSearchDecision {
  kind: 'contractSearch';
}

export type ContinueDecision =
  RouteDecision | CallDrawerDecision | ContractSearchDecision | StayDecision;

/** True when contract search is off for this request: brand flag or integration flag. */
export function isContractSearchDisabled(input: {
  brand: Pick<Brand, 'contractSearchDisabled'>;
  integrations: Session['integrations'];
}): boolean {
  // SPEC 3 Session: "service creation has disableContractSearch".
  const creation = input.integrations.find((i) => i.name === 'connect-app-service-creation');
  const integrationDisables =
    creation?.name === 'connect-app-service-creation' &&
    creation.enabled &&
    creation.config.disableContractSearch;
  return input.brand.contractSearchDisabled || integrationDisables;
}

/**
 * Where Continue goes on /services for the road track. SPEC 4: "ambulance or
 * asistencia_viajes_nacionales opens a call drawer; tow goes to /services/tow; connect brand or
 * disabled contract search goes to /clients; a known name and identifier triggers contract search;
 * otherwise /plate". `afterTowQuestions` is true when Continue comes from /services/tow/questions,
 * so the tow step is not repeated.
 */
export function continueOnRoadTrack(input: {
  session: Pick<Session, 'situation' | 'userExternalParams' | 'integrations'>;
  brand: Pick<Brand, 'contractSearchDisabled'>;
  afterTowQuestions?: boolean;
}): ContinueDecision {
  const { situation, userExternalParams, integrations } = input.session;
  // SPEC 2: "Continue is disabled until a ... situation (road) is chosen".
  if (!situation) return stay();
  if ((CALL_DRAWER_SERVICE_TYPES as readonly string[]).includes(situation)) {
    return { kind: 'callDrawer' };
  }
  if (isTowServiceType(situation) && !input.afterTowQuestions) return routeTo('/services/tow');
  if (isContractSearchDisabled({ brand: input.brand, integrations })) return routeTo('/clients');
  if (userExternalParams.fullName && userExternalParams.identifier)
    return { kind: 'contractSearch' };
  return routeTo('/plate');
}

/**
 * The sub-service preselected on /services/home. SPEC 4: "On the home track a single allowed
 * sub-service is preselected"; with several, the customer chooses (null).
 */
export function preselectHomeSubService(allowed: readonly string[]): string | null {
  return allowed.length === 1 ? (allowed[0] ?? null) : null;
}

/**
 * Where a found contract leads. SPEC 2: "/clients ... used for road track after contract found";
 * "/location is also the target for home track after contract found".
 */
export function routeAfterContractFound(track: Session['currentTrack']): RouteDecision {
  return routeTo(track === 'home' ? '/location' : '/clients');
}

/**
 * Confirm on /services/home. SPEC 2: "Confirm goes to a contract search result route or to
 * /location": brands with their own home contract lookup search first (SPEC 1 "Brands with an
 * on-demand or home track have their own account and contract lookup").
 */
export function confirmHomeSubService(input: {
  brand: Pick<Brand, 'homeOnDemand' | 'contractSearchDisabled'>;
  integrations: Session['integrations'];
}): RouteDecision | ContractSearchDecision {
  if (input.brand.homeOnDemand && !isContractSearchDisabled(input)) {
    return { kind: 'contractSearch' };
  }
  return routeTo('/location');
}

/**
 * Where Confirm on /services/home goes once the home contract search answered: the search's
 * not-found or over-limit route (SPEC 8), else /location (SPEC 2 "/location is also the target for
 * home track after contract found"). With no known customer to search for (`null`), /location.
 */
export function routeAfterHomeContractSearch(searchRoute: string | null): RouteDecision {
  if (searchRoute?.startsWith('/other-options/')) return routeTo(searchRoute);
  return routeAfterContractFound('home');
}

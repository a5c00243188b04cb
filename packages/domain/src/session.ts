import { z } from 'zod/mini';
import { LanguageSchema, TrackSchema } from './enumerations.ts';
import {
  HOME_SERVICE_TYPES,
  isTowServiceType,
  ServiceTypeNameSchema,
  ServiceTypeSchema,
  type HomeServiceType,
  type ServiceType,
  type ServiceTypeName,
} from './service-types.ts';
import {
  AccountIdSchema,
  CampaignSchema,
  CentsSchema,
  IntegrationSchema,
} from './contract/accounts.ts';
import { ClientFormSchema, INITIAL_CLIENT_FORM } from './contract/client-form.ts';
import { CustomerContractSchema } from './contract/customer-contracts.ts';
import { HomeNotesSchema, INITIAL_HOME_NOTES } from './contract/home-notes.ts';
import { SurplusSchema } from './contract/limit-check.ts';
import {
  EMPTY_LOCATION_POINT,
  INITIAL_LOCATIONS,
  INITIAL_REFERENCE_ADDRESS,
  LocationsSchema,
  ReferenceAddressSchema,
} from './contract/locations.ts';
import { INITIAL_PAYMENT, PaymentSchema } from './contract/payment.ts';
import { MemberSessionSchema, type MemberSession } from './contract/sign-in.ts';

// SPEC 3 "Session fields" and SPEC 4 "Session: persisted locally". The session is plain data: the web
// store persists it and calls the pure reset functions below as its actions (CONVENTIONS "State").

/**
 * SPEC 4 "the action is confirmData": the shared-link `type` that asks the customer to confirm
 * their data. The only action type the spec names.
 */
export const ActionTypeSchema = z.enum(['confirmData']);
export type ActionType = z.infer<typeof ActionTypeSchema>;

/** SPEC 3 "userExternalParams (identifier, fullName, memberId, plate, isFromWebview, policyNumber)". */
export const UserExternalParamsSchema = z.object({
  /** Who the host app says the user is (name or member id, by brand lookup mode). */
  identifier: z.nullable(z.string()),
  fullName: z.nullable(z.string()),
  memberId: z.nullable(z.string()),
  plate: z.nullable(z.string()),
  isFromWebview: z.boolean(),
  policyNumber: z.nullable(z.string()),
});
export type UserExternalParams = z.infer<typeof UserExternalParamsSchema>;

export const INITIAL_USER_EXTERNAL_PARAMS: UserExternalParams = {
  identifier: null,
  fullName: null,
  memberId: null,
  plate: null,
  isFromWebview: false,
  policyNumber: null,
};

/**
 * SPEC 4 "stores the current account as the previous one". The brand is kept with the id because the
 * request payload's isFromCheckLimit is "true when the brand differs from the previous account".
 */
export const PreviousAccountSchema = z.object({
  id: AccountIdSchema,
  brand: z.nullable(z.string()),
});
export type PreviousAccount = z.infer<typeof PreviousAccountSchema>;

export const SessionSchema = z.object({
  // --- SPEC 3 "Session fields" ---
  /** Brand slug (packages/brands), from the entry query, host or account. */
  brand: z.nullable(z.string()),
  /** Tow passengers. SPEC 5: "Passenger count accepted only if 0 or more". */
  passengers: z.number().check(z.int(), z.nonnegative()),
  /** Notes for the driver typed by the customer. */
  notes: z.string(),
  /** SPEC 3 "answers (indices of selected options)" of the tow questions. */
  answers: z.array(z.number().check(z.int(), z.nonnegative())),
  /** Home category chosen on the home tiles (SPEC 2 "a category (home)"). */
  category: z.nullable(z.enum(HOME_SERVICE_TYPES)),
  /** Service type being requested (SPEC 2 "situation (road)"; the category on the home track). */
  situation: z.nullable(ServiceTypeNameSchema),
  /** The chosen service type with its category (SPEC 3 "Service type: name, category"). */
  serviceType: z.nullable(ServiceTypeSchema),
  /** Fee estimate in cents (GET /fees/customer). */
  customerFee: z.nullable(CentsSchema),
  /** Tow distance in kilometres, when known. */
  distance: z.nullable(z.number().check(z.nonnegative())),
  pushOptIn: z.boolean(),
  /** SPEC 3 "serviceTypes (by name, sorted by label; a campaign may carry serviceTypes)". */
  serviceTypes: z.array(ServiceTypeSchema),
  /** SPEC 4 "the MMM home-on-demand flag". */
  isMMMHOD: z.boolean(),
  /** SPEC 3 "integrations (connect-app-service-creation, connect-app-tracking)". */
  integrations: z.array(IntegrationSchema),
  campaign: z.nullable(CampaignSchema),
  /** Bearer token of the created service (SPEC 6 "kept in the session"). */
  token: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  userExternalParams: UserExternalParamsSchema,
  /** Limit messages of the last limit check (SPEC 4 "With policy limit V2 the limit messages are kept"). */
  checkLimitErrors: z.array(z.string()),
  previousAccount: z.nullable(PreviousAccountSchema),
  customerContract: z.nullable(CustomerContractSchema),
  currentTrack: TrackSchema,
  actionType: z.nullable(ActionTypeSchema),

  // --- request in progress (SPEC 3 forms and what the flow of SPEC 4 needs) ---
  /** The account the request is made for (entry query `account`). */
  accountId: z.nullable(AccountIdSchema),
  /** Client-generated id so that creation is idempotent (ARCHITECTURE 10). */
  serviceId: z.nullable(z.string()),
  /** Number of the created service (receipt, SMS prefix). */
  serviceNumber: z.nullable(z.string()),
  clientForm: ClientFormSchema,
  referenceAddress: ReferenceAddressSchema,
  locations: LocationsSchema,
  homeNotes: HomeNotesSchema,
  payment: PaymentSchema,
  surplus: z.nullable(SurplusSchema),
  /** Scheduled date-time (ISO); null means "Now" (SPEC 2 "Now / Scheduled"). */
  schedule: z.nullable(z.string()),
  /** Entry query isFromCheckLimit (SPEC 2). */
  isFromCheckLimit: z.boolean(),
  /** Entry query `event`, kept for the analytics of the visit. */
  event: z.nullable(z.string()),
  /** Language chosen by the `lang` query; null means the default (es). */
  language: z.nullable(LanguageSchema),
  /** SPEC 4 shared link: "mark as redirected from comments". */
  redirectedFromComments: z.boolean(),
  /** SPEC 4 "A first-visit marker per service is stored locally": ids of services already visited. */
  visitedServices: z.array(z.string()),
  /**
   * The signed-in member's session for the contract lookups (decision 417); device memory like the
   * visit markers, so it survives the resets of a request until it expires.
   */
  memberSession: z.nullable(MemberSessionSchema),
});
export type Session = z.infer<typeof SessionSchema>;

export const INITIAL_SESSION: Session = {
  brand: null,
  passengers: 0,
  notes: '',
  answers: [],
  category: null,
  situation: null,
  serviceType: null,
  customerFee: null,
  distance: null,
  pushOptIn: false,
  serviceTypes: [],
  isMMMHOD: false,
  integrations: [],
  campaign: null,
  token: null,
  phoneNumber: null,
  userExternalParams: INITIAL_USER_EXTERNAL_PARAMS,
  checkLimitErrors: [],
  previousAccount: null,
  customerContract: null,
  currentTrack: 'road',
  actionType: null,
  accountId: null,
  serviceId: null,
  serviceNumber: null,
  clientForm: INITIAL_CLIENT_FORM,
  referenceAddress: INITIAL_REFERENCE_ADDRESS,
  locations: INITIAL_LOCATIONS,
  homeNotes: INITIAL_HOME_NOTES,
  payment: INITIAL_PAYMENT,
  surplus: null,
  schedule: null,
  isFromCheckLimit: false,
  event: null,
  language: null,
  redirectedFromComments: false,
  visitedServices: [],
  memberSession: null,
};

/**
 * Reads a persisted session; anything that no longer fits the schema (an older app version, a hand
 * edit) falls back to the initial session instead of breaking the app.
 */
export function restoreSession(stored: unknown): Session {
  if (stored === null || typeof stored !== 'object') return INITIAL_SESSION;
  const parsed = SessionSchema.safeParse({ ...INITIAL_SESSION, ...stored });
  return parsed.success ? parsed.data : INITIAL_SESSION;
}

/**
 * SPEC 4 "Clear-all resets everything but keeps the dispatch function". The dispatch function is the
 * store's own action; in data terms everything returns to its initial value. The first-visit markers
 * are device memory, not request state, and survive (decision 120).
 */
export function resetAll(session: Session): Session {
  return {
    ...INITIAL_SESSION,
    visitedServices: session.visitedServices,
    memberSession: session.memberSession,
  };
}

/**
 * SPEC 4 "The check-limit reset keeps category, situation, service type, contract and client form and
 * stores the current account as the previous one".
 */
export function resetForCheckLimit(session: Session, currentAccountId: string): Session {
  return {
    ...resetAll(session),
    category: session.category,
    situation: session.situation,
    serviceType: session.serviceType,
    customerContract: session.customerContract,
    clientForm: session.clientForm,
    previousAccount: { id: currentAccountId, brand: session.brand },
  };
}

/** SPEC 4 "The home on-demand reset keeps contract and the MMM home-on-demand flag". */
export function resetHomeOnDemand(session: Session): Session {
  return {
    ...resetAll(session),
    customerContract: session.customerContract,
    isMMMHOD: session.isMMMHOD,
  };
}

/**
 * SPEC 4 "Choosing a service resets destination coordinates and address unless it is a tow".
 * The situation follows the chosen type.
 */
export function chooseService(session: Session, serviceType: ServiceType): Session {
  const keepDestination = isTowServiceType(serviceType.name);
  return {
    ...session,
    serviceType,
    situation: serviceType.name,
    locations: keepDestination
      ? session.locations
      : { ...session.locations, destination: EMPTY_LOCATION_POINT },
  };
}

/**
 * SPEC 4 "A new situation or category may be selected and the category cleared". Selecting a road
 * situation clears the home category unless one is given.
 */
export function selectSituation(
  session: Session,
  situation: ServiceTypeName | null,
  category: HomeServiceType | null = null,
): Session {
  return { ...session, situation, category };
}

/** SPEC 4: selects a home category (null clears it) without touching the situation. */
export function selectCategory(session: Session, category: HomeServiceType | null): Session {
  return { ...session, category };
}

/** The localStorage key of the SPEC 4 "first-visit marker per service". */
export function firstVisitKey(serviceId: string): string {
  return `auxilio:first-visit:${serviceId}`;
}

/** True until `markServiceVisited` ran for this service on this device. */
export function isFirstVisit(session: Session, serviceId: string): boolean {
  return !session.visitedServices.includes(serviceId);
}

/** Stores the first-visit marker; keeps the last 50 services so the list stays small. */
export function markServiceVisited(session: Session, serviceId: string): Session {
  if (session.visitedServices.includes(serviceId)) return session;
  return { ...session, visitedServices: [...session.visitedServices, serviceId].slice(-50) };
}

/** The member session's token while it is still valid at `now`, else null (decision 417). */
export function memberSessionToken(
  session: Pick<Session, 'memberSession'>,
  now: Date,
): string | null {
  const member: MemberSession | null = session.memberSession;
  return member && Date.parse(member.expiresAt) > now.getTime() ? member.token : null;
}

import { z } from 'zod/mini';
import { LanguageSchema, TrackSchema, type Language, type Track } from './enumerations.ts';
import { AccountIdSchema } from './contract/accounts.ts';
import type { MemberSession } from './contract/sign-in.ts';
import { ActionTypeSchema, resetAll, type ActionType, type Session } from './session.ts';

// SPEC 2 "Entry query parameters: account, brand, plate, fullName, isFromWebview (true/false), track,
// isFromCheckLimit (true/false), campaign, policyNumber, event, lang" and the shared-link landing
// "/{serviceId} ... with query account, lang, t, phoneNumber, isFromWebview, type, redirect".
// Parsing never throws: a value that does not fit is dropped, as if it were absent.

const BrandSlugSchema = z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), z.maxLength(64));
const NameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(120));
const PlateSchema = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(20), z.regex(/^[A-Za-z0-9 -]+$/));
const CodeSchema = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_.:-]+$/));
const TokenSchema = z
  .string()
  .check(z.minLength(16), z.maxLength(256), z.regex(/^[A-Za-z0-9._~-]+$/));
/** An in-app path such as 'tracking/loading': no scheme, no host, so never an open redirect. */
const RedirectSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value) => value.replace(/^\/+/, '')),
  ),
  z.string().check(z.maxLength(100), z.regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/)),
);

/** 'true' -> true, 'false' -> false, anything else -> undefined (SPEC 2 "(true/false)"). */
function parseBoolean(value: string | null): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

function pick<T>(schema: z.ZodMiniType<T>, value: string | null): T | undefined {
  if (value === null) return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The entry parameters of SPEC 2; a missing or malformed value is undefined. */
export interface EntryParams {
  account?: string;
  brand?: string;
  plate?: string;
  fullName?: string;
  isFromWebview?: boolean;
  track?: Track;
  isFromCheckLimit?: boolean;
  campaign?: string;
  policyNumber?: string;
  event?: string;
  lang?: Language;
}

/** Parses the entry query of SPEC 2. Never throws; unknown or malformed values are dropped. */
export function parseEntryParams(search: URLSearchParams): EntryParams {
  const params: EntryParams = {
    account: pick(AccountIdSchema, search.get('account')),
    brand: pick(BrandSlugSchema, search.get('brand')),
    plate: pick(PlateSchema, search.get('plate')),
    fullName: pick(NameSchema, search.get('fullName')),
    isFromWebview: parseBoolean(search.get('isFromWebview')),
    track: pick(TrackSchema, search.get('track')),
    isFromCheckLimit: parseBoolean(search.get('isFromCheckLimit')),
    campaign: pick(CodeSchema, search.get('campaign')),
    policyNumber: pick(CodeSchema, search.get('policyNumber')),
    event: pick(CodeSchema, search.get('event')),
    lang: pick(LanguageSchema, search.get('lang')),
  };
  return dropUndefined(params);
}

/** The shared-link landing query of SPEC 2. */
export interface SharedLinkParams {
  /** An account id, or a brand slug (SPEC 9 share link "?account={brand}"). */
  account?: string;
  lang?: Language;
  /** Share token of the tracking link (ARCHITECTURE 9). */
  t?: string;
  /** Digits only (SPEC 2 "phone numbers stripped of non-digits"). */
  phoneNumber?: string;
  isFromWebview?: boolean;
  type?: ActionType;
  /** In-app target without a leading slash, e.g. 'tracking/loading'. */
  redirect?: string;
}

/** Parses the `/{serviceId}` landing query of SPEC 2. Never throws. */
export function parseSharedLinkParams(search: URLSearchParams): SharedLinkParams {
  const account = search.get('account');
  const phone = search.get('phoneNumber')?.replace(/\D/g, '') ?? null;
  const params: SharedLinkParams = {
    account: pick(AccountIdSchema, account) ?? pick(BrandSlugSchema, account),
    lang: pick(LanguageSchema, search.get('lang')),
    t: pick(TokenSchema, search.get('t')),
    phoneNumber: phone !== null && phone.length >= 7 && phone.length <= 15 ? phone : undefined,
    isFromWebview: parseBoolean(search.get('isFromWebview')),
    type: pick(ActionTypeSchema, search.get('type')),
    redirect: pick(RedirectSchema, search.get('redirect')),
  };
  return dropUndefined(params);
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Applies the entry query to the session (SPEC 2 entry parameters). A link for another brand or
 * account starts a fresh session, so a previous request never leaks into it; the check-limit hop
 * (isFromCheckLimit=true, after `resetForCheckLimit`) keeps what that reset kept (decision 120).
 * The campaign is fetched by name by the caller (`GET /accounts/campaigns/{name}`).
 */
export function applyEntryParams(session: Session, params: EntryParams): Session {
  const switching =
    (params.account !== undefined && params.account !== session.accountId) ||
    (params.brand !== undefined && params.brand !== session.brand);
  const base = switching && !params.isFromCheckLimit ? resetAll(session) : session;
  const external = base.userExternalParams;
  const fullName = params.fullName ?? external.fullName;
  const plate = params.plate ?? external.plate;
  const policyNumber = params.policyNumber ?? external.policyNumber;
  return {
    ...base,
    brand: params.brand ?? base.brand,
    accountId: params.account ?? base.accountId,
    currentTrack: params.track ?? base.currentTrack,
    isFromCheckLimit: params.isFromCheckLimit ?? base.isFromCheckLimit,
    event: params.event ?? base.event,
    language: params.lang ?? base.language,
    userExternalParams: {
      ...external,
      fullName,
      plate,
      policyNumber,
      // The identifier that, with a name, lets the contract search run without asking (SPEC 4).
      identifier: params.policyNumber ?? params.plate ?? external.identifier,
      isFromWebview: params.isFromWebview ?? external.isFromWebview,
    },
    clientForm: {
      ...base.clientForm,
      fullName: base.clientForm.fullName || (fullName ?? ''),
      plate: base.clientForm.plate || (plate ?? ''),
    },
  };
}

/**
 * SPEC 2 entry route: "Clears all state, sets a fixed brand, stores name and memberId from the
 * query" (then /services after ENTRY_REDIRECT_MS).
 */
export function applyMemberEntry(
  session: Session,
  input: { brand: string; fullName: string | null; memberId: string | null },
): Session {
  const cleared = resetAll(session);
  return {
    ...cleared,
    brand: input.brand,
    userExternalParams: {
      ...cleared.userExternalParams,
      fullName: input.fullName,
      memberId: input.memberId,
      identifier: input.memberId,
    },
    clientForm: {
      ...cleared.clientForm,
      fullName: input.fullName ?? '',
      memberId: input.memberId ?? '',
    },
  };
}

/** SPEC 2 entry route: "sets a fixed brand" (docs/decisions/612). */
export const ENTRY_ROUTE_BRAND = 'mmm';

/**
 * SPEC 2 entry route `/entry`: "Clears all state, sets a fixed brand, stores name and memberId from
 * the query" (`name`, or `fullName` as on other entries). The other entry parameters that still
 * mean something after the clear are honoured as on any entry: `account` (an account of the fixed
 * brand, e.g. the Member or Visitor account of /options), `lang` and `isFromWebview`; `brand` is not
 * (the brand is fixed). Decision 612.
 */
export function applyEntryRoute(session: Session, search: URLSearchParams): Session {
  const params = parseEntryParams(search);
  const entered = applyMemberEntry(session, {
    brand: ENTRY_ROUTE_BRAND,
    fullName: pick(NameSchema, search.get('name')) ?? params.fullName ?? null,
    memberId: pick(CodeSchema, search.get('memberId')) ?? null,
  });
  return {
    ...entered,
    accountId: params.account ?? null,
    language: params.lang ?? session.language,
    userExternalParams: {
      ...entered.userExternalParams,
      isFromWebview: params.isFromWebview ?? session.userExternalParams.isFromWebview,
    },
  };
}

/**
 * After the member sign-in (SPEC 3 "Sign-in user info: firstname, lastname, cardnumber"): the card
 * number is the member id and the identifier for the contract search.
 */
export function applySignInUserInfo(
  session: Session,
  userInfo: { firstname: string; lastname: string; cardnumber: string },
  memberSession: MemberSession | null = null,
): Session {
  const fullName = `${userInfo.firstname} ${userInfo.lastname}`.trim();
  return {
    ...session,
    userExternalParams: {
      ...session.userExternalParams,
      fullName,
      memberId: userInfo.cardnumber,
      identifier: userInfo.cardnumber,
    },
    clientForm: { ...session.clientForm, fullName, memberId: userInfo.cardnumber },
    memberSession,
  };
}

import type { Branch, Currency } from './enumerations.ts';
import { BRANCHES } from './enumerations.ts';
import type { LatLng } from './geo.ts';

// SPEC 9: per-country facts. Values the spec does not show are decided in decision 112.

/** Facts of one branch (country). */
export interface BranchInfo {
  /** Member id of the country. SPEC 9: "Costa Rica 1, Panama 2, Puerto Rico 4, Colombia 5". */
  memberId: number;
  /** Default map centre in degrees. */
  mapCenter: LatLng;
  /** SPEC 9: "Currency symbol is colon for Costa Rica, else dollar; currencies usd, crc". */
  currency: Currency;
  /** IANA time zone used for dates shown to the customer (decision 112). */
  timeZone: string;
}

/** Per-branch facts; MX member id 3 and the non-PR map centres are decision 112. */
export const BRANCH_INFO: Readonly<Record<Branch, BranchInfo>> = {
  // SPEC 9: "Default map centre in Puerto Rico lat 18.42139, lng -66.073795".
  PR: {
    memberId: 4,
    mapCenter: { lat: 18.42139, lng: -66.073795 },
    currency: 'usd',
    timeZone: 'America/Puerto_Rico',
  },
  PA: {
    memberId: 2,
    mapCenter: { lat: 8.983333, lng: -79.516667 },
    currency: 'usd',
    timeZone: 'America/Panama',
  },
  CR: {
    memberId: 1,
    mapCenter: { lat: 9.932543, lng: -84.079578 },
    currency: 'crc',
    timeZone: 'America/Costa_Rica',
  },
  CO: {
    memberId: 5,
    mapCenter: { lat: 4.598056, lng: -74.075833 },
    currency: 'usd',
    timeZone: 'America/Bogota',
  },
  MX: {
    memberId: 3,
    mapCenter: { lat: 19.432608, lng: -99.133209 },
    currency: 'usd',
    timeZone: 'America/Mexico_City',
  },
};

/** Member id (a small integer) of a branch. */
export function memberIdOf(branch: Branch): number {
  return BRANCH_INFO[branch].memberId;
}

/** Branch of a member id, or undefined when no branch has it. */
export function branchOfMemberId(memberId: number): Branch | undefined {
  return BRANCHES.find((branch) => BRANCH_INFO[branch].memberId === memberId);
}

/** Default map centre of a branch in degrees. */
export function mapCenterOf(branch: Branch): LatLng {
  return BRANCH_INFO[branch].mapCenter;
}

/** IANA time zone of a branch (e.g. 'America/Puerto_Rico'). */
export function timeZoneOf(branch: Branch): string {
  return BRANCH_INFO[branch].timeZone;
}

/** SPEC 9: "Address restriction countries PR, CR, CO, PA" (used when the account has no branch). */
export const DEFAULT_ADDRESS_SEARCH_COUNTRIES = [
  'PR',
  'CR',
  'CO',
  'PA',
] as const satisfies readonly Branch[];

/** Country codes (ISO 3166-1 alpha-2, same as the branch codes) that address search may return. */
export function addressSearchCountries(accountBranch: Branch | null | undefined): Branch[] {
  // SPEC 5: "restricted to the account's country, or to PR, CO, CR, PA when the account has no branch".
  return accountBranch ? [accountBranch] : [...DEFAULT_ADDRESS_SEARCH_COUNTRIES];
}

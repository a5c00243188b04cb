import type { Branch } from '@auxilio/domain';

/**
 * What analytics, the tag manager and the guide tool are told about the visit (SPEC 7 "initialised
 * with contract and account data"). Decision 633: identifiers of the account only, never of the
 * person: the account id, brand and branch, and whether a contract was found, not which one.
 */
export interface TelemetryContext {
  accountId: string | null;
  brand: string;
  branch: Branch | null;
  hasContract: boolean;
}

/** The page's URL as telemetry may see it: the path, no query (entry links carry personal data). */
export function telemetryPageUrl(location: Pick<Location, 'origin' | 'pathname'>): string {
  return `${location.origin}${location.pathname}`;
}

import { resetAll, type EntryParams, type Session } from '@auxilio/domain';

/**
 * Writes the SPEC 2 entry query into the session. An entry for another brand or account starts a
 * new session first, so one brand's request in progress never leaks into another (decision 173).
 * The campaign query is only a name: the boot fetches the campaign and stores it with setCampaign.
 */
export function applyEntryParams(session: Session, params: EntryParams): Session {
  const switchesBrand =
    (params.brand !== undefined && session.brand !== null && params.brand !== session.brand) ||
    (params.account !== undefined &&
      session.accountId !== null &&
      params.account !== session.accountId);
  const base = switchesBrand ? resetAll(session) : session;
  const external = base.userExternalParams;
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
      fullName: params.fullName ?? external.fullName,
      plate: params.plate ?? external.plate,
      policyNumber: params.policyNumber ?? external.policyNumber,
      isFromWebview: params.isFromWebview ?? external.isFromWebview,
    },
  };
}

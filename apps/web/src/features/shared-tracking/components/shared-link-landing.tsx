import { isTextLinkToken, parseSharedLinkParams } from '@auxilio/domain';
import { useSessionStore } from '../../../stores/session-store.ts';
import { CustomerLanding } from './customer-landing.tsx';
import { LinkProblem } from './link-problem.tsx';
import { SharedTrackingScreen, type SharedTrackingScreenProps } from './shared-tracking-screen.tsx';
import { TextLinkOpening } from './text-link-opening.tsx';

export interface SharedLinkLandingProps {
  serviceId: string;
  /** The landing's query (SPEC 2: account, lang, t, phoneNumber, isFromWebview, type, redirect). */
  search: string;
  renderMap: SharedTrackingScreenProps['renderMap'];
}

/**
 * SPEC 2 `/{serviceId}` (decision 475): the phone that holds this service in its session is the
 * customer and follows the landing of decisions 114/123; any other phone with a link token `t`
 * gets the read-only shared tracking (so does the customer's phone once the API refuses its token);
 * without either, the link is not valid. A `t` from a text the system sent the customer (decision
 * 610) opens the service itself on this phone, which then lands as the customer's own phone.
 */
export function SharedLinkLanding({ serviceId, search, renderMap }: SharedLinkLandingProps) {
  const params = parseSharedLinkParams(new URLSearchParams(search));
  const ownsService = useSessionStore(
    (state) => state.session.serviceId === serviceId && state.session.token !== null,
  );
  const textLinkToken = isTextLinkToken(params.t) ? params.t : null;
  if (textLinkToken && !ownsService) {
    return (
      <TextLinkOpening
        serviceId={serviceId}
        linkToken={textLinkToken}
        confirmData={params.type === 'confirmData'}
      />
    );
  }
  const asGuest =
    params.t && !textLinkToken ? (
      <SharedTrackingScreen serviceId={serviceId} linkToken={params.t} renderMap={renderMap} />
    ) : (
      <LinkProblem failure="invalid" />
    );
  if (ownsService) return <CustomerLanding params={params} whenDenied={asGuest} />;
  return asGuest;
}

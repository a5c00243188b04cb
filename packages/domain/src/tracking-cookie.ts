import { ServiceIdSchema } from './contract/primitives.ts';

// The cookie through which the page of /tracking knows the phone's service (docs/decisions/752).
// The app writes it beside the session it keeps in localStorage; the server reads it only when it
// writes the /tracking page, to paint the status before the scripts arrive. Scoped to the
// tracking pages, it never reaches the API's own paths: it is not a credential of any API call.

export const TRACKING_COOKIE = 'auxilio_service';
/** The tracking pages: /tracking and the screens under it. */
export const TRACKING_COOKIE_PATH = '/tracking';
/** A day: longer than any service is followed; the app rewrites or clears it with the session. */
export const TRACKING_COOKIE_MAX_AGE_S = 86_400;

/** The page element holding the service's JSON, for the app's first render. */
export const FIRST_SERVICE_ELEMENT_ID = 'first-service';

export interface TrackingCookie {
  serviceId: string;
  token: string;
}

/** The cookie's value: the service and its bearer token, each URI-encoded, joined by `|`. */
export function trackingCookieValue({ serviceId, token }: TrackingCookie): string {
  return `${encodeURIComponent(serviceId)}|${encodeURIComponent(token)}`;
}

/** Longest token the cookie may carry (a service token is 43 characters). */
const MAX_TOKEN_LENGTH = 128;

/** The cookie as the app writes it: `name=value` and its attributes (`Secure` over HTTPS). */
export function trackingCookieHeader(cookie: TrackingCookie | null, secure: boolean): string {
  const attributes = `Path=${TRACKING_COOKIE_PATH}; SameSite=Strict${secure ? '; Secure' : ''}`;
  return cookie
    ? `${TRACKING_COOKIE}=${trackingCookieValue(cookie)}; Max-Age=${TRACKING_COOKIE_MAX_AGE_S}; ${attributes}`
    : `${TRACKING_COOKIE}=; Max-Age=0; ${attributes}`;
}

/**
 * The service and token of a `Cookie` header, or undefined when it has none or one that cannot
 * be a service's (a malformed id, an overlong token): nothing is read for those.
 */
export function readTrackingCookie(header: string | undefined): TrackingCookie | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1 || pair.slice(0, at).trim() !== TRACKING_COOKIE) continue;
    const [serviceId, token, ...rest] = pair
      .slice(at + 1)
      .trim()
      .split('|');
    if (!serviceId || !token || rest.length > 0) return undefined;
    try {
      const cookie = { serviceId: decodeURIComponent(serviceId), token: decodeURIComponent(token) };
      const plausible =
        ServiceIdSchema.safeParse(cookie.serviceId).success &&
        cookie.token.length <= MAX_TOKEN_LENGTH;
      return plausible ? cookie : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

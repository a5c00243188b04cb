import {
  TRACKING_COOKIE,
  TRACKING_COOKIE_MAX_AGE_S,
  TRACKING_COOKIE_PATH,
  trackingCookieValue,
  type Session,
} from '@auxilio/domain';

// Keeps the tracking cookie beside the session (docs/decisions/752): while the session holds a
// service and its token, the /tracking page the server writes can paint that service's status
// before the scripts arrive; without one, the cookie is gone.

interface SessionSource {
  getState(): { session: Pick<Session, 'serviceId' | 'token'> };
  subscribe(listener: (state: { session: Pick<Session, 'serviceId' | 'token'> }) => void): unknown;
}

function cookieFor({ serviceId, token }: Pick<Session, 'serviceId' | 'token'>, secure: boolean) {
  const attributes = `Path=${TRACKING_COOKIE_PATH}; SameSite=Strict${secure ? '; Secure' : ''}`;
  return serviceId && token
    ? `${TRACKING_COOKIE}=${trackingCookieValue({ serviceId, token })}; Max-Age=${TRACKING_COOKIE_MAX_AGE_S}; ${attributes}`
    : `${TRACKING_COOKIE}=; Max-Age=0; ${attributes}`;
}

/** Writes the cookie now and whenever the session's service or token changes. */
export function keepTrackingCookie(store: SessionSource, target: Document = document): void {
  const secure = target.location.protocol === 'https:';
  let written = '';
  const write = (session: Pick<Session, 'serviceId' | 'token'>): void => {
    const cookie = cookieFor(session, secure);
    if (cookie === written) return;
    written = cookie;
    target.cookie = cookie;
  };
  write(store.getState().session);
  store.subscribe((state) => {
    write(state.session);
  });
}

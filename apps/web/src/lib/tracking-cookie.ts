import { trackingCookieHeader, type Session } from '@auxilio/domain';

// Keeps the tracking cookie beside the session (docs/decisions/752): while the session holds a
// service and its token, the /tracking page the server writes can paint that service's status
// before the scripts arrive; without one, the cookie is gone.

interface SessionSource {
  getState(): { session: Pick<Session, 'serviceId' | 'token'> };
  subscribe(listener: (state: { session: Pick<Session, 'serviceId' | 'token'> }) => void): unknown;
}

/** Writes the cookie now and whenever the session's service or token changes. */
export function keepTrackingCookie(store: SessionSource, target: Document = document): void {
  const secure = target.location.protocol === 'https:';
  let written = '';
  const write = (session: Pick<Session, 'serviceId' | 'token'>): void => {
    const { serviceId, token } = session;
    const cookie = trackingCookieHeader(serviceId && token ? { serviceId, token } : null, secure);
    if (cookie === written) return;
    written = cookie;
    try {
      target.cookie = cookie;
    } catch {
      // A frame or webview that refuses cookies: the page then paints no status, the app shows it.
    }
  };
  write(store.getState().session);
  store.subscribe((state) => {
    write(state.session);
  });
}

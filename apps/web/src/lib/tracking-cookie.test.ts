import { readTrackingCookie, type Session } from '@auxilio/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { keepTrackingCookie } from './tracking-cookie.ts';

// Decision 752: the tracking cookie follows the session's service and token, and is gone when the
// session holds none. jsdom keeps cookies by path as a browser does: read them from /tracking.

type Held = Pick<Session, 'serviceId' | 'token'>;

const cookiesAt = (path: string): string => {
  window.history.replaceState(null, '', path);
  return document.cookie;
};

afterEach(() => {
  document.cookie = 'auxilio_service=; Max-Age=0; Path=/tracking';
  window.history.replaceState(null, '', '/');
});

describe('keepTrackingCookie', () => {
  it('writes the session’s service for the tracking pages only, and follows its changes', () => {
    const store = createStore<{ session: Held }>(() => ({
      session: { serviceId: 'svc-00000001', token: 'tok.1' },
    }));
    keepTrackingCookie(store);
    expect(readTrackingCookie(cookiesAt('/tracking'))).toEqual({
      serviceId: 'svc-00000001',
      token: 'tok.1',
    });
    // Never sent to the API's paths or other screens.
    expect(readTrackingCookie(cookiesAt('/common/services'))).toBeUndefined();
    expect(readTrackingCookie(cookiesAt('/services'))).toBeUndefined();

    store.setState({ session: { serviceId: 'svc-00000002', token: 'tok-2' } });
    expect(readTrackingCookie(cookiesAt('/tracking/loading'))).toEqual({
      serviceId: 'svc-00000002',
      token: 'tok-2',
    });

    store.setState({ session: { serviceId: null, token: null } });
    expect(readTrackingCookie(cookiesAt('/tracking'))).toBeUndefined();
  });

  it('writes nothing for a session without a service', () => {
    const store = createStore<{ session: Held }>(() => ({
      session: { serviceId: null, token: null },
    }));
    keepTrackingCookie(store);
    expect(cookiesAt('/tracking')).not.toContain('auxilio_service');
  });

  it('starts where the page may not write cookies, and keeps following the session', () => {
    const store = createStore<{ session: Held }>(() => ({
      session: { serviceId: 'svc-00000001', token: 'tok.1' },
    }));
    const writes: string[] = [];
    const refusing = {
      location: document.location,
      set cookie(value: string) {
        writes.push(value);
        throw new DOMException('Cookies are off in this frame', 'SecurityError');
      },
    } as unknown as Document;
    expect(() => {
      keepTrackingCookie(store, refusing);
    }).not.toThrow();
    expect(() => {
      store.setState({ session: { serviceId: null, token: null } });
    }).not.toThrow();
    expect(writes).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import {
  readTrackingCookie,
  TRACKING_COOKIE,
  trackingCookieHeader,
  trackingCookieValue,
} from './tracking-cookie.ts';

describe('tracking cookie (decision 752)', () => {
  it('reads back what it writes, among other cookies', () => {
    const value = trackingCookieValue({ serviceId: 'svc-00000001', token: 'a.b|c=d' });
    const header = `theme=dark; ${TRACKING_COOKIE}=${value}; other=1`;
    expect(readTrackingCookie(header)).toEqual({ serviceId: 'svc-00000001', token: 'a.b|c=d' });
  });

  it.each([
    ['no header', undefined],
    ['no such cookie', 'theme=dark'],
    ['no token', `${TRACKING_COOKIE}=svc-00000001`],
    ['an empty token', `${TRACKING_COOKIE}=svc-00000001|`],
    ['a third part', `${TRACKING_COOKIE}=svc-00000001|t|x`],
    ['a broken escape', `${TRACKING_COOKIE}=svc-00000001|%E0%A4%A`],
    ['an id no service has', `${TRACKING_COOKIE}=${'s'.repeat(4000)}|t`],
    ['an overlong token', `${TRACKING_COOKIE}=svc-00000001|${'t'.repeat(129)}`],
  ])('has nothing for %s', (_case, header) => {
    expect(readTrackingCookie(header)).toBeUndefined();
  });
});

describe('trackingCookieHeader', () => {
  it('scopes the cookie to the tracking pages, same site only, and clears it without a service', () => {
    const cookie = { serviceId: 'svc-00000001', token: 'tok' };
    expect(trackingCookieHeader(cookie, true)).toBe(
      `${TRACKING_COOKIE}=svc-00000001|tok; Max-Age=86400; Path=/tracking; SameSite=Strict; Secure`,
    );
    expect(trackingCookieHeader(null, false)).toBe(
      `${TRACKING_COOKIE}=; Max-Age=0; Path=/tracking; SameSite=Strict`,
    );
  });
});

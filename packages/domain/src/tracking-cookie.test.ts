import { describe, expect, it } from 'vitest';
import { readTrackingCookie, TRACKING_COOKIE, trackingCookieValue } from './tracking-cookie.ts';

describe('tracking cookie (decision 752)', () => {
  it('reads back what it writes, among other cookies', () => {
    const value = trackingCookieValue({ serviceId: 'svc-1', token: 'a.b|c=d' });
    const header = `theme=dark; ${TRACKING_COOKIE}=${value}; other=1`;
    expect(readTrackingCookie(header)).toEqual({ serviceId: 'svc-1', token: 'a.b|c=d' });
  });

  it.each([
    ['no header', undefined],
    ['no such cookie', 'theme=dark'],
    ['no token', `${TRACKING_COOKIE}=svc-1`],
    ['an empty token', `${TRACKING_COOKIE}=svc-1|`],
    ['a third part', `${TRACKING_COOKIE}=svc-1|t|x`],
    ['a broken escape', `${TRACKING_COOKIE}=svc-1|%E0%A4%A`],
  ])('has nothing for %s', (_case, header) => {
    expect(readTrackingCookie(header)).toBeUndefined();
  });
});

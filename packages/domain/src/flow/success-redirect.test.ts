import { describe, expect, it } from 'vitest';
import type { Integration } from '../contract/accounts.ts';
import { routeWhenFinished } from './finishing.ts';
import { routeAfterSubmit } from './request.ts';
import {
  allowedSuccessRedirect,
  isAllowedRedirectUrl,
  withAllowedRedirect,
} from './success-redirect.ts';

const ALLOWED = ['https://partner.example', 'https://apps.partner.example:8443/any/path'];

function tracking(url: string | null, allowed: string[] = ALLOWED): Integration {
  return {
    name: 'connect-app-tracking',
    enabled: true,
    config: { successRedirectUrl: url, allowedRedirectOrigins: allowed },
  };
}

describe('isAllowedRedirectUrl (decision 630)', () => {
  it.each([
    ['https://partner.example/done', true],
    ['https://partner.example/done?x=1#top', true],
    ['https://PARTNER.example/done', true],
    ['https://apps.partner.example:8443/finished', true],
    // Not https, or not on the list.
    ['http://partner.example/done', false],
    ['javascript:alert(1)', false],
    ['partnerapp://done', false],
    ['https://evil.example/done', false],
    ['https://partner.example.evil.example/done', false],
    ['https://apps.partner.example/finished', false],
    ['https://partner.example:444/done', false],
    ['https://user:pass@partner.example/done', false],
    ['/relative/path', false],
    ['', false],
  ])('%s → %s', (url, expected) => {
    expect(isAllowedRedirectUrl(url, ALLOWED)).toBe(expected);
  });

  it('never matches a list entry that is not an https origin', () => {
    expect(isAllowedRedirectUrl('https://partner.example/x', ['http://partner.example'])).toBe(
      false,
    );
    expect(isAllowedRedirectUrl('https://partner.example/x', ['partner.example'])).toBe(false);
    expect(isAllowedRedirectUrl('https://partner.example/x', [])).toBe(false);
  });
});

describe('allowedSuccessRedirect and withAllowedRedirect', () => {
  it('keeps an allowed URL and drops one outside the list', () => {
    expect(allowedSuccessRedirect(tracking('https://partner.example/ok'))).toBe(
      'https://partner.example/ok',
    );
    expect(allowedSuccessRedirect(tracking('https://other.example/ok'))).toBeNull();
    expect(allowedSuccessRedirect(tracking(null))).toBeNull();
    expect(withAllowedRedirect(tracking('http://partner.example/ok'))).toEqual(tracking(null));
    expect(withAllowedRedirect(tracking('https://partner.example/ok'))).toEqual(
      tracking('https://partner.example/ok'),
    );
  });

  it('a finished service goes to an allowed redirect, and to the survey for one that is not', () => {
    const input = {
      service: { serviceNumber: '77' },
      accountConfig: { finishedScreenAfterService: false },
    };
    expect(
      routeWhenFinished({ ...input, integrations: [tracking('https://partner.example/ok')] }),
    ).toEqual({ kind: 'external', url: 'https://partner.example/ok?serviceNumber=77' });
    expect(
      routeWhenFinished({ ...input, integrations: [tracking('https://partner.example/ok', [])] }),
    ).toEqual({ kind: 'route', to: '/survey' });
  });

  it('a created service follows the creation link only when it is allowed', () => {
    const creation = (url: string): Integration => ({
      name: 'connect-app-service-creation',
      enabled: true,
      config: {
        disableContractSearch: false,
        successRedirectUrl: url,
        allowedRedirectOrigins: ALLOWED,
      },
    });
    const service = { schedule: '', serviceNumber: '9', serviceType: 'road' as const };
    expect(
      routeAfterSubmit({ service, integrations: [creation('https://partner.example/r')] }),
    ).toEqual({ kind: 'external', url: 'https://partner.example/r?serviceNumber=9' });
    expect(
      routeAfterSubmit({ service, integrations: [creation('http://partner.example/r')] }),
    ).toEqual({ kind: 'route', to: '/tracking/loading' });
  });
});

import { describe, expect, it } from 'vitest';
import { backArrowAction, showsCoBranding } from './header-rules.ts';

describe('backArrowAction (SPEC 2 header)', () => {
  it.each([
    ['/tracking', false, 'hidden', '"No back arrow on /tracking"'],
    ['/tracking/loading', false, 'hidden', '"No back arrow on ... /tracking/loading"'],
    ['/service-summary', false, 'hidden', '"No back arrow on ... /service-summary"'],
    ['/survey', true, 'hidden', '"No back arrow on ... /survey"'],
    ['/survey/', false, 'hidden', 'a trailing slash is the same route'],
    [
      '/services',
      true,
      'close-webview',
      '"On /services in a webview the back arrow returns to the app"',
    ],
    ['/services', false, 'navigate-back', 'outside a webview /services goes back'],
    ['/services/tow', true, 'navigate-back', 'only /services itself closes the webview'],
    ['/tracking/permission', false, 'navigate-back', 'other tracking routes keep the arrow'],
    ['/location', false, 'navigate-back', 'other routes have a back arrow'],
    ['/', false, 'hidden', 'home has nothing to go back to (decision 171)'],
  ] as const)('%s (webview %s) -> %s: %s', (path, webview, expected, _spec) => {
    expect(backArrowAction(path, webview)).toBe(expected);
  });
});

describe('showsCoBranding (SPEC 2 "Co-branding shows on tracking routes")', () => {
  it.each([
    ['/tracking', true, true],
    ['/tracking/loading', true, true],
    ['/tracking/coninspection', true, true],
    ['/trackingx', true, false],
    ['/services', true, false],
    ['/tracking', false, false],
  ] as const)('%s co-branded %s -> %s', (path, coBranded, expected) => {
    expect(showsCoBranding(path, coBranded)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { backArrowAction, showsCloseControl, showsCoBranding } from './header.ts';

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
    ['/location', false, 'navigate-back', '"Header: back arrow" on the other routes'],
    ['/', false, 'hidden', 'home has nothing to go back to (decision 171)'],
    ['/corporate/home', false, 'hidden', "a corporate brand's home, likewise (decision 620)"],
  ] as const)('%s (webview %s) -> %s: %s', (path, webview, expected, _spec) => {
    expect(backArrowAction(path, webview)).toBe(expected);
  });
});

describe('showsCloseControl (SPEC 2 header)', () => {
  it.each([
    [true, true, '"a close control in a webview"'],
    [false, false, 'no close control outside a webview'],
  ])('webview %s -> %s: %s', (isFromWebview, expected, _spec) => {
    expect(showsCloseControl(isFromWebview)).toBe(expected);
  });
});

describe('showsCoBranding (SPEC 2 header)', () => {
  it.each([
    ['/tracking', true, true, '"Co-branding shows on tracking routes"'],
    ['/tracking/loading', true, true, '"Co-branding shows on tracking routes"'],
    ['/tracking/coninspection', true, true, '"Co-branding shows on tracking routes"'],
    ['/trackingx', true, false, 'a route that only starts with the same letters is another route'],
    ['/services', true, false, 'co-branding only on tracking routes'],
    ['/tracking', false, false, 'SPEC 1 "Some brands are co-branded": only those'],
  ] as const)('%s co-branded %s -> %s: %s', (path, coBranded, expected, _spec) => {
    expect(showsCoBranding(path, coBranded)).toBe(expected);
  });
});

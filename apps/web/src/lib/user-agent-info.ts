import type { UserAgentInfo } from '@auxilio/domain';

// SPEC 3 "sourceData (type, userAgent, os, browser, device, connectAppSource)": what the browser says
// about itself, reduced to a few coarse names (no fingerprinting beyond the user-agent string).

const OS_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/android/i, 'Android'],
  [/iphone|ipad|ipod/i, 'iOS'],
  [/windows/i, 'Windows'],
  [/mac os x|macintosh/i, 'macOS'],
  [/cros/i, 'ChromeOS'],
  [/linux/i, 'Linux'],
];

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSER_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/edg(e|a|ios)?\//i, 'Edge'],
  [/opr\/|opera/i, 'Opera'],
  [/samsungbrowser/i, 'Samsung Internet'],
  [/firefox|fxios/i, 'Firefox'],
  [/chrome|crios|chromium/i, 'Chrome'],
  [/safari/i, 'Safari'],
];

function firstMatch(text: string, patterns: ReadonlyArray<readonly [RegExp, string]>): string {
  return patterns.find(([pattern]) => pattern.test(text))?.[1] ?? 'Other';
}

/** The user-agent info of the payload's sourceData, from a user-agent string. */
export function userAgentInfo(userAgent: string): UserAgentInfo {
  const device = /ipad|tablet/i.test(userAgent)
    ? 'tablet'
    : /mobi|android|iphone|ipod/i.test(userAgent)
      ? 'mobile'
      : 'desktop';
  return {
    userAgent: userAgent.slice(0, 500),
    os: firstMatch(userAgent, OS_PATTERNS),
    browser: firstMatch(userAgent, BROWSER_PATTERNS),
    device,
  };
}

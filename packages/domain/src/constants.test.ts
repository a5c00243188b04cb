import { describe, expect, it } from 'vitest';
import {
  ACCURACY_THRESHOLD_M,
  ANIMATION_LOADING_MS,
  ANIMATION_TRACKING_MS,
  CALL_MODAL_CLOSE_MS,
  DEFAULT_TIP,
  ENTRY_REDIRECT_MS,
  ESTIMATED_TIME_RANGE,
  IMAGE_QUALITY,
  LOCATION_GEOLOCATION_OPTIONS,
  LOCATION_MAP_ESTIMATE_MIN,
  MAP_ZOOM,
  MAX_SUGGESTED_DRIVERS,
  platformFromUserAgent,
  POLL_LOADING_MS,
  POLL_TRACKING_MS,
  PROGRESS_REFRESH_MS,
  PUSH_PROMPT,
  ROUTE_DEVIATION_M,
  SERVICE_EXPIRY_DAYS,
  SHARED_LINK_REDIRECT_MS,
  shouldShowInstallBanner,
  SUGGESTION_BRANCH,
  SURVEY_LIMITS,
  TIMEOUT_MS,
  TRACKING_WATCH_OPTIONS,
  TRACKING_WATCH_STOP_MS,
  TRANSLATION_CACHE_MINUTES,
  type DevicePlatform,
} from './constants.ts';

describe('SPEC 9 constants', () => {
  it.each<[string, unknown, unknown]>([
    ['SPEC 9: "translation cache expiry 60"', TRANSLATION_CACHE_MINUTES, 60],
    ['SPEC 9: "timeout constant 5000"', TIMEOUT_MS, 5000],
    [
      'SPEC 9: "Location options: high accuracy, max age 10000 ms; geolocation timeout 10 s."',
      LOCATION_GEOLOCATION_OPTIONS,
      { enableHighAccuracy: true, maximumAge: 10000, timeout: 10000 },
    ],
    [
      'SPEC 9: "Tracking position watch: high accuracy, timeout 30000 ms, max age 10000 ms"',
      TRACKING_WATCH_OPTIONS,
      { enableHighAccuracy: true, timeout: 30000, maximumAge: 10000 },
    ],
    ['SPEC 9: tracking watch "stops after 60 s"', TRACKING_WATCH_STOP_MS, 60000],
    ['SPEC 9: "Accuracy threshold 20 m."', ACCURACY_THRESHOLD_M, 20],
    ['SPEC 9: "Default tip 3"', DEFAULT_TIP, 3],
    ['SPEC 9: "service expiry 30 days"', SERVICE_EXPIRY_DAYS, 30],
    ['SPEC 9: "image quality 30"', IMAGE_QUALITY, 30],
    ['SPEC 9: "Polls: loading 18 s"', POLL_LOADING_MS, 18000],
    ['SPEC 9: "tracking 17.4 s"', POLL_TRACKING_MS, 17400],
    ['SPEC 9: "Animation rotation: 9 s on loading"', ANIMATION_LOADING_MS, 9000],
    ['SPEC 9: "8.7 s on tracking"', ANIMATION_TRACKING_MS, 8700],
    ['SPEC 9: "Call modal auto-close 8 s."', CALL_MODAL_CLOSE_MS, 8000],
    ['SPEC 9: "Progress line refresh 10 s"', PROGRESS_REFRESH_MS, 10000],
    ['SPEC 9: "Route deviation 200 m."', ROUTE_DEVIATION_M, 200],
    ['SPEC 9: "Redirect delays: 3000 ms shared links"', SHARED_LINK_REDIRECT_MS, 3000],
    ['SPEC 9: "1000 ms entry route"', ENTRY_REDIRECT_MS, 1000],
    [
      'SPEC 9: "Push prompt delay: 1 page view and 5 s."',
      PUSH_PROMPT,
      { pageViews: 1, delayMs: 5000 },
    ],
    [
      'SPEC 9: "Map zoom: max 18; location map 17; point-on-map 19; geotext map 17; initial tracking 12."',
      MAP_ZOOM,
      { max: 18, location: 17, pointOnMap: 19, geotext: 17, initialTracking: 12 },
    ],
    ['SPEC 9: "Displayed estimate fixed at \'35 - 45\' minutes."', ESTIMATED_TIME_RANGE, '35 - 45'],
    ['SPEC 2: "the location map shows 35 min"', LOCATION_MAP_ESTIMATE_MIN, 35],
    ['SPEC 9: "Max 500 suggested drivers."', MAX_SUGGESTED_DRIVERS, 500],
    ['SPEC 9: "Branch for suggestions is fixed as Puerto Rico."', SUGGESTION_BRANCH, 'PR'],
    [
      'SPEC 9: "Survey: comment max 255, stars 5, rating buttons and slider 0 to 10."',
      SURVEY_LIMITS,
      {
        commentMaxLength: 255,
        starsMin: 1,
        starsMax: 5,
        sliderMin: 0,
        sliderMax: 10,
        ratingButtonMin: 0,
        ratingButtonMax: 10,
      },
    ],
  ])('%s', (_spec, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe('shouldShowInstallBanner', () => {
  const RULE =
    'SPEC 9: "Install banner: shown when more than 30 days since last prompt (or never), on iOS or Android and not standalone."';
  const now = new Date('2026-03-31T12:00:00Z');
  it.each<[string, string | null, DevicePlatform, boolean, boolean]>([
    [RULE, null, 'ios', false, true],
    [RULE, null, 'android', false, true],
    [RULE, '2026-02-28T12:00:00Z', 'android', false, true],
    [RULE + ' (exactly 30 days is not more than 30)', '2026-03-01T12:00:00Z', 'ios', false, false],
    [RULE, '2026-03-20T12:00:00Z', 'ios', false, false],
    [RULE, null, 'other', false, false],
    [RULE, null, 'ios', true, false],
    [RULE, '2025-01-01T00:00:00Z', 'android', true, false],
  ])('%s: last %s, %s, standalone %s -> %s', (_spec, last, platform, standalone, expected) => {
    const lastPromptAt = last ? new Date(last) : null;
    expect(shouldShowInstallBanner({ lastPromptAt, now, platform, standalone })).toBe(expected);
  });

  const PLATFORM = 'SPEC 9: install banner "on iOS or Android"';
  it.each<[string, string, number, DevicePlatform]>([
    [
      PLATFORM,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15',
      5,
      'ios',
    ],
    [
      PLATFORM,
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile',
      5,
      'android',
    ],
    [
      PLATFORM + ' (iPadOS reports a Mac with touch)',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15',
      5,
      'ios',
    ],
    [PLATFORM, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15', 0, 'other'],
    [PLATFORM, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0', 0, 'other'],
  ])('%s: %s -> %s', (_spec, userAgent, touchPoints, expected) => {
    expect(platformFromUserAgent(userAgent, touchPoints)).toBe(expected);
  });
});

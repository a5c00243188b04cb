import type { Branch } from './enumerations.ts';

// SPEC 9 "Business constants and limits". Units are in the names (_MS, _M, _DAYS, ...).

/** SPEC 9: "translation cache expiry 60" (minutes, ARCHITECTURE "expires after 60 minutes"). */
export const TRANSLATION_CACHE_MINUTES = 60;
/** SPEC 9: "timeout constant 5000" (milliseconds). */
export const TIMEOUT_MS = 5000;

/** Options for one position read on the location screen (PositionOptions, milliseconds). */
export const LOCATION_GEOLOCATION_OPTIONS = {
  // SPEC 9: "Location options: high accuracy, max age 10000 ms; geolocation timeout 10 s."
  enableHighAccuracy: true,
  maximumAge: 10_000,
  timeout: 10_000,
} as const;
/** Options for the tracking position watch (PositionOptions, milliseconds). */
export const TRACKING_WATCH_OPTIONS = {
  // SPEC 9: "Tracking position watch: high accuracy, timeout 30000 ms, max age 10000 ms".
  enableHighAccuracy: true,
  timeout: 30_000,
  maximumAge: 10_000,
} as const;
/** SPEC 9: the tracking position watch "stops after 60 s" (milliseconds). */
export const TRACKING_WATCH_STOP_MS = 60_000;
/** SPEC 9: "Accuracy threshold 20 m" (metres). */
export const ACCURACY_THRESHOLD_M = 20;
/** SPEC 9: "Route deviation 200 m" (metres). */
export const ROUTE_DEVIATION_M = 200;

/** SPEC 9: "Default tip 3" (dollars, not cents; colones have their own presets, decision 655). */
export const DEFAULT_TIP = 3;
/** SPEC 9: "home date default 2 days ahead" (days). */
export const HOME_DATE_MIN_DAYS_AHEAD = 2;
/** SPEC 9: "service expiry 30 days" (days). */
export const SERVICE_EXPIRY_DAYS = 30;
/** SPEC 9: "image quality 30" (percent, 0..100, of the image encoder). */
export const IMAGE_QUALITY = 30;

/** SPEC 9: "Polls: loading 18 s" (milliseconds). */
export const POLL_LOADING_MS = 18_000;
/** SPEC 9: "tracking 17.4 s" (milliseconds). */
export const POLL_TRACKING_MS = 17_400;
/** SPEC 9: "Animation rotation: 9 s on loading" (milliseconds). */
export const ANIMATION_LOADING_MS = 9_000;
/** SPEC 9: "8.7 s on tracking" (milliseconds). */
export const ANIMATION_TRACKING_MS = 8_700;
/** SPEC 9: "Call modal auto-close 8 s" (milliseconds). */
export const CALL_MODAL_CLOSE_MS = 8_000;
/** SPEC 9: "Progress line refresh 10 s" (milliseconds). */
export const PROGRESS_REFRESH_MS = 10_000;
/** SPEC 9: simulated progress lower bound, a fraction of the simulated ETA (5%). */
export const SIMULATED_PROGRESS_MIN = 0.05;
/** SPEC 9: simulated progress upper bound, a fraction of the simulated ETA (95%). */
export const SIMULATED_PROGRESS_MAX = 0.95;

/** SPEC 9: "Redirect delays: 3000 ms shared links" (milliseconds). */
export const SHARED_LINK_REDIRECT_MS = 3_000;
/** SPEC 9: "1000 ms entry route" (milliseconds). */
export const ENTRY_REDIRECT_MS = 1_000;
/** SPEC 9: "Push prompt delay: 1 page view and 5 s" (page views, milliseconds). */
export const PUSH_PROMPT = { pageViews: 1, delayMs: 5_000 } as const;

/** SPEC 9 map zoom levels (web-map zoom, 0 = world). */
export const MAP_ZOOM = {
  max: 18,
  location: 17,
  pointOnMap: 19,
  geotext: 17,
  initialTracking: 12,
} as const;

/** SPEC 9: "Displayed estimate fixed at '35 - 45' minutes" (text shown, minutes). */
export const ESTIMATED_TIME_RANGE = '35 - 45';
/** Lower end of the displayed estimate, in minutes (used on the location map). */
export const LOCATION_MAP_ESTIMATE_MIN = 35;

/** SPEC 5/9: "At most 500 suggested drivers are used" (count). */
export const MAX_SUGGESTED_DRIVERS = 500;
/** SPEC 9: "Branch for suggestions is fixed as Puerto Rico". */
export const SUGGESTION_BRANCH: Branch = 'PR';

/** SPEC 5/9 survey limits (characters for comments, points for the scales). */
export const SURVEY_LIMITS = {
  commentMaxLength: 255,
  starsMin: 1,
  starsMax: 5,
  sliderMin: 0,
  sliderMax: 10,
  ratingButtonMin: 0,
  ratingButtonMax: 10,
} as const;

/** SPEC 9: the install banner waits "more than 30 days since last prompt" (days). */
export const INSTALL_BANNER_INTERVAL_DAYS = 30;

/** Milliseconds in one day (24 h; calendar days are handled in dates.ts). */
export const DAY_MS = 86_400_000;

/** Device families the install banner distinguishes. */
export type DevicePlatform = 'ios' | 'android' | 'other';

/** Device family from a user-agent string (iPadOS desktop mode needs touch points to tell). */
export function platformFromUserAgent(userAgent: string, maxTouchPoints = 0): DevicePlatform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  // iPadOS 13+ reports a desktop Safari user agent; a Mac with touch points is an iPad.
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'other';
}

// For the add-to-home-screen banner of /corporate/home (SPEC 2), built with the corporate screens.
/** Whether to show the install banner (times as Date; the interval is 30 days). */
export function shouldShowInstallBanner(input: {
  lastPromptAt: Date | null | undefined;
  now: Date;
  platform: DevicePlatform;
  standalone: boolean;
}): boolean {
  // SPEC 9: "shown when more than 30 days since last prompt (or never), on iOS or Android and not
  // standalone".
  if (input.standalone || input.platform === 'other') return false;
  if (!input.lastPromptAt) return true;
  return input.now.getTime() - input.lastPromptAt.getTime() > INSTALL_BANNER_INTERVAL_DAYS * DAY_MS;
}

/**
 * Most tow passengers a request carries (decision 650): the occupants of the largest common
 * passenger vehicle (an 8-seat minivan or SUV). SPEC 5 shows no upper bound; the API needs one.
 */
export const MAX_TOW_PASSENGERS = 8;

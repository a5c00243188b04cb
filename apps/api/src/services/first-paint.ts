import {
  backArrowAction,
  homeGuard,
  parseEntryParams,
  showsCloseControl,
  showsCoBranding,
  FIRST_SERVICE_ELEMENT_ID,
  isFollowedOnTracking,
  shownTripStatus,
  splitFullName,
  trackingEtaMinutes,
  TRACKING_PROGRESS_STEPS,
  trackingProgressStep,
  trackingTitle,
  type Brand,
  type Language,
  type Service,
} from '@auxilio/domain';
import { brandAssetsBase } from './runtime-config.ts';
import { escapeHtml } from './web-shell.ts';

// The first screen painted by the page itself, before the scripts arrive (docs/decisions/770): on
// one bar of signal the app's scripts take seconds, and until now the customer saw a blank page.
// The server writes, for the screens where customers land, the same markup the React app renders
// first (the header and the screen's title, or the tracking skeleton), in the page's brand and
// language; the app's first render replaces it. What the address, the entry query and the brand
// decide is painted; of the session, only the service of /tracking, when the phone's tracking
// cookie opens it (docs/decisions/752).

/** A text of the build's translation files (`namespace`, dotted `key`), or undefined. */
export type FirstPaintTexts = (
  language: Language,
  namespace: string,
  key: string,
) => string | undefined;

export interface FirstPaintInput {
  path: string;
  query: URLSearchParams;
  brand: Brand;
  language: Language;
  texts: FirstPaintTexts;
  /**
   * /tracking: the phone's service, read with its token (decision 752): `body` is the JSON of
   * GET /services/{id}, handed to the app with the page, and `service` the same, parsed.
   */
  service?: { body: string; service: Service };
}

/** Marks the first paint in the page, so the service worker can keep a page without it. */
export const FIRST_PAINT_START = '<!--first-paint-->';
export const FIRST_PAINT_END = '<!--/first-paint-->';

/** The provider brand shown beside a co-branded brand on tracking routes (as the app's header). */
const PROVIDER_LOGO = '/brands/connect/logo.svg';

const BACK_ICON =
  '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2.25" stroke-linecap="round" stroke-linejoin="round"></path></svg>';
const CLOSE_ICON =
  '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2.25" stroke-linecap="round"></path></svg>';

/** Looks texts up, and notes whether any was missing (then nothing is painted). */
function textReader(input: FirstPaintInput) {
  let complete = true;
  const t = (namespace: string, key: string, values: Record<string, string> = {}): string => {
    const text = input.texts(input.language, namespace, key);
    if (text === undefined) {
      complete = false;
      return '';
    }
    return escapeHtml(text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? ''));
  };
  return { t, complete: () => complete };
}

function logo(src: string, name: string, size: 'header' | 'hero'): string {
  return `<img class="brand-logo brand-logo--${size}" alt="${escapeHtml(name)}" src="${escapeHtml(src)}">`;
}

/** The page's brand logo, as components/ui/brand-logo draws it. */
function brandLogo(brand: Brand, size: 'header' | 'hero'): string {
  return logo(`${brandAssetsBase(brand)}${brand.assets.logo}`, brand.name, size);
}

/** SPEC 2 header, as features/header/components/app-header.tsx draws it. */
function header(input: FirstPaintInput, t: ReturnType<typeof textReader>['t']): string {
  const isFromWebview = parseEntryParams(input.query).isFromWebview ?? false;
  const back =
    backArrowAction(input.path, isFromWebview) === 'hidden'
      ? ''
      : `<button type="button" class="app-header__icon-button" aria-label="${t('common', 'header.back')}">${BACK_ICON}</button>`;
  const coBrand = showsCoBranding(input.path, input.brand.coBranded)
    ? `<span class="app-header__provider">${logo(PROVIDER_LOGO, t('common', 'header.providerName'), 'header')}</span><span class="app-header__divider" aria-hidden="true"></span>`
    : '';
  const close = showsCloseControl(isFromWebview)
    ? `<button type="button" class="app-header__icon-button" aria-label="${t('common', 'header.close')}">${CLOSE_ICON}</button>`
    : '';
  return (
    `<header class="app-header"><div class="app-header__start">${back}</div>` +
    `<div class="app-header__brand">${coBrand}${brandLogo(input.brand, 'header')}</div>` +
    `<div class="app-header__end"><button type="button" class="app-header__help">${t('common', 'header.help')}</button>${close}</div></header>`
  );
}

/**
 * Where "Request assistance" leads before the app has started: `/services` with the page's own
 * query, so a tap on a slow signal loads the next screen with the same brand and entry link.
 */
function servicesLink(query: URLSearchParams): string {
  const search = query.toString();
  return search ? `/services?${search}` : '/services';
}

/** SPEC 2 "/ Home", as features/home/components/home-screen.tsx draws it. */
function homeScreen(input: FirstPaintInput, t: ReturnType<typeof textReader>['t']): string {
  const fullName = parseEntryParams(input.query).fullName;
  const firstName = fullName ? splitFullName(fullName).firstName : '';
  const greeting = firstName
    ? t('home', 'greetingNamed', { name: firstName })
    : t('home', 'greeting');
  return (
    `<main class="home"><div class="home__brand">${brandLogo(input.brand, 'hero')}</div>` +
    `<h1 class="home__title">${greeting}</h1>` +
    `<p class="home__lead">${t('home', 'lead', { brand: input.brand.name })}</p>` +
    `<div class="home__actions"><a href="${escapeHtml(servicesLink(input.query))}" class="button button--primary">${t('home', 'requestAssistance')}</a>` +
    `<button type="button" class="button button--secondary">${t('home', 'needHelp')}</button></div></main>`
  );
}

/** SPEC 2 "/services", its title and lead, as features/services/components/services-screen.tsx. */
function servicesScreen(input: FirstPaintInput, t: ReturnType<typeof textReader>['t']): string {
  const track = parseEntryParams(input.query).track ?? 'road';
  return (
    `<main class="flow-screen"><h1 class="flow-screen__title">${t('services', 'picker.title')}</h1>` +
    `<p class="flow-screen__lead">${t('services', track === 'home' ? 'picker.leadHome' : 'picker.lead')}</p></main>`
  );
}

const DRIVER_AND_MAP_SKELETON =
  '<div class="driver-card" aria-hidden="true"><div class="driver-card__photos"><span class="driver-card__photo skeleton"></span><span class="driver-card__vehicle skeleton"></span></div>' +
  '<div class="driver-card__text"><span class="skeleton skeleton--name"></span><span class="skeleton skeleton--service"></span></div>' +
  '<div class="driver-card__actions"><span class="skeleton skeleton--action"></span><span class="skeleton skeleton--action"></span></div></div>' +
  '<div class="tracking-stage" aria-hidden="true"></div>';

/**
 * /tracking while its service loads, as features/tracking/components/tracking-skeleton.tsx: the
 * status, time, progress, driver and map in blocks of their final size (decision 750).
 */
function trackingSkeleton(t: ReturnType<typeof textReader>['t']): string {
  const segments = '<span class="progress__segment"></span>'.repeat(4);
  return (
    '<div class="tracking__status"><h1 class="tracking__title"><span class="skeleton skeleton--title" aria-hidden="true"></span></h1>' +
    `<p class="tracking__eta"><span class="tracking__hidden" role="status">${t('common', 'loading')}</span><span class="skeleton skeleton--eta" aria-hidden="true"></span></p></div>` +
    `<div class="progress" aria-hidden="true">${segments}<span class="progress__label"><span class="skeleton skeleton--label"></span></span></div>`
  );
}

/**
 * The service's status (decision 752), as features/tracking/components/tracking-screen.tsx and
 * progress-bar.tsx write it: the title, the arrival time's place while on route (its clock is the
 * app's, in the phone's zone), and the progress bar at the service's step.
 */
function trackingStatus(service: Service, t: ReturnType<typeof textReader>['t']): string {
  const title = trackingTitle(service);
  const step = trackingProgressStep(service);
  // The place of the arrival time when the app will show one (on route, the driver's eta known).
  const eta =
    shownTripStatus(service) === 'ON_ROUTE' && trackingEtaMinutes(service.driver?.eta) !== null
      ? '<p class="tracking__eta"><span class="skeleton skeleton--eta" aria-hidden="true"></span></p>'
      : '';
  const current = step ? TRACKING_PROGRESS_STEPS[step - 1] : undefined;
  const progress = current
    ? `<div class="progress" role="progressbar" aria-valuemin="1" aria-valuemax="4" aria-valuenow="${String(step)}" aria-valuetext="${t('tracking', `progress.${current}`)}" aria-label="${t('tracking', 'progress.label')}">` +
      // A reached segment is filled (the fill's full width); one ahead has no fill: the page has no
      // inline styles (its Content-Security-Policy), the app's bar sets each fill's width itself.
      TRACKING_PROGRESS_STEPS.map((_name, index) =>
        index < (step ?? 0)
          ? '<span class="progress__segment" data-state="reached"><span class="progress__fill"></span></span>'
          : '<span class="progress__segment" data-state="ahead"></span>',
      ).join('') +
      `<span class="progress__label">${t('tracking', `progress.${current}`)}</span></div>`
    : '';
  return (
    `<div class="tracking__status"><h1 class="tracking__title">${t('tracking', title.key, { name: title.name ?? '' })}</h1>${eta}</div>` +
    progress
  );
}

/**
 * /tracking: the skeleton of decision 750, or, with the phone's service when the tracking screen
 * stays on it (`isFollowedOnTracking`, decision 752), that service's status; then the driver and map blocks. The service's JSON
 * goes with the page for the app's first render.
 */
function trackingScreen(input: FirstPaintInput, t: ReturnType<typeof textReader>['t']): string {
  const service = input.service?.service;
  const followed = service && isFollowedOnTracking(service) ? service : undefined;
  const status = followed ? trackingStatus(followed, t) : trackingSkeleton(t);
  return (
    `<main class="tracking tracking--skeleton"${followed ? '' : ' aria-busy="true"'}>${status}${DRIVER_AND_MAP_SKELETON}</main>` +
    (input.service ? serviceData(input.service.body) : '')
  );
}

/** The service's JSON as inert page data: a `<` can never close the element or open a tag. */
function serviceData(body: string): string {
  return `<script type="application/json" id="${FIRST_SERVICE_ELEMENT_ID}">${body.replace(/</g, '\\u003c')}</script>`;
}

type Screen = (input: FirstPaintInput, t: ReturnType<typeof textReader>['t']) => string;

/** The screens painted first, by address: where customers land (entry links, home, reopening). */
function screenOf(path: string, brand: Brand): Screen | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  // SPEC 6: a corporate brand's home is another screen, reached by a redirect in the app.
  if (normalized === '/') return homeGuard(brand).kind === 'show' ? homeScreen : undefined;
  if (normalized === '/services') return servicesScreen;
  if (normalized === '/tracking') return trackingScreen;
  return undefined;
}

/**
 * The markup to place inside `<div id="root">` for this page, between the first-paint marks, or ''
 * when the address has no first paint or a text is missing from the build.
 */
export function firstPaintHtml(input: FirstPaintInput): string {
  const screen = screenOf(input.path, input.brand);
  if (!screen) return '';
  const reader = textReader(input);
  const html = `${header(input, reader.t)}<div class="app-screen">${screen(input, reader.t)}</div>`;
  return reader.complete() ? `${FIRST_PAINT_START}${html}${FIRST_PAINT_END}` : '';
}

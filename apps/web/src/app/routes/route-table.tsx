import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import type { Session } from '@auxilio/domain';
import { prefetchSessionService } from '../../api/service-query.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { readDeviceZoneAhead } from '../../lib/device-zone-ahead.ts';
import type { Namespace } from '../../lib/i18n.ts';

// SPEC 2 "Route table (first match wins)", in the spec's order, as ONE array so the order is visible.
// router.tsx renders it through wouter's <Switch>, which takes the first entry that matches: the
// spec's rule as written (decision 240). Every screen is lazy-loaded (its module exports
// `Component`), so the first screen downloads only its own code.

/** A screen module: what each route's `load` resolves to. */
export interface ScreenModule {
  Component: ComponentType;
}

export interface AppRoute {
  /** A wouter pattern; `*` is the not-found fallback. */
  path: string;
  /** SPEC 2 purpose, for readers of this table. */
  purpose: string;
  load: () => Promise<ScreenModule>;
  /**
   * The texts the screen's first paint needs: on a page opened at this screen they download beside
   * the app's own, and its code beside them, instead of one after the other (main.tsx).
   */
  namespaces?: readonly Namespace[];
  /** Starts the server reads the screen's first paint waits for, on a page opened at this screen. */
  prefetch?: (reads: FirstScreenReads) => void;
  /**
   * `own`: a staff screen that draws its own header, so the frame leaves out the customer's header
   * and Help dialog (root-layout.tsx). Without it, the screen sits in the customer's frame.
   */
  frame?: 'own';
}

/** What a screen's `prefetch` reads with: the page's query cache, API client and session. */
export interface FirstScreenReads {
  queryClient: QueryClient;
  api: ApiClient;
  session: Session;
}

/** /tracking: the session's service, and the device's zone its clock times are compared with. */
function prefetchTracking(reads: FirstScreenReads): void {
  prefetchSessionService(reads);
  readDeviceZoneAhead();
}

// prettier-ignore
export const ROUTE_TABLE: readonly AppRoute[] = [
  { path: '/corporate/home', purpose: 'Corporate home (corporate guard)', load: () => import('./corporate-home.tsx') },
  { path: '/corporate/centers', purpose: 'Corporate centers (corporate guard)', load: () => import('./corporate-centers.tsx') },
  { path: '/corporate/services', purpose: 'Corporate services (corporate guard)', load: () => import('./corporate-services.tsx') },
  { path: '/tips', purpose: 'Tip screen (survey guard)', load: () => import('./tips.tsx') },
  { path: '/plate', purpose: 'Vehicle plate entry (dispatch guard)', load: () => import('./plate.tsx') },
  { path: '/other-options/:option', purpose: 'vehicleNotFound and exceedLimit', load: () => import('./other-options.tsx') },
  { path: '/options', purpose: 'Member or visitor options', load: () => import('./options.tsx') },
  { path: '/get-service/:id', purpose: 'Second-stop entry', load: () => import('./get-service.tsx') },
  { path: '/mmm-openid/login-legacy', purpose: "Sign-in for one insurer's members (legacy)", load: () => import('./sign-in.tsx').then((m) => ({ Component: m.MemberLogin })) },
  { path: '/mmm-openid/login', purpose: "Sign-in for one insurer's members", load: () => import('./sign-in.tsx').then((m) => ({ Component: m.MemberLogin })) },
  { path: '/mmm-openid/callback', purpose: 'Member sign-in callback', load: () => import('./sign-in.tsx').then((m) => ({ Component: m.MemberCallback })) },
  { path: '/comments', purpose: 'Comments (dispatch guard)', load: () => import('./comments.tsx') },
  { path: '/clients', purpose: 'Client entry', load: () => import('./clients.tsx') },
  { path: '/services/tow/questions', purpose: 'Tow questions (dispatch guard)', load: () => import('./services-tow-questions.tsx') },
  { path: '/services/tow', purpose: 'Tow passengers (dispatch guard)', load: () => import('./services-tow.tsx') },
  { path: '/services/home', purpose: 'Home sub-services (dispatch guard)', load: () => import('./services-home.tsx') },
  { path: '/services', purpose: 'Service picker (dispatch guard)', load: () => import('./services.tsx'), namespaces: ['services'] },
  { path: '/location/situation', purpose: 'Address-type picker: situation, on the map (dispatch guard)', load: () => import('./location-point.tsx').then((m) => ({ Component: m.SituationPoint })) },
  { path: '/location/destination', purpose: 'Address-type picker: destination, on the map (dispatch guard)', load: () => import('./location-point.tsx').then((m) => ({ Component: m.DestinationPoint })) },
  { path: '/location/reference', purpose: 'Manual address', load: () => import('./location-reference.tsx') },
  { path: '/location/summary', purpose: 'Location summary', load: () => import('./location-summary.tsx') },
  { path: '/location', purpose: 'Location screen', load: () => import('./location.tsx') },
  { path: '/payment', purpose: 'Card payment', load: () => import('./payment.tsx') },
  { path: '/cancelled', purpose: 'Cancelled (same screen as finished)', load: () => import('./service-end.tsx') },
  { path: '/finished', purpose: 'Finished (same screen as cancelled)', load: () => import('./service-end.tsx') },
  { path: '/service-details', purpose: 'Service details summary', load: () => import('./service-details.tsx') },
  { path: '/service-summary', purpose: 'Service summary', load: () => import('./service-summary.tsx') },
  { path: '/tracking/loading', purpose: 'Tracking: loading', load: () => import('./tracking-loading.tsx'), namespaces: ['tracking'], prefetch: prefetchSessionService },
  { path: '/tracking/permission', purpose: 'Tracking: location permission', load: () => import('./tracking-permission.tsx') },
  { path: '/tracking/coninspection', purpose: 'Tracking: accident documentation', load: () => import('./tracking-coninspection.tsx') },
  { path: '/tracking', purpose: 'Tracking', load: () => import('./tracking.tsx'), namespaces: ['tracking'], prefetch: prefetchTracking },
  { path: '/survey', purpose: 'Survey (survey guard)', load: () => import('./survey.tsx') },
  { path: '/feedback', purpose: 'Feedback', load: () => import('./feedback.tsx') },
  { path: '/social', purpose: 'Share your experience', load: () => import('./social.tsx') },
  { path: '/help', purpose: 'Help', load: () => import('./help.tsx') },
  { path: '/geotext/landing', purpose: 'Geotext landing', load: () => import('./geotext-landing.tsx') },
  { path: '/geotext/permission/:roomId', purpose: 'Geotext permission', load: () => import('./geotext-permission.tsx') },
  { path: '/geotext/map/:roomId', purpose: 'Geotext map', load: () => import('./geotext-map.tsx') },
  { path: '/geotext/error/location', purpose: 'Geotext location error', load: () => import('./geotext-location-error.tsx') },
  { path: '/geotext/error/roomid', purpose: 'Geotext room error', load: () => import('./geotext-room-error.tsx') },
  { path: '/geotext/confirmation', purpose: "Geotext confirmation ('Recibido')", load: () => import('./geotext-confirmation.tsx') },
  // Sign-in start and callback (query product, code, state, error) and the entry route: paths are
  // ours (decision 170); they sit before /:serviceId, which would otherwise take them.
  { path: '/sign-in', purpose: 'Sign-in start', load: () => import('./sign-in.tsx').then((m) => ({ Component: m.SignInStart })) },
  { path: '/sign-in/callback', purpose: 'Sign-in callback', load: () => import('./sign-in.tsx').then((m) => ({ Component: m.SignInCallback })) },
  // The driver app (docs/decisions/761): not in SPEC 2, before /:serviceId which would take /driver.
  { path: '/driver/callback', purpose: 'Driver sign-in callback', load: () => import('./driver-callback.tsx'), namespaces: ['driver'] },
  { path: '/driver', purpose: 'Driver app: sign-in, online switch, offers and the trip', load: () => import('./driver-home.tsx'), namespaces: ['driver'] },
  // The dispatcher's console (docs/decisions/762): also before /:serviceId. A staff screen with its
  // own header; it names service types with the driver app's words (`driver` texts).
  { path: '/dispatcher/callback', purpose: 'Dispatcher sign-in callback', load: () => import('./dispatcher-callback.tsx'), namespaces: ['dispatcher', 'driver'], frame: 'own' },
  { path: '/dispatcher', purpose: "Dispatcher's console: live board, service detail and actions", load: () => import('./dispatcher-home.tsx'), namespaces: ['dispatcher', 'driver'], frame: 'own' },
  { path: '/entry', purpose: 'Entry: clears state, fixed brand, then /services', load: () => import('./entry.tsx') },
  { path: '/:serviceId', purpose: 'Shared-link landing: customer or read-only shared view', load: () => import('./shared-link.tsx') },
  { path: '/', purpose: 'Home', load: () => import('./home.tsx'), namespaces: ['home'] },
  // Not in SPEC 2: any other path (two segments or more) gets the not-found screen.
  { path: '*', purpose: 'Not found', load: () => import('./not-found.tsx') },
];

/** The screen a path opens, by the same first-match rule as the router's <Switch>. */
export function routeOfPath(path: string): AppRoute | undefined {
  return ROUTE_TABLE.find((route) => route.path === '*' || matchRoute(parse, route.path, path)[0]);
}

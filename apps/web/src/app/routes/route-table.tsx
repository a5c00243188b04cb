import type { RouteObject } from 'react-router';
import type { Namespace } from '../../lib/i18n.ts';

// SPEC 2 "Route table (first match wins)", in the spec's order, as ONE array so the order is visible.
// React Router ranks routes by specificity rather than by order; route-table.test.tsx checks that for
// every path here its ranking picks the same route as first-match would. Every screen is lazy-loaded
// (its module exports `Component`), so the first screen downloads only its own code.

/** What a route shows until a later version builds it (see planned.tsx). */
export interface PlannedHandle {
  planned: { ns: Namespace; titleKey: string };
}

export interface AppRoute {
  path: string;
  /** SPEC 2 purpose, for readers of this table. */
  purpose: string;
  lazy: RouteObject['lazy'];
  handle?: PlannedHandle;
}

const planned = (ns: Namespace, titleKey: string) => ({
  lazy: () => import('./planned.tsx'),
  handle: { planned: { ns, titleKey } },
});

// prettier-ignore
export const ROUTE_TABLE: readonly AppRoute[] = [
  { path: '/corporate/home', purpose: 'Corporate home (corporate guard)', ...planned('corporate', 'home.title') },
  { path: '/corporate/centers', purpose: 'Corporate centers', ...planned('corporate', 'centers.title') },
  { path: '/corporate/services', purpose: 'Corporate services', ...planned('corporate', 'services.title') },
  { path: '/tips', purpose: 'Tip screen (survey guard)', lazy: () => import('./tips.tsx') },
  { path: '/plate', purpose: 'Vehicle plate entry (dispatch guard)', lazy: () => import('./plate.tsx') },
  { path: '/other-options/:option', purpose: 'vehicleNotFound and exceedLimit', lazy: () => import('./other-options.tsx') },
  { path: '/options', purpose: 'Member or visitor options', lazy: () => import('./options.tsx') },
  { path: '/get-service/:id', purpose: 'Second-stop entry', ...planned('get-service', 'title') },
  { path: '/mmm-openid/login-legacy', purpose: "Sign-in for one insurer's members (legacy)", ...planned('sign-in', 'memberLogin.title') },
  { path: '/mmm-openid/login', purpose: "Sign-in for one insurer's members", ...planned('sign-in', 'memberLogin.title') },
  { path: '/mmm-openid/callback', purpose: 'Member sign-in callback', ...planned('sign-in', 'callback.title') },
  { path: '/comments', purpose: 'Comments (dispatch guard)', ...planned('comments', 'title') },
  { path: '/clients', purpose: 'Client entry', lazy: () => import('./clients.tsx') },
  { path: '/services/tow/questions', purpose: 'Tow questions (dispatch guard)', lazy: () => import('./services-tow-questions.tsx') },
  { path: '/services/tow', purpose: 'Tow passengers (dispatch guard)', lazy: () => import('./services-tow.tsx') },
  { path: '/services/home', purpose: 'Home sub-services (dispatch guard)', ...planned('services', 'home.title') },
  { path: '/services', purpose: 'Service picker (dispatch guard)', lazy: () => import('./services.tsx') },
  { path: '/location/situation', purpose: 'Address-type picker: situation', ...planned('location', 'situation.title') },
  { path: '/location/destination', purpose: 'Address-type picker: destination', ...planned('location', 'destination.title') },
  { path: '/location/reference', purpose: 'Manual address', lazy: () => import('./location-reference.tsx') },
  { path: '/location/summary', purpose: 'Location summary', lazy: () => import('./location-summary.tsx') },
  { path: '/location', purpose: 'Location screen', lazy: () => import('./location.tsx') },
  { path: '/payment', purpose: 'Card payment', lazy: () => import('./payment.tsx') },
  { path: '/cancelled', purpose: 'Cancelled (same screen as finished)', lazy: () => import('./service-end.tsx') },
  { path: '/finished', purpose: 'Finished (same screen as cancelled)', lazy: () => import('./service-end.tsx') },
  { path: '/service-details', purpose: 'Service details summary', lazy: () => import('./service-details.tsx') },
  { path: '/service-summary', purpose: 'Service summary', lazy: () => import('./service-summary.tsx') },
  { path: '/tracking/loading', purpose: 'Tracking: loading', lazy: () => import('./tracking-loading.tsx') },
  { path: '/tracking/permission', purpose: 'Tracking: location permission', lazy: () => import('./tracking-permission.tsx') },
  { path: '/tracking/coninspection', purpose: 'Tracking: accident documentation', lazy: () => import('./tracking-coninspection.tsx') },
  { path: '/tracking', purpose: 'Tracking', lazy: () => import('./tracking.tsx') },
  { path: '/survey', purpose: 'Survey (survey guard)', lazy: () => import('./survey.tsx') },
  { path: '/feedback', purpose: 'Feedback', lazy: () => import('./feedback.tsx') },
  { path: '/social', purpose: 'Share your experience', lazy: () => import('./social.tsx') },
  { path: '/help', purpose: 'Help', lazy: () => import('./help.tsx') },
  { path: '/geotext/landing', purpose: 'Geotext landing', ...planned('geotext', 'landing.title') },
  { path: '/geotext/permission/:roomId', purpose: 'Geotext permission', ...planned('geotext', 'permission.title') },
  { path: '/geotext/map/:roomId', purpose: 'Geotext map', ...planned('geotext', 'map.title') },
  { path: '/geotext/error/location', purpose: 'Geotext location error', ...planned('geotext', 'errorLocation.title') },
  { path: '/geotext/error/roomid', purpose: 'Geotext room error', ...planned('geotext', 'errorRoom.title') },
  { path: '/geotext/confirmation', purpose: "Geotext confirmation ('Recibido')", ...planned('geotext', 'confirmation.title') },
  // Sign-in start and callback (query product, code, state, error) and the entry route: paths are
  // ours (decision 170); they sit before /:serviceId, which would otherwise take them.
  { path: '/sign-in', purpose: 'Sign-in start', ...planned('sign-in', 'start.title') },
  { path: '/sign-in/callback', purpose: 'Sign-in callback', ...planned('sign-in', 'callback.title') },
  { path: '/entry', purpose: 'Entry: clears state, fixed brand, then /services', ...planned('entry', 'title') },
  { path: '/:serviceId', purpose: 'Shared-link landing', ...planned('shared-link', 'title') },
  { path: '/', purpose: 'Home', lazy: () => import('./home.tsx') },
  // Not in SPEC 2: any other path (two segments or more) gets the not-found screen.
  { path: '*', purpose: 'Not found', lazy: () => import('./not-found.tsx') },
];

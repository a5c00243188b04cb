import type { ComponentType } from 'react';
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
}

/** A route that a later version builds: its purpose and a 'coming in a later version' note. */
const planned = (ns: Namespace, titleKey: string) => ({
  load: () =>
    import('../../features/placeholder/components/planned-screen.tsx').then(
      ({ PlannedScreen }) => ({
        Component: () => <PlannedScreen ns={ns} titleKey={titleKey} />,
      }),
    ),
});

// prettier-ignore
export const ROUTE_TABLE: readonly AppRoute[] = [
  { path: '/corporate/home', purpose: 'Corporate home (corporate guard)', ...planned('corporate', 'home.title') },
  { path: '/corporate/centers', purpose: 'Corporate centers', ...planned('corporate', 'centers.title') },
  { path: '/corporate/services', purpose: 'Corporate services', ...planned('corporate', 'services.title') },
  { path: '/tips', purpose: 'Tip screen (survey guard)', load: () => import('./tips.tsx') },
  { path: '/plate', purpose: 'Vehicle plate entry (dispatch guard)', load: () => import('./plate.tsx') },
  { path: '/other-options/:option', purpose: 'vehicleNotFound and exceedLimit', load: () => import('./other-options.tsx') },
  { path: '/options', purpose: 'Member or visitor options', load: () => import('./options.tsx') },
  { path: '/get-service/:id', purpose: 'Second-stop entry', ...planned('get-service', 'title') },
  { path: '/mmm-openid/login-legacy', purpose: "Sign-in for one insurer's members (legacy)", load: () => import('./sign-in.tsx').then((m) => ({ Component: m.MemberLogin })) },
  { path: '/mmm-openid/login', purpose: "Sign-in for one insurer's members", load: () => import('./sign-in.tsx').then((m) => ({ Component: m.MemberLogin })) },
  { path: '/mmm-openid/callback', purpose: 'Member sign-in callback', load: () => import('./sign-in.tsx').then((m) => ({ Component: m.MemberCallback })) },
  { path: '/comments', purpose: 'Comments (dispatch guard)', ...planned('comments', 'title') },
  { path: '/clients', purpose: 'Client entry', load: () => import('./clients.tsx') },
  { path: '/services/tow/questions', purpose: 'Tow questions (dispatch guard)', load: () => import('./services-tow-questions.tsx') },
  { path: '/services/tow', purpose: 'Tow passengers (dispatch guard)', load: () => import('./services-tow.tsx') },
  { path: '/services/home', purpose: 'Home sub-services (dispatch guard)', ...planned('services', 'home.title') },
  { path: '/services', purpose: 'Service picker (dispatch guard)', load: () => import('./services.tsx') },
  { path: '/location/situation', purpose: 'Address-type picker: situation', ...planned('location', 'situation.title') },
  { path: '/location/destination', purpose: 'Address-type picker: destination', ...planned('location', 'destination.title') },
  { path: '/location/reference', purpose: 'Manual address', load: () => import('./location-reference.tsx') },
  { path: '/location/summary', purpose: 'Location summary', load: () => import('./location-summary.tsx') },
  { path: '/location', purpose: 'Location screen', load: () => import('./location.tsx') },
  { path: '/payment', purpose: 'Card payment', load: () => import('./payment.tsx') },
  { path: '/cancelled', purpose: 'Cancelled (same screen as finished)', load: () => import('./service-end.tsx') },
  { path: '/finished', purpose: 'Finished (same screen as cancelled)', load: () => import('./service-end.tsx') },
  { path: '/service-details', purpose: 'Service details summary', load: () => import('./service-details.tsx') },
  { path: '/service-summary', purpose: 'Service summary', load: () => import('./service-summary.tsx') },
  { path: '/tracking/loading', purpose: 'Tracking: loading', load: () => import('./tracking-loading.tsx') },
  { path: '/tracking/permission', purpose: 'Tracking: location permission', load: () => import('./tracking-permission.tsx') },
  { path: '/tracking/coninspection', purpose: 'Tracking: accident documentation', load: () => import('./tracking-coninspection.tsx') },
  { path: '/tracking', purpose: 'Tracking', load: () => import('./tracking.tsx') },
  { path: '/survey', purpose: 'Survey (survey guard)', load: () => import('./survey.tsx') },
  { path: '/feedback', purpose: 'Feedback', load: () => import('./feedback.tsx') },
  { path: '/social', purpose: 'Share your experience', load: () => import('./social.tsx') },
  { path: '/help', purpose: 'Help', load: () => import('./help.tsx') },
  { path: '/geotext/landing', purpose: 'Geotext landing', ...planned('geotext', 'landing.title') },
  { path: '/geotext/permission/:roomId', purpose: 'Geotext permission', ...planned('geotext', 'permission.title') },
  { path: '/geotext/map/:roomId', purpose: 'Geotext map', ...planned('geotext', 'map.title') },
  { path: '/geotext/error/location', purpose: 'Geotext location error', ...planned('geotext', 'errorLocation.title') },
  { path: '/geotext/error/roomid', purpose: 'Geotext room error', ...planned('geotext', 'errorRoom.title') },
  { path: '/geotext/confirmation', purpose: "Geotext confirmation ('Recibido')", ...planned('geotext', 'confirmation.title') },
  // Sign-in start and callback (query product, code, state, error) and the entry route: paths are
  // ours (decision 170); they sit before /:serviceId, which would otherwise take them.
  { path: '/sign-in', purpose: 'Sign-in start', load: () => import('./sign-in.tsx').then((m) => ({ Component: m.SignInStart })) },
  { path: '/sign-in/callback', purpose: 'Sign-in callback', load: () => import('./sign-in.tsx').then((m) => ({ Component: m.SignInCallback })) },
  { path: '/entry', purpose: 'Entry: clears state, fixed brand, then /services', ...planned('entry', 'title') },
  { path: '/:serviceId', purpose: 'Shared-link landing: customer or read-only shared view', load: () => import('./shared-link.tsx') },
  { path: '/', purpose: 'Home', load: () => import('./home.tsx') },
  // Not in SPEC 2: any other path (two segments or more) gets the not-found screen.
  { path: '*', purpose: 'Not found', load: () => import('./not-found.tsx') },
];

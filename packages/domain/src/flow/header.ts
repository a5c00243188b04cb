// SPEC 2 "Header: back arrow, brand logo, Help control (Ayuda), and a close control in a webview. No
// back arrow on /tracking, /tracking/loading, /service-summary, /survey. On /services in a webview the
// back arrow returns to the app with a closed message. Co-branding shows on tracking routes."

/** SPEC 2: the routes without a back arrow. */
export const ROUTES_WITHOUT_BACK_ARROW = [
  '/tracking',
  '/tracking/loading',
  '/service-summary',
  '/survey',
] as const;

/** What the header's back arrow does on a route. */
export type BackArrowAction = 'hidden' | 'close-webview' | 'navigate-back';

/** Trailing slashes do not make another route. */
function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Where flows start: '/' and, for a corporate brand, the corporate home it is sent to (SPEC 6). */
const HOME_ROUTES: readonly string[] = ['/', '/corporate/home'];

/**
 * The back arrow of SPEC 2. Home ('/', or '/corporate/home' for a corporate brand) is where every
 * flow starts, so it has nothing to go back to and shows no arrow either (decisions 171, 620).
 */
export function backArrowAction(pathname: string, isFromWebview: boolean): BackArrowAction {
  const path = normalizePath(pathname);
  if (
    HOME_ROUTES.includes(path) ||
    (ROUTES_WITHOUT_BACK_ARROW as readonly string[]).includes(path)
  ) {
    return 'hidden';
  }
  if (path === '/services' && isFromWebview) return 'close-webview';
  return 'navigate-back';
}

/** SPEC 2 "a close control in a webview": true when the header shows the close control. */
export function showsCloseControl(isFromWebview: boolean): boolean {
  return isFromWebview;
}

/** SPEC 2 "Co-branding shows on tracking routes": /tracking and the routes under it. */
export function showsCoBranding(pathname: string, brandIsCoBranded: boolean): boolean {
  const path = normalizePath(pathname);
  return brandIsCoBranded && (path === '/tracking' || path.startsWith('/tracking/'));
}

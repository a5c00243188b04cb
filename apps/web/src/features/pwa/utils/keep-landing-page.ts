/**
 * The address this document was loaded from; the app may have moved on since (an entry link that
 * forwards to /services), but the page the server sent is the one of this address.
 */
function documentUrl(): string {
  const [entry] = performance.getEntriesByType('navigation');
  return entry?.name ?? window.location.href;
}

/**
 * Whether a service worker controlled this page before the app registered its own: read when this
 * module is evaluated, which comes before the registration (update-snackbar.tsx registers as it
 * renders). A page a worker controls from its start was answered, and kept, by that worker.
 */
const controlledFromTheStart =
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  navigator.serviceWorker.controller !== null;

export interface KeepLandingPageOptions {
  /** Absent outside a secure context (an http address other than localhost). */
  container?: ServiceWorkerContainer | undefined;
  fetchPage?: typeof fetch;
  url?: string;
  /** Whether a worker controlled the page from its start (and so kept it). */
  cameThroughWorker?: boolean;
  /** Asks for the rest of what is on screen (docs/decisions/730). */
  alsoKeep?: () => void;
}

/**
 * On the first visit the page loads before its service worker exists, so the worker never saw it.
 * Once the worker controls this page, ask for the page again through it, so the worker keeps it
 * and the page the user landed on opens offline too (docs/decisions/176); `alsoKeep` then asks for
 * the rest of what is on screen (docs/decisions/730). The worker may have taken control before
 * this runs (it installs while the app starts on a busy phone): then the page is asked for at
 * once. Returns a function that stops waiting.
 */
export function keepLandingPageForOffline({
  container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  fetchPage = (input, init) => fetch(input, init),
  url = documentUrl(),
  cameThroughWorker = controlledFromTheStart,
  alsoKeep = () => undefined,
}: KeepLandingPageOptions = {}): () => void {
  // No service workers here (an http address other than localhost), or the page's own navigation
  // went through the worker, which kept it then.
  if (!container || cameThroughWorker) return () => undefined;
  const keep = () => {
    alsoKeep();
    // The body is read to its end, so the request completes: a page the browser may not cache
    // (decision 752) is not drained by the HTTP cache, and left unread it holds its request open.
    fetchPage(url, { headers: { accept: 'text/html' }, credentials: 'same-origin' })
      .then((response) => response.arrayBuffer())
      .catch((error: unknown) => {
        console.warn('[pwa] the landing page could not be kept for offline use', error);
      });
  };
  if (container.controller) {
    keep();
    return () => undefined;
  }
  container.addEventListener('controllerchange', keep, { once: true });
  return () => {
    container.removeEventListener('controllerchange', keep);
  };
}

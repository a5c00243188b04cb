/**
 * The address this document was loaded from; the app may have moved on since (an entry link that
 * forwards to /services), but the page the server sent is the one of this address.
 */
function documentUrl(): string {
  const [entry] = performance.getEntriesByType('navigation');
  return entry?.name ?? window.location.href;
}

/**
 * On the first visit the page loads before its service worker exists, so the worker never saw it.
 * When the worker takes control of this page, ask for the page again through it, so the worker
 * keeps it and the page the user landed on opens offline too (docs/decisions/176); `alsoKeep` then
 * asks for the rest of what is on screen (docs/decisions/730). Returns a function that stops waiting.
 */
export function keepLandingPageForOffline(
  // Absent outside a secure context (an http address other than localhost).
  container: ServiceWorkerContainer | undefined = 'serviceWorker' in navigator
    ? navigator.serviceWorker
    : undefined,
  fetchPage: typeof fetch = (input, init) => fetch(input, init),
  url: string = documentUrl(),
  alsoKeep: () => void = () => undefined,
): () => void {
  // Already controlled: this page's own navigation went through the worker.
  if (!container || container.controller) return () => undefined;
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
  container.addEventListener('controllerchange', keep, { once: true });
  return () => {
    container.removeEventListener('controllerchange', keep);
  };
}

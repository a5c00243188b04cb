/* global self */
// Web Push in the PWA's service worker (decision 452), loaded by the generated worker through
// workbox `importScripts` (apps/web/vite.config.ts). Plain JavaScript: it is served as is.
// The payload is the server's status notification (decision 451): {title, body, url, serviceId,
// statusNumber, tag}.

const FALLBACK_URL = '/tracking';

/** The notification's data, or null when the message carries none we can read. */
function readPushPayload(event) {
  if (!event.data) return null;
  try {
    const payload = event.data.json();
    return payload && typeof payload.title === 'string' ? payload : null;
  } catch {
    return null;
  }
}

/** A same-origin URL to open; anything else falls back to the tracking screen. */
function sameOriginUrl(candidate) {
  const origin = self.location.origin;
  try {
    const url = new URL(typeof candidate === 'string' ? candidate : FALLBACK_URL, origin);
    return url.origin === origin ? url.href : new URL(FALLBACK_URL, origin).href;
  } catch {
    return new URL(FALLBACK_URL, origin).href;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPushPayload(event);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      // One notification per service on the device: a newer status replaces the older one.
      tag: typeof payload.tag === 'string' ? payload.tag : undefined,
      renotify: typeof payload.tag === 'string',
      data: { url: sameOriginUrl(payload.url), serviceId: payload.serviceId },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      // An open window of the PWA follows the service live: bring it forward rather than open
      // another one; otherwise open the tracking screen.
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

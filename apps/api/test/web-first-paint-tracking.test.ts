import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRACKING_COOKIE, trackingCookieValue } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, services } from '../src/db/schema.ts';
import type { ServiceReadCache } from '../src/services/service-requests/read-cache.ts';
import { pageServiceOf } from '../src/services/tracking-page-service.ts';
import type { TestApp } from './helpers.ts';
import { APP_LOCALES, createFirstPaintApp } from './support/first-paint-app.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';
import {
  assignFirstDriver,
  cancelService,
  createService,
  serviceRow,
  type CreatedService,
} from './support/journey-service.ts';

// Decision 752: the /tracking page paints the status of the service its tracking cookie opens
// (the token, exactly as GET /services/{id} takes it) and hands the app that service's JSON;
// without a cookie that opens one, the page is the skeleton of decision 770. Such a page is the
// phone's alone: no cache keeps it.

const TRACKING_TEXTS = JSON.parse(
  readFileSync(join(APP_LOCALES, 'es', 'tracking.json'), 'utf8'),
) as { title: { accepted: string }; progress: Record<string, string> };

let t: TestApp;

beforeAll(async () => {
  t = await createFirstPaintApp();
});
afterAll(async () => {
  await t.close();
});

const cookieOf = (serviceId: string, token: string) =>
  `theme=dark; ${TRACKING_COOKIE}=${trackingCookieValue({ serviceId, token })}`;

async function trackingPage(cookie?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/tracking?brand=connect',
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
  expect(res.statusCode).toBe(200);
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(res.body)?.[1] ?? '';
  const data = /<script type="application\/json" id="first-service">([\s\S]*?)<\/script>/.exec(
    root,
  )?.[1];
  return { res, root, h1: /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1], data };
}

/** A service taken by the first driver of its branch, and that driver's name as stored. */
async function acceptedService(): Promise<{ service: CreatedService; driverName: string }> {
  const service = await createService(t, CONNECT_PR);
  await assignFirstDriver(t, service.id);
  const driverId = (await serviceRow(t, service.id))?.driverId ?? '';
  const [driver] = await t.db.db.select().from(drivers).where(eq(drivers.id, driverId));
  return { service, driverName: driver?.name ?? '' };
}

describe('/tracking painted with the phone’s service', () => {
  it('paints the status title and hands over what GET /services/{id} answers', async () => {
    const { service, driverName } = await acceptedService();
    const page = await trackingPage(cookieOf(service.id, service.token));

    expect(page.h1).toBe(TRACKING_TEXTS.title.accepted.replace('{{name}}', driverName));
    // Accepted: two of four steps reached, named under the bar; no arrival time yet.
    expect(page.root).toContain('aria-valuenow="2"');
    expect(page.root.match(/data-state="reached"/g)).toHaveLength(2);
    expect(page.root).toContain(
      `<span class="progress__label">${TRACKING_TEXTS.progress.accepted ?? '?'}</span>`,
    );
    expect(page.root).not.toContain('tracking__eta');
    const read = await t.app.inject({
      method: 'GET',
      url: `/common/services/${service.id}`,
      headers: service.headers,
    });
    expect(JSON.parse(page.data ?? 'null')).toEqual(read.json());
    // Inside the first paint, which the service worker takes out before it keeps a page.
    expect(page.root).toMatch(
      /^<!--first-paint-->[\s\S]*id="first-service"[\s\S]*<!--\/first-paint-->$/,
    );
    // The phone's alone: no cache keeps it, and a cache keying pages must key the cookie too.
    expect(page.res.headers['cache-control']).toBe('private, no-store');
    expect(String(page.res.headers.vary)).toMatch(/\bCookie\b/);
  });

  it('is the skeleton without a cookie, with a wrong token, or with another service’s id', async () => {
    const { service } = await acceptedService();
    const other = await createService(t, CONNECT_PR);
    for (const cookie of [
      undefined,
      cookieOf(service.id, 'not-the-token'),
      cookieOf(service.id, other.token),
      `${TRACKING_COOKIE}=garbage`,
    ]) {
      const page = await trackingPage(cookie);
      expect(page.h1).toMatch(/^<span class="skeleton skeleton--title"/);
      expect(page.data).toBeUndefined();
      expect(page.root).not.toContain(service.id);
      expect(page.res.headers['cache-control']).toBe('no-cache');
      expect(String(page.res.headers.vary)).toMatch(/\bCookie\b/);
    }
  });

  it('paints no status for a service the tracking screen does not stay on (the app leads elsewhere)', async () => {
    const cancelled = await createService(t, CONNECT_PR);
    await cancelService(t.app, cancelled.id, cancelled.token);
    const voided = await trackingPage(cookieOf(cancelled.id, cancelled.token));
    expect(voided.h1).toMatch(/^<span class="skeleton skeleton--title"/);
    expect(JSON.parse(voided.data ?? 'null')).toMatchObject({ _id: cancelled.id, status: 'Void' });

    // Active, but its trip not tracked yet: the app shows the loading screen.
    const { service } = await acceptedService();
    await t.db.db.update(services).set({ tripStatus: 'NEW' }).where(eq(services.id, service.id));
    const untracked = await trackingPage(cookieOf(service.id, service.token));
    expect(untracked.h1).toMatch(/^<span class="skeleton skeleton--title"/);
  });

  it('escapes what the service holds, in the title and in the data', async () => {
    const { service } = await acceptedService();
    const driverId = (await serviceRow(t, service.id))?.driverId ?? '';
    const hostile = '</script><img src=x onerror=alert(1)>';
    await t.db.db.update(drivers).set({ name: hostile }).where(eq(drivers.id, driverId));
    const page = await trackingPage(cookieOf(service.id, service.token));

    expect(page.root).not.toMatch(/<img src=x/i);
    expect(page.h1).toContain('&lt;/script&gt;&lt;img src=x');
    expect(page.data).not.toContain('<');
    expect(JSON.parse(page.data ?? 'null')).toMatchObject({ driver: { name: hostile } });
  });

  it('does not wait on a database that does not answer: the page goes without the service', async () => {
    const stalled: ServiceReadCache = {
      cached: () => undefined,
      read: () => new Promise(() => undefined),
      evict: () => undefined,
      size: () => 0,
    };
    const found = await pageServiceOf(
      { cache: stalled, repos: t.app.repositories },
      cookieOf('svc-00000001', 'token'),
      50,
    );
    expect(found).toBeUndefined();
  });
});

import {
  ApiErrorSchema,
  PushNotificationPayloadSchema,
  PushOptInResponseSchema,
  RuntimeConfigSchema,
} from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { pushSubscriptions } from '../src/db/schema.ts';
import { checkPushSubscription } from '../src/services/push/subscription-checks.ts';
import { startPushService, type PushServiceFixture } from './fixture-servers/push-service.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import {
  assignedDriverHeaders,
  type CreatedService,
  createService,
} from './support/journey-service.ts';
import { createPushSubscriber, verifyVapidAuthorization } from './support/push-subscriber.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';

// ARCHITECTURE decision 7 "push: Web Push with VAPID keys generated on first run"; SPEC 7 PATCH
// /api/v1/service-requests/{id}/pushOptIn {pushOptIn} (+ subscription, decision 450); status
// notifications (decision 451) checked at a local push service (RFC 8030), decrypted as a browser
// would (RFC 8291) and their VAPID header verified (RFC 8292).

let t: TestApp;
let push: PushServiceFixture;
let subscriptionCounter = 0;

beforeAll(async () => {
  // The local push service is on loopback: allowed by this explicit test setting only (decision 503).
  const defaults = testConfig().push;
  t = await createTestApp({
    config: { driverSimulator: false, push: { ...defaults, allowLoopbackEndpoints: true } },
  });
  push = await startPushService();
});
afterAll(async () => {
  await t.close();
  await push.close();
});
afterEach(async () => {
  await t.app.pushNotifications.idle();
  push.requests.length = 0;
});

function optIn(service: CreatedService, body: unknown, headers = service.headers) {
  return t.app.inject({
    method: 'PATCH',
    url: `/common/api/v1/service-requests/${service.id}/pushOptIn`,
    headers,
    payload: body as Record<string, unknown>,
  });
}

/** A service whose customer subscribed at the push service; answers its subscriber too. */
async function subscribedService(language?: 'es' | 'en') {
  const service = await createService(t, CONNECT_PR);
  const subscriber = createPushSubscriber();
  subscriptionCounter += 1;
  const name = `sub-${String(subscriptionCounter)}`;
  const subscription = subscriber.subscription(push.endpoint(name));
  const res = await optIn(service, { pushOptIn: true, subscription, language });
  expect(res.statusCode).toBe(200);
  return { service, subscriber, name, subscription };
}

function tripStatus(serviceId: string, status: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `/common/api/v1/driver-app/services/${serviceId}/trip-status`,
    headers,
    payload: { status },
  });
}

async function storedSubscriptions(serviceId: string) {
  return t.db.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.serviceId, serviceId));
}

describe('VAPID public key in /app-config.json', () => {
  it('hands out the applicationServerKey of the keys this server signs with', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app-config.json' });
    expect(res.statusCode).toBe(200);
    const { push: pushConfig } = RuntimeConfigSchema.parse(res.json());
    expect(pushConfig?.vapidPublicKey).toBe(t.app.pushNotifications.vapidPublicKey);
    expect(Buffer.from(pushConfig?.vapidPublicKey ?? '', 'base64url')).toHaveLength(65);
  });
});

describe('PATCH /common/api/v1/service-requests/:id/pushOptIn with a subscription', () => {
  it('stores the subscription (upsert by endpoint); {pushOptIn} alone stays valid', async () => {
    const { service, subscription } = await subscribedService('en');
    const [row] = await storedSubscriptions(service.id);
    expect(row).toMatchObject({
      endpoint: subscription.endpoint,
      keys: subscription.keys,
      language: 'en',
    });
    // The same endpoint again (new keys after a browser re-subscription): still one row, updated.
    const renewed = createPushSubscriber().subscription(subscription.endpoint);
    const again = await optIn(service, { pushOptIn: true, subscription: renewed });
    expect(PushOptInResponseSchema.parse(again.json())).toEqual({
      _id: service.id,
      pushOptIn: true,
    });
    const rows = await storedSubscriptions(service.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ keys: renewed.keys, language: 'es' });
    // The spec's payload as is.
    expect((await optIn(service, { pushOptIn: true })).statusCode).toBe(200);
    expect(await storedSubscriptions(service.id)).toHaveLength(1);
  });

  it('pushOptIn false deletes the service subscriptions', async () => {
    const { service } = await subscribedService();
    const res = await optIn(service, { pushOptIn: false });
    expect(res.json()).toEqual({ _id: service.id, pushOptIn: false });
    expect(await storedSubscriptions(service.id)).toEqual([]);
  });

  it('400 naming the field for a bad endpoint or bad keys; nothing stored', async () => {
    const service = await createService(t, CONNECT_PR);
    const good = createPushSubscriber().subscription('https://push.example.com/send/abc');
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'http://push.example.com/send/abc' }, 'body.subscription.endpoint'],
      [{ ...good, endpoint: 'https://10.0.0.8/send/abc' }, 'body.subscription.endpoint'],
      [{ ...good, endpoint: 'https://user:pw@push.example.com/x' }, 'body.subscription.endpoint'],
      [{ ...good, endpoint: 'not a url' }, 'body.subscription.endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: 'BAAA' } }, 'body.subscription.keys.p256dh'],
      // The right length and prefix, but not a point of P-256.
      [
        { ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } },
        'body.subscription.keys.p256dh',
      ],
      [{ ...good, keys: { ...good.keys, auth: 'c2hvcnQ' } }, 'body.subscription.keys.auth'],
    ];
    for (const [subscription, field] of cases) {
      const res = await optIn(service, { pushOptIn: true, subscription });
      expect(res.statusCode, JSON.stringify(subscription)).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).field).toBe(field);
    }
    const badLanguage = await optIn(service, {
      pushOptIn: true,
      subscription: good,
      language: 'fr',
    });
    expect(ApiErrorSchema.parse(badLanguage.json()).field).toBe('body.language');
    expect(await storedSubscriptions(service.id)).toEqual([]);
  });

  it('loopback and http endpoints only with the explicit test setting', async () => {
    const local = createPushSubscriber().subscription('http://127.0.0.1:9/push/x');
    const policy = { ...t.config.push, allowLoopbackEndpoints: true };
    await expect(checkPushSubscription(local, policy)).resolves.toBeUndefined();
    const production = { ...policy, allowLoopbackEndpoints: false };
    await expect(checkPushSubscription(local, production)).rejects.toThrow(/https/);
    const https = { ...local, endpoint: 'https://127.0.0.1:9/push/x' };
    await expect(checkPushSubscription(https, production)).rejects.toThrow(/public push service/);
  });

  it("401 without or with a wrong app key, 403 with another service's token", async () => {
    const service = await createService(t, CONNECT_PR);
    const other = await createService(t, CONNECT_PR);
    const body = {
      pushOptIn: true,
      subscription: createPushSubscriber().subscription(push.endpoint('intruder')),
    };
    const { 'x-api-key': _key, ...noKey } = service.headers;
    expect((await optIn(service, body, noKey)).statusCode).toBe(401);
    const wrongKey = { ...service.headers, 'x-api-key': 'not-the-app-key' };
    expect((await optIn(service, body, wrongKey)).statusCode).toBe(401);
    const forbidden = await optIn(service, body, other.headers);
    expect(forbidden.statusCode).toBe(403);
    expect(await storedSubscriptions(service.id)).toEqual([]);
    expect(await storedSubscriptions(other.id)).toEqual([]);
  });
});

describe('status notifications', () => {
  it('a trip status change from the driver app sends one encrypted, VAPID-signed push', async () => {
    const { service, subscriber, name } = await subscribedService();
    const driver = await assignedDriverHeaders(t, service.id);
    const before = Math.floor(Date.now() / 1000);

    const res = await tripStatus(service.id, 'ON_ROUTE', driver);
    expect(res.statusCode).toBe(200);
    const [request] = await push.waitForRequests(1);
    await t.app.pushNotifications.idle();
    expect(push.requests).toHaveLength(1);

    expect(request?.method).toBe('POST');
    expect(request?.subscription).toBe(name);
    const headers = request?.headers ?? {};
    const vapid = await verifyVapidAuthorization(headers.authorization, push.origin);
    expect(vapid.publicKey).toBe(t.app.pushNotifications.vapidPublicKey);
    expect(vapid.claims.sub).toBe(t.config.push.vapidSubject);
    expect(vapid.claims.exp).toBeGreaterThan(before);
    expect(vapid.claims.exp).toBeLessThanOrEqual(before + 24 * 3600 + 5);
    expect(headers['content-encoding']).toBe('aes128gcm');
    expect(headers['content-type']).toBe('application/octet-stream');
    expect(headers.ttl).toBe('900');
    expect(headers.urgency).toBe('high');
    expect(headers.topic).toMatch(/^[\w-]{1,32}$/);

    const payload = PushNotificationPayloadSchema.parse(
      JSON.parse(subscriber.decrypt(request?.body ?? Buffer.alloc(0))),
    );
    expect(payload).toEqual({
      title: 'Su asistencia va en camino',
      body: 'Siga en el mapa por dónde viene.',
      url: '/tracking',
      serviceId: service.id,
      statusNumber: 3,
      tag: `service-${service.id}`,
    });
  });

  it("speaks the subscriber's language; a retry of the same status sends nothing", async () => {
    const { service, subscriber } = await subscribedService('en');
    const driver = await assignedDriverHeaders(t, service.id);
    expect((await tripStatus(service.id, 'ARRIVED', driver)).statusCode).toBe(200);
    const [request] = await push.waitForRequests(1);
    const payload = JSON.parse(subscriber.decrypt(request?.body ?? Buffer.alloc(0))) as unknown;
    expect(payload).toMatchObject({ title: 'Your assistance has arrived', statusNumber: 4 });

    expect((await tripStatus(service.id, 'ARRIVED', driver)).json()).toMatchObject({
      changed: false,
    });
    await t.app.pushNotifications.idle();
    expect(push.requests).toHaveLength(1);
  });

  it("the driver's answer does not wait for the push service", async () => {
    const { service } = await subscribedService();
    const driver = await assignedDriverHeaders(t, service.id);
    const release = push.hold();
    try {
      const res = await tripStatus(service.id, 'ON_ROUTE', driver);
      expect(res.statusCode).toBe(200);
      // The push request has at most arrived; its answer is still held back.
      await push.waitForRequests(1);
    } finally {
      release();
    }
    await t.app.pushNotifications.idle();
    expect(await storedSubscriptions(service.id)).toHaveLength(1);
  });

  it('410 Gone deletes the subscription; the next change sends nothing to it', async () => {
    const { service, name } = await subscribedService();
    const driver = await assignedDriverHeaders(t, service.id);
    push.answer(name, { status: 410 });
    await tripStatus(service.id, 'ON_ROUTE', driver);
    await push.waitForRequests(1);
    await t.app.pushNotifications.idle();
    expect(await storedSubscriptions(service.id)).toEqual([]);
    await tripStatus(service.id, 'ARRIVED', driver);
    await t.app.pushNotifications.idle();
    expect(push.requests).toHaveLength(1);
  });

  it('429 is tried once more after Retry-After; 5xx twice is given up; the subscription stays', async () => {
    const { service, name, subscriber } = await subscribedService();
    const driver = await assignedDriverHeaders(t, service.id);
    push.answer(name, { status: 429, headers: { 'retry-after': '0' } });
    await tripStatus(service.id, 'ON_ROUTE', driver);
    const [first, second] = await push.waitForRequests(2);
    // The retry carries the same notification.
    for (const request of [first, second]) {
      expect(JSON.parse(subscriber.decrypt(request?.body ?? Buffer.alloc(0)))).toMatchObject({
        statusNumber: 3,
      });
    }

    push.answer(name, { status: 503 }, { status: 500 });
    await tripStatus(service.id, 'ARRIVED', driver);
    await push.waitForRequests(4);
    await t.app.pushNotifications.idle();
    expect(push.requests).toHaveLength(4);
    expect(await storedSubscriptions(service.id)).toHaveLength(1);
  });

  it('with two API processes on one database, only the writer sends (once)', async () => {
    const second: FastifyInstance = await buildApp({ config: t.config, db: t.db, logger: false });
    await second.ready();
    try {
      const { service } = await subscribedService();
      const driver = await assignedDriverHeaders(t, service.id);
      // The second process follows the service's events (LISTEN/NOTIFY) but wrote nothing.
      await second.serviceEventsBus.ready();
      expect((await tripStatus(service.id, 'ON_ROUTE', driver)).statusCode).toBe(200);
      await push.waitForRequests(1);
      await Promise.all([t.app.pushNotifications.idle(), second.pushNotifications.idle()]);
      expect(push.requests).toHaveLength(1);
      const vapid = await verifyVapidAuthorization(
        push.requests[0]?.headers.authorization,
        push.origin,
      );
      expect(vapid.publicKey).toBe(t.app.pushNotifications.vapidPublicKey);
    } finally {
      await second.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { ApiErrorSchema } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, services } from '../src/db/schema.ts';
import { issueDriverToken } from '../src/services/driver-app.ts';
import { createWebPushSender } from '../src/services/push/web-push-sender.ts';
import { startDnsServer, type DnsFixture } from './fixture-servers/dns.ts';
import { startPushService, type PushServiceFixture } from './fixture-servers/push-service.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import {
  assignFirstDriver,
  createService,
  type CreatedService,
} from './support/journey-service.ts';
import { createPushSubscriber } from './support/push-subscriber.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';
import { bearerHeaders } from './support/api-target.ts';

// Decision 503: the server POSTs to the endpoint a browser's push subscription names, so the
// endpoint must be https to a public address after DNS resolution, when the subscription is stored
// and again at each send (the name may resolve elsewhere by then), and the connection goes to the
// address that was checked. Names resolve through a DNS server on loopback; the push service is a
// local http fixture that only explicit test configuration may reach.

let t: TestApp;
let dns: DnsFixture;
let push: PushServiceFixture;

beforeAll(async () => {
  dns = await startDnsServer();
  push = await startPushService();
  // The production setting: no loopback push service, names resolved (here by the DNS fixture).
  const defaults = testConfig().push;
  t = await createTestApp({
    config: { driverSimulator: false, push: { ...defaults, lookup: dns.lookup } },
  });
});
afterAll(async () => {
  await t.close();
  await push.close();
  await dns.close();
});
afterEach(async () => {
  await t.app.pushNotifications.idle();
  push.requests.length = 0;
});

function optIn(service: CreatedService, endpoint: string) {
  return t.app.inject({
    method: 'PATCH',
    url: `/common/api/v1/service-requests/${service.id}/pushOptIn`,
    headers: service.headers,
    payload: { pushOptIn: true, subscription: createPushSubscriber().subscription(endpoint) },
  });
}

async function storedEndpoints(serviceId: string): Promise<string[]> {
  const rows = await t.db.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.serviceId, serviceId));
  return rows.map((row) => row.endpoint);
}

/** Moves the service's trip forward as its driver would: one status notification. */
async function changeStatus(serviceId: string): Promise<void> {
  await assignFirstDriver(t, serviceId);
  const [row] = await t.db.db.select().from(services).where(eq(services.id, serviceId));
  const token = await issueDriverToken(t.app.repositories, row?.driverId ?? '');
  const res = await t.app.inject({
    method: 'POST',
    url: `/common/api/v1/driver-app/services/${serviceId}/trip-status`,
    headers: bearerHeaders(t, token),
    payload: { status: 'ON_ROUTE' },
  });
  expect(res.statusCode).toBe(200);
  await t.app.pushNotifications.idle();
}

describe('PATCH pushOptIn: the endpoint must be a public https push service', () => {
  it('400 on body.subscription.endpoint for every non-public target; nothing stored', async () => {
    dns.set('push.rebind.test', ['10.0.0.7']);
    dns.set('push.mixed.test', ['142.250.64.10', '127.0.0.1']);
    dns.set('push.mapped.test', ['::ffff:127.0.0.1']);
    dns.set('push.cgnat.test', ['100.64.0.9']);
    dns.set('push.ula.test', ['fd00:ec2::254']);
    const service = await createService(t, CONNECT_PR);
    const endpoints = [
      // The loopback fixture without the explicit test setting.
      push.endpoint('not-allowed'),
      'https://localhost./push/x',
      'https://app.localhost/push/x',
      'https://[::1]/push/x',
      'https://[::ffff:127.0.0.1]/push/x',
      'https://[::127.0.0.1]/push/x',
      'https://2130706433/push/x',
      'https://0.0.0.0/push/x',
      'https://10.1.2.3/push/x',
      'https://100.64.0.1/push/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://metadata.google.internal./computeMetadata/v1/',
      'https://metadata/computeMetadata/v1/',
      'https://224.0.0.251/push/x',
      'https://240.0.0.1/push/x',
      'https://[fe80::1]/push/x',
      'https://[ff02::1]/push/x',
      // Names that resolve to a private, loopback or shared address.
      'https://push.rebind.test/push/x',
      'https://push.mixed.test/push/x',
      'https://push.mapped.test/push/x',
      'https://push.cgnat.test/push/x',
      'https://push.ula.test/push/x',
      // A name that does not resolve at all.
      'https://push.nowhere.test/push/x',
    ];
    for (const endpoint of endpoints) {
      const res = await optIn(service, endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(ApiErrorSchema.parse(res.json()), endpoint).toMatchObject({
        code: 'BAD_REQUEST',
        field: 'body.subscription.endpoint',
      });
    }
    expect(await storedEndpoints(service.id)).toEqual([]);
  });

  it('stores an https endpoint whose name resolves to public addresses only', async () => {
    dns.set('fcm.push.test', ['142.250.64.10', '2607:f8b0:4004:c1b::5f']);
    const service = await createService(t, CONNECT_PR);
    const endpoint = 'https://fcm.push.test/fcm/send/abc';
    expect((await optIn(service, endpoint)).statusCode).toBe(200);
    expect(await storedEndpoints(service.id)).toEqual([endpoint]);
  });
});

describe('each send checks the endpoint again', () => {
  it('a name that resolves to a private address by now is not contacted', async () => {
    // Public when the customer subscribed, loopback (the fixture's address) when the status changes.
    dns.set('push.later.test', ['142.250.64.10']);
    const service = await createService(t, CONNECT_PR);
    const endpoint = 'https://push.later.test/push/later';
    expect((await optIn(service, endpoint)).statusCode).toBe(200);
    dns.set('push.later.test', ['127.0.0.1']);
    // A row stored before these checks existed, pointing at the loopback push service.
    await t.db.db.insert(pushSubscriptions).values({
      id: randomUUID(),
      serviceId: service.id,
      endpoint: push.endpoint('stored-loopback'),
      keys: createPushSubscriber().subscription('x').keys,
      language: 'es',
    });

    await changeStatus(service.id);
    // The name was resolved again at send time, through the configured resolver ...
    expect(dns.queries('push.later.test')).toBe(1);
    // ... and neither endpoint received anything.
    expect(push.requests).toEqual([]);
  });

  it('connects to the address it checked, without resolving the name a second time', async () => {
    // The first answer is the loopback fixture, any later one a private address.
    dns.set('push.localhost', ['127.0.0.1'], ['10.255.255.1']);
    const sender = createWebPushSender({
      keys: webpush.generateVAPIDKeys(),
      subject: 'mailto:push@auxilio.example',
      timeoutMs: 2000,
      ttlSeconds: 60,
      // A local push service by explicit test configuration.
      endpoints: { allowLoopbackEndpoints: true, lookup: dns.lookup, timeoutMs: 2000 },
    });
    const port = new URL(push.origin).port;
    const target = createPushSubscriber().subscription(`http://push.localhost:${port}/push/pinned`);

    const first = await sender.send({ target, payload: '{}', topic: 'pinned' });
    expect(first).toMatchObject({ outcome: 'delivered', status: 201 });
    expect(push.requests.map((request) => request.subscription)).toEqual(['pinned']);
    expect(dns.queries('push.localhost')).toBe(1);

    // Now the name answers a private address: refused before any connection.
    const second = await sender.send({ target, payload: '{}', topic: 'pinned' });
    expect(second.outcome).toBe('rejected');
    expect(push.requests).toHaveLength(1);
  });
});

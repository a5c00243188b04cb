import { ApiErrorSchema, ShareLinkResponseSchema, SharedServiceSchema } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, services } from '../src/db/schema.ts';
import { hashServiceToken } from '../src/services/service-tokens.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  assignFirstDriver,
  type CreatedService,
  createService,
  serviceRow,
} from './support/journey-service.ts';
import { firstPrAccount, LOCATION_UPDATE } from './support/service-request-payload.ts';
import { openStream } from './support/service-stream.ts';
import { bearerHeaders } from './support/api-target.ts';

// ARCHITECTURE decision 9 "Shared tracking links carry their own expiring token and get a redacted
// view (no customer phone, no price)"; expiry 24 h after the service ends, Referrer-Policy:
// no-referrer and noindex (docs/decisions/474).

let t: TestApp;
let accountId: string;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  accountId = await firstPrAccount(t.db);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

function mint(serviceId: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `/common/api/v1/services/${serviceId}/share`,
    headers,
  });
}

function readShared(serviceId: string, shareToken: string | undefined, withKey = true) {
  return t.app.inject({
    method: 'GET',
    url: `/common/api/v1/services/${serviceId}/shared`,
    headers: {
      ...(withKey ? { 'x-api-key': t.config.appKey } : {}),
      ...(shareToken ? { authorization: `Bearer ${shareToken}` } : {}),
    },
  });
}

async function mintOk(service: CreatedService) {
  const res = await mint(service.id, service.headers);
  expect(res.statusCode).toBe(200);
  return ShareLinkResponseSchema.parse(res.json());
}

describe('shared tracking links', () => {
  it('the service token mints a link token that is stored hashed and reads a redacted view', async () => {
    const service = await createService(t, accountId);
    await assignFirstDriver(t, service.id);
    const link = await mintOk(service);
    expect(link.shareToken).toMatch(/^[\w-]{43}$/);
    expect(link.expiresAt).toBeNull();
    const row = await serviceRow(t, service.id);
    expect(row?.shareTokenHash).toBe(hashServiceToken(link.shareToken));
    expect(JSON.stringify(row)).not.toContain(link.shareToken);

    const res = await readShared(service.id, link.shareToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-store');
    const view = SharedServiceSchema.parse(res.json());
    const [driver] = await t.db.db
      .select()
      .from(drivers)
      .where(eq(drivers.id, row?.driverId ?? ''));
    expect(view).toMatchObject({
      serviceId: service.id,
      status: 'Active',
      trip: { status: 'ACCEPTED' },
      locations: { situation: { address: 'Calle Luna 5, San Juan' } },
      driver: { firstName: driver?.name.split(' ')[0] },
    });
    // Redacted: nothing of the customer's contact, no money, no tokens, no internal ids.
    const body = res.body;
    for (const secret of [
      '787-555-0100',
      'ana@example.com',
      service.token,
      link.shareToken,
      driver?.phone ?? 'driver phone',
      accountId,
    ]) {
      expect(body).not.toContain(secret);
    }
    for (const field of [
      'price',
      'payments',
      'surplus',
      'phone',
      'email',
      'firstname',
      'account',
    ]) {
      expect(body).not.toMatch(new RegExp(`"${field}"`));
    }
    if ((driver?.name.split(' ').length ?? 0) > 1) expect(body).not.toContain(driver?.name);
  });

  it('minting again replaces the link: the earlier token stops working', async () => {
    const service = await createService(t, accountId);
    const first = await mintOk(service);
    const second = await mintOk(service);
    expect(second.shareToken).not.toBe(first.shareToken);
    expect((await readShared(service.id, first.shareToken)).statusCode).toBe(403);
    expect((await readShared(service.id, second.shareToken)).statusCode).toBe(200);
  });

  it('refuses: no token 401, no app key 401, a link of another service or a service token 403', async () => {
    const a = await createService(t, accountId);
    const b = await createService(t, accountId);
    const linkA = await mintOk(a);
    expect((await readShared(a.id, undefined)).statusCode).toBe(401);
    expect((await readShared(a.id, linkA.shareToken, false)).statusCode).toBe(401);
    // A's link on B, and B's own bearer token used as a link token.
    const cross = await readShared(b.id, linkA.shareToken);
    expect(cross.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(cross.json()).code).toBe('FORBIDDEN');
    expect((await readShared(b.id, b.token)).statusCode).toBe(403);
    // A link token cannot mint, nor read the full service.
    expect(
      (
        await mint(a.id, {
          'x-api-key': t.config.appKey,
          authorization: `Bearer ${linkA.shareToken}`,
        })
      ).statusCode,
    ).toBe(403);
    const full = await t.app.inject({
      method: 'GET',
      url: `/common/services/${a.id}`,
      headers: bearerHeaders(t, linkA.shareToken),
    });
    expect(full.statusCode).toBe(403);
    // Minting needs the service's own token: B's token on A is 403, none is 401.
    expect((await mint(a.id, b.headers)).statusCode).toBe(403);
    expect((await mint(a.id, { 'x-api-key': t.config.appKey })).statusCode).toBe(401);
    expect((await mint(a.id, { authorization: a.headers.authorization ?? '' })).statusCode).toBe(
      401,
    );
    // A bad id is a 400 naming the field.
    const bad = await mint('not an id!', a.headers);
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).field).toBe('params.id');
  });

  it('works until 24 h after the service ends, then answers 410; an ended service cannot be shared after that', async () => {
    const service = await createService(t, accountId);
    const link = await mintOk(service);
    const endedRecently = new Date(Date.now() - 23 * 60 * 60 * 1000);
    await t.db.db
      .update(services)
      .set({ status: 'Finished', endDate: endedRecently })
      .where(eq(services.id, service.id));
    const open = await readShared(service.id, link.shareToken);
    expect(open.statusCode).toBe(200);
    expect(SharedServiceSchema.parse(open.json()).expiresAt).toBe(
      new Date(endedRecently.getTime() + DAY_MS).toISOString(),
    );
    // Minted after the end: the expiry is stored with the link.
    const late = await mintOk(service);
    expect(late.expiresAt).toBe(new Date(endedRecently.getTime() + DAY_MS).toISOString());
    expect((await serviceRow(t, service.id))?.shareTokenExpiresAt?.toISOString()).toBe(
      late.expiresAt,
    );

    await t.db.db
      .update(services)
      .set({ endDate: new Date(Date.now() - DAY_MS - 60_000) })
      .where(eq(services.id, service.id));
    const gone = await readShared(service.id, late.shareToken);
    expect(gone.statusCode).toBe(410);
    expect(ApiErrorSchema.parse(gone.json()).code).toBe('GONE');
    expect((await mint(service.id, service.headers)).statusCode).toBe(410);
  });

  it('a cancelled service without end date expires 24 h after its last event', async () => {
    const service = await createService(t, accountId);
    const link = await mintOk(service);
    await t.db.db.update(services).set({ status: 'Void' }).where(eq(services.id, service.id));
    const res = await readShared(service.id, link.shareToken);
    expect(res.statusCode).toBe(200);
    const expiresAt = Date.parse(SharedServiceSchema.parse(res.json()).expiresAt ?? '');
    expect(expiresAt).toBeGreaterThan(Date.now() + DAY_MS - 10 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + DAY_MS);
  });

  it('the landing page of a share link is noindex and no-referrer, in headers and meta tags', async () => {
    const service = await createService(t, accountId);
    const link = await mintOk(service);
    const res = await t.app.inject({
      method: 'GET',
      url: `/${service.id}?account=connect&redirect=tracking/loading&t=${link.shareToken}`,
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.body).toContain('<meta name="referrer" content="no-referrer">');

    // Other pages keep the default policy and no such tags.
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(home.body).not.toContain('name="robots"');
  });

  it('the shared event stream sends ids and types, never payloads; a wrong link is refused', async () => {
    const service = await createService(t, accountId);
    const link = await mintOk(service);
    const url = (token: string) =>
      `${baseUrl}/common/api/v1/services/${service.id}/shared/events?key=${encodeURIComponent(
        t.config.appKey,
      )}&token=${encodeURIComponent(token)}`;

    const refused = await openStream(url(service.token));
    expect(refused.status).toBe(403);
    refused.close();

    const stream = await openStream(url(link.shareToken));
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('referrer-policy')).toBe('no-referrer');
      expect(stream.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const created = await stream.next();
      expect(created).toEqual({ id: '1', event: 'created', data: {} });

      // A real change (the customer moves the pin): the link holder hears of it, without the place.
      const moved = await t.app.inject({
        method: 'PATCH',
        url: `/common/api/v1/services/${service.id}/locations`,
        headers: service.headers,
        payload: LOCATION_UPDATE,
      });
      expect(moved.statusCode).toBe(200);
      const next = await stream.next();
      expect(next.id).toBe('2');
      expect(next.data).toEqual({});
    } finally {
      stream.close();
    }
  });
});

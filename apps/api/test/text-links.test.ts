import {
  ApiErrorSchema,
  TextLinkExchangeResponseSchema,
  type TextLinkPurpose,
} from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, services } from '../src/db/schema.ts';
import { toE164 } from '../src/services/messaging/twilio-sms.ts';
import { signTextLink } from '../src/services/text-links.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';
import { outboxRow } from './support/outbox.ts';
import {
  assignedDriverHeaders,
  createService,
  finishService,
  serviceRow,
  type CreatedService,
} from './support/journey-service.ts';
import { appKeyHeaders } from './support/api-target.ts';

// Links in the texts sent to the customer (docs/decisions/610, 611): the confirmation, "on the way"
// and second-stop texts carry a signed, expiring, single-purpose token that opens the service on
// any phone; the exchange answers the service's session and nothing personal.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

function exchange(serviceId: string, linkToken: string, purpose: TextLinkPurpose) {
  return t.app.inject({
    method: 'POST',
    url: `/common/api/v1/services/${serviceId}/text-link`,
    headers: appKeyHeaders(t),
    payload: { linkToken, purpose },
  });
}

/** The `t` of the link in a text of the outbox. */
function linkOf(body: string): URL {
  const match = /https?:\/\/\S+/.exec(body);
  if (!match) throw new Error(`no link in ${body}`);
  return new URL(match[0]);
}

async function textOf(id: string) {
  await t.app.customerTexts.idle();
  const row = await outboxRow(t, id);
  if (!row) throw new Error(`no text ${id} in the outbox`);
  return row;
}

function tripStatus(serviceId: string, status: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `/common/api/v1/driver-app/services/${serviceId}/trip-status`,
    headers,
    payload: { status },
  });
}

function codeOf(res: { json: () => unknown }) {
  return ApiErrorSchema.parse(res.json()).code;
}

describe('texts to the customer carry a link that opens the service on any phone', () => {
  let service: CreatedService;
  beforeAll(async () => {
    service = await createService(t, CONNECT_PR, { situation: 'towBreakdown' });
  });

  it('the confirmation text links to the landing with a signed tracking token, not a bare id', async () => {
    const text = await textOf(`text-confirmation-${service.id}`);
    const row = await serviceRow(t, service.id);
    expect(text.kind).toBe('sms');
    // The customer typed 787-555-0100 on a Puerto Rico service: the SMS provider gets E.164.
    expect(row?.phone).toBe('787-555-0100');
    expect(text.to).toBe('+17875550100');
    expect(toE164(text.to ?? '')).toBe('+17875550100');
    expect(text.body).toContain(`#${service.serviceNumber}`);
    const link = linkOf(text.body);
    expect(link.pathname).toBe(`/${service.id}`);
    expect(link.searchParams.get('redirect')).toBe('tracking/loading');
    expect(link.searchParams.get('t')).toMatch(/^t\./);
    expect(text.body).not.toContain(service.token);
  });

  it("the exchange answers the service's own session and nothing personal", async () => {
    const link = linkOf((await textOf(`text-confirmation-${service.id}`)).body);
    const res = await exchange(service.id, link.searchParams.get('t') ?? '', 'tracking');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const session = TextLinkExchangeResponseSchema.parse(res.json());
    expect(session).toMatchObject({ serviceId: service.id, purpose: 'tracking' });
    expect(session.token).toBe(service.token);
    expect(Object.keys(res.json<object>()).sort()).toEqual(
      ['accountId', 'brand', 'expiresAt', 'purpose', 'serviceId', 'serviceNumber', 'token'].sort(),
    );
    const row = await serviceRow(t, service.id);
    for (const personal of [row?.phone, row?.firstname, row?.email, row?.situationAddress]) {
      if (personal) expect(res.body).not.toContain(personal);
    }
    // The session it gives reads the service as the customer does.
    const read = await t.app.inject({
      method: 'GET',
      url: `/common/services/${service.id}`,
      headers: { ...appKeyHeaders(t), authorization: `Bearer ${session.token}` },
    });
    expect(read.statusCode).toBe(200);
  });

  it('"on the way" and the second stop send their own texts, once each', async () => {
    const driver = await assignedDriverHeaders(t, service.id);
    expect((await tripStatus(service.id, 'ON_ROUTE', driver)).statusCode).toBe(200);
    expect((await tripStatus(service.id, 'ON_ROUTE', driver)).statusCode).toBe(200);
    const onTheWay = await textOf(`text-onTheWay-${service.id}`);
    expect(onTheWay.body).toContain('va en camino');
    expect(linkOf(onTheWay.body).searchParams.get('t')).toMatch(/^t\./);

    expect((await tripStatus(service.id, 'ARRIVED', driver)).statusCode).toBe(200);
    expect((await tripStatus(service.id, 'TOWED', driver)).statusCode).toBe(200);
    const secondStop = linkOf((await textOf(`text-secondStop-${service.id}`)).body);
    expect(secondStop.pathname).toBe(`/get-service/${service.id}`);
    const token = secondStop.searchParams.get('t') ?? '';
    expect((await exchange(service.id, token, 'secondStop')).statusCode).toBe(200);

    const texts = await t.db.db.select().from(messages).where(eq(messages.serviceId, service.id));
    expect(
      texts
        .filter((m) => m.id.startsWith('text-'))
        .map((m) => m.id)
        .sort(),
    ).toEqual(
      [
        `text-confirmation-${service.id}`,
        `text-onTheWay-${service.id}`,
        `text-secondStop-${service.id}`,
      ].sort(),
    );
  });
});

describe('the pages of texted links', () => {
  it('/get-service/{id} with a link token is noindex and no-referrer, as the landing is', async () => {
    const service = await createService(t, CONNECT_PR);
    const row = await serviceRow(t, service.id);
    if (!row) throw new Error('no service');
    const token = signTextLink(
      t.app.serverKeys.textLink,
      'secondStop',
      row,
      new Date(Date.now() + DAY_MS),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/get-service/${service.id}?t=${token}`,
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.body).toContain('<meta name="referrer" content="no-referrer">');
  });
});

describe('a link that is wrong, expired or revoked does not open the service', () => {
  const key = () => t.app.serverKeys.textLink;
  const inAWeek = () => new Date(Date.now() + 7 * DAY_MS);

  async function signed(service: CreatedService, purpose: TextLinkPurpose, expiresAt = inAWeek()) {
    const row = await serviceRow(t, service.id);
    if (!row) throw new Error('no service');
    return signTextLink(key(), purpose, row, expiresAt);
  }

  it('a valid token opens only its own purpose (403 for another page)', async () => {
    const service = await createService(t, CONNECT_PR);
    const token = await signed(service, 'confirmData');
    expect((await exchange(service.id, token, 'confirmData')).statusCode).toBe(200);
    const wrongPurpose = await exchange(service.id, token, 'tracking');
    expect(wrongPurpose.statusCode).toBe(403);
    expect(codeOf(wrongPurpose)).toBe('FORBIDDEN');
    // Changing the letter of the purpose breaks the signature.
    const relabelled = await exchange(service.id, `t${token.slice(1)}`, 'tracking');
    expect(relabelled.statusCode).toBe(403);
  });

  it('a wrong signature is a 403, as is another key', async () => {
    const service = await createService(t, CONNECT_PR);
    const token = await signed(service, 'tracking');
    const flipped = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await exchange(service.id, flipped, 'tracking')).statusCode).toBe(403);
    const row = await serviceRow(t, service.id);
    if (!row) throw new Error('no service');
    const foreign = signTextLink(Buffer.alloc(32, 7), 'tracking', row, inAWeek());
    expect((await exchange(service.id, foreign, 'tracking')).statusCode).toBe(403);
    // A longer expiry than signed is a different message: refused.
    const [code, , mac] = token.split('.');
    const later = Math.floor(Date.now() / 1000 + 30 * 86400).toString(36);
    expect((await exchange(service.id, `${code}.${later}.${mac}`, 'tracking')).statusCode).toBe(
      403,
    );
  });

  it("another service's token is refused like an unknown service", async () => {
    const mine = await createService(t, CONNECT_PR);
    const theirs = await createService(t, CONNECT_PR);
    const token = await signed(mine, 'tracking');
    const other = await exchange(theirs.id, token, 'tracking');
    const unknown = await exchange('svc-unknown-000000', token, 'tracking');
    expect(other.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(other.json()).toEqual(unknown.json());
    expect(other.body).not.toContain(theirs.token);
  });

  it('an expired token is a 410; so is one whose service ended more than 24 h ago', async () => {
    const service = await createService(t, CONNECT_PR);
    const expired = await signed(service, 'tracking', new Date(Date.now() - 1000));
    const res = await exchange(service.id, expired, 'tracking');
    expect(res.statusCode).toBe(410);
    expect(codeOf(res)).toBe('GONE');

    const token = await signed(service, 'tracking');
    await finishService(t, service.id);
    // Within 24 h of the end the customer still reaches the survey.
    await t.db.db
      .update(services)
      .set({ endDate: new Date(Date.now() - DAY_MS / 2) })
      .where(eq(services.id, service.id));
    expect((await exchange(service.id, token, 'tracking')).statusCode).toBe(200);
    await t.db.db
      .update(services)
      .set({ endDate: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(services.id, service.id));
    expect((await exchange(service.id, token, 'tracking')).statusCode).toBe(410);
  });

  it("replacing the service's access record revokes every link signed for it", async () => {
    const service = await createService(t, CONNECT_PR);
    const token = await signed(service, 'tracking');
    expect((await exchange(service.id, token, 'tracking')).statusCode).toBe(200);
    await t.db.db
      .update(services)
      .set({ tokenHash: 'f'.repeat(64) })
      .where(eq(services.id, service.id));
    const revoked = await exchange(service.id, token, 'tracking');
    expect(revoked.statusCode).toBe(403);
    expect(revoked.body).not.toContain(service.token);
  });

  it('malformed input is a 400 with the field, never a 5xx; the app key is required', async () => {
    const service = await createService(t, CONNECT_PR);
    const bad = await exchange(service.id, 'not-a-token', 'tracking');
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).field).toContain('linkToken');
    const token = await signed(service, 'tracking');
    const noKey = await t.app.inject({
      method: 'POST',
      url: `/common/api/v1/services/${service.id}/text-link`,
      payload: { linkToken: token, purpose: 'tracking' },
    });
    expect(noKey.statusCode).toBe(401);
  });
});

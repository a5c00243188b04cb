import { ShareLinkResponseSchema } from '@auxilio/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { firstPrAccount } from './support/service-request-payload.ts';
import { createService } from './support/journey-service.ts';
import { eventsUrl, openStream } from './support/service-stream.ts';
import { bearerHeaders } from './support/api-target.ts';
import { capturedLogger } from './support/captured-logs.ts';

// Request logs never carry a credential (docs/decisions/501): the share link's `?t=`, the event
// streams' `?token=` and `?key=`, any other query value that is not known to be harmless, the
// Authorization header and cookies. The app logs into a capture stream and real HTTP requests are
// made, as an operator would later read those lines.

let t: TestApp;
let app: FastifyInstance;
let baseUrl: string;
let accountId: string;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({
    config: t.config,
    db: t.db,
    logger: capturedLogger(lines),
  });
  // A handler that logs the request's headers, as a future debugging line might.
  app.get('/test-only/log-headers', (request) => {
    request.log.info({ headers: request.headers }, 'headers of the request');
    request.log.info({ req: { headers: request.headers } }, 'request with headers');
    return { ok: true };
  });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  accountId = await firstPrAccount(t.db);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

async function mintShareToken(serviceId: string, token: string): Promise<string> {
  const res = await fetch(`${baseUrl}/common/api/v1/services/${serviceId}/share`, {
    method: 'POST',
    headers: bearerHeaders(t, token),
  });
  return ShareLinkResponseSchema.parse(await res.json()).shareToken;
}

describe('request logs', () => {
  it('redact the share token of a shared link page and of the shared stream', async () => {
    const { id: serviceId, token } = await createService(app, accountId);
    const shareToken = await mintShareToken(serviceId, token);
    lines.length = 0;

    // The link a customer sends (decision 474): the PWA's page, served by the catch-all route.
    const page = await fetch(
      `${baseUrl}/${serviceId}?account=connect&redirect=tracking/loading&t=${shareToken}`,
      { headers: { accept: 'text/html' } },
    );
    expect(page.status).toBe(200);
    await page.text();
    const shared = await fetch(`${baseUrl}/common/api/v1/services/${serviceId}/shared`, {
      headers: bearerHeaders(t, shareToken),
    });
    expect(shared.status).toBe(200);
    const url = new URL(`${baseUrl}/common/api/v1/services/${serviceId}/shared/events`);
    url.searchParams.set('key', t.config.appKey);
    url.searchParams.set('token', shareToken);
    const stream = await openStream(url.toString());
    await stream.next();
    stream.close();

    const log = lines.join('');
    expect(log).not.toContain(shareToken);
    expect(log).toContain(
      `"url":"/${serviceId}?account=connect&redirect=tracking/loading&t=[REDACTED]"`,
    );
    expect(log).toContain(`/shared/events?key=[REDACTED]&token=[REDACTED]`);
  });

  it('redact the service token and app key of the event stream, and of any unknown route', async () => {
    const { id: serviceId, token } = await createService(app, accountId);
    lines.length = 0;
    const stream = await openStream(eventsUrl(baseUrl, serviceId, { key: t.config.appKey, token }));
    await stream.next();
    stream.close();
    const missing = await fetch(`${baseUrl}/common/api/v1/nowhere?token=${token}&lastEventId=3`, {
      headers: { 'x-api-key': t.config.appKey },
    });
    expect(missing.status).toBe(404);

    const log = lines.join('');
    expect(log).not.toContain(token);
    expect(log).not.toContain(t.config.appKey);
    expect(log).toContain(`/events?key=[REDACTED]&token=[REDACTED]`);
    expect(log).toContain(`/common/api/v1/nowhere?token=[REDACTED]&lastEventId=3`);
  });

  it('never print the Authorization header or a cookie, even when a handler logs the headers', async () => {
    const secretCookie = 'session=cookie-secret-0123456789';
    const bearer = 'Bearer bearer-secret-0123456789';
    lines.length = 0;
    const res = await fetch(`${baseUrl}/test-only/log-headers`, {
      headers: { authorization: bearer, cookie: secretCookie, 'user-agent': 'log-test' },
    });
    expect(res.status).toBe(200);

    const log = lines.join('');
    expect(log).toContain('headers of the request');
    expect(log).not.toContain('bearer-secret');
    expect(log).not.toContain('cookie-secret');
    expect(log).toContain('"user-agent":"log-test"');
    expect(log).toContain('"authorization":"[REDACTED]"');
    expect(log).toContain('"cookie":"[REDACTED]"');
  });
});

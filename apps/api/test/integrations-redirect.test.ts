import { IntegrationListSchema } from '@auxilio/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccountId } from '../src/db/seed/accounts.ts';
import { integrations } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Decision 630: GET /common/api/v2/accounts/{id}/integrations hands out a success redirect only when
// it is https and on the integration's allowed list, on the real seeded database.

let t: TestApp;
const CONNECT_PR_VISITOR = demoAccountId('connect', 'PR', 'visitor');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function integrationsOf(accountId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/common/api/v2/accounts/${accountId}/integrations`,
    headers: { 'x-api-key': t.config.appKey },
  });
  expect(res.statusCode).toBe(200);
  return IntegrationListSchema.parse(res.json());
}

async function storeTrackingRedirect(url: string, allowed: string[]) {
  await t.db.db
    .update(integrations)
    .set({ config: { successRedirectUrl: url, allowedRedirectOrigins: allowed } })
    .where(
      and(
        eq(integrations.accountId, CONNECT_PR_VISITOR),
        eq(integrations.name, 'connect-app-tracking'),
      ),
    );
}

describe('success redirects handed out by the integrations endpoint', () => {
  it('the demo account hands out its allowed https redirect', async () => {
    const list = await integrationsOf(CONNECT_PR_VISITOR);
    const tracking = list.find((item) => item.name === 'connect-app-tracking');
    expect(tracking?.config).toEqual({
      successRedirectUrl: 'https://connect-app.example/servicio-finalizado',
      allowedRedirectOrigins: ['https://connect-app.example'],
    });
  });

  it.each([
    ['http://connect-app.example/ok', ['https://connect-app.example']],
    ['https://elsewhere.example/ok', ['https://connect-app.example']],
    ['https://connect-app.example/ok', []],
    ['https://connect-app.example/ok', ['http://connect-app.example']],
  ])('a stored redirect %s with allowed list %j is handed out as null', async (url, allowed) => {
    await storeTrackingRedirect(url, allowed);
    const tracking = (await integrationsOf(CONNECT_PR_VISITOR)).find(
      (item) => item.name === 'connect-app-tracking',
    );
    expect(tracking?.enabled).toBe(true);
    expect(tracking?.config.successRedirectUrl).toBeNull();
  });

  it('the member account of the road journeys has no success redirect', async () => {
    const list = await integrationsOf(demoAccountId('connect', 'PR', 'member'));
    expect(list.every((item) => item.config.successRedirectUrl === null)).toBe(true);
  });
});

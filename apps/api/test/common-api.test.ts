import {
  ApiErrorSchema,
  AccountSchema,
  CampaignSchema,
  IntegrationListSchema,
} from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, campaigns, integrations } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Endpoints of SPEC 7 under /common, on the real (seeded) database.

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = { 'x-api-key': t.config.appKey };
});
afterAll(async () => {
  await t.close();
});

async function get(url: string, extraHeaders: Record<string, string> = headers) {
  return t.app.inject({ method: 'GET', url, headers: extraHeaders });
}

/** An account row that has at least one integration, and one row of each other kind. */
async function seededRows() {
  const [account] = await t.db.db.select().from(accounts).orderBy(accounts.id).limit(1);
  const [campaign] = await t.db.db.select().from(campaigns).orderBy(campaigns.name).limit(1);
  const [integration] = await t.db.db.select().from(integrations).orderBy(integrations.id).limit(1);
  if (!account || !campaign || !integration)
    throw new Error('the demo seed has no accounts/campaigns');
  return { account, campaign, integration };
}

describe('GET /common/services/types/all', () => {
  it('returns the 23 service types of SPEC 1 with their categories (15 road, 8 home)', async () => {
    const res = await get('/common/services/types/all');
    expect(res.statusCode).toBe(200);
    const types = res.json<{ name: string; category: string }[]>();
    expect(types).toHaveLength(23);
    expect(types.filter((type) => type.category === 'road')).toHaveLength(15);
    expect(types.filter((type) => type.category === 'home')).toHaveLength(8);
    expect(types).toContainEqual({ name: 'towCollision', category: 'road' });
    expect(types).toContainEqual({ name: 'Home Locksmith', category: 'home' });
  });
});

describe('GET /common/accounts/:id', () => {
  it('returns the seeded account in the SPEC 3 shape', async () => {
    const { account } = await seededRows();
    const res = await get(`/common/accounts/${account.id}`);
    expect(res.statusCode).toBe(200);
    const body = AccountSchema.parse(res.json());
    expect(body).toMatchObject({
      _id: account.id,
      name: account.name,
      branch: account.branch,
      brand: account.brand,
      kind: account.kind,
      salesforce: account.salesforceId,
      managementFee: account.managementFeeCents,
      tax: { label: account.taxLabel, rate: account.taxRate },
    });
    expect(body.serviceFees).toEqual(account.serviceFees);
    expect(body.pwaRoadServicesAllowed).toEqual(account.pwaRoadServicesAllowed);
  });

  it('answers 404 { code, message } for an unknown account', async () => {
    const res = await get('/common/accounts/ffffffffffffffffffffffff');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.code).toBe('NOT_FOUND');
    expect(body.message).toContain('ffffffffffffffffffffffff');
  });

  it('answers 400 naming the field for a malformed id', async () => {
    const res = await get('/common/accounts/not-an-id');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'params.id: Expected a 24-character hex id',
      field: 'params.id',
    });
  });

  it.each([
    ['missing', {}, 'Missing x-api-key header'],
    ['wrong', { 'x-api-key': 'not-the-key' }, 'Unknown x-api-key'],
  ])('answers 401 when the app key is %s (ARCHITECTURE decision 9)', async (_, given, message) => {
    const { account } = await seededRows();
    const res = await get(`/common/accounts/${account.id}`, given);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message });
  });

  it('checks the app key before validating the request', async () => {
    const res = await get('/common/accounts/not-an-id', {});
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /common/accounts/salesforce/:id', () => {
  it('returns the account with that Salesforce id', async () => {
    const { account } = await seededRows();
    const res = await get(`/common/accounts/salesforce/${account.salesforceId}`);
    expect(res.statusCode).toBe(200);
    expect(AccountSchema.parse(res.json())).toMatchObject({
      _id: account.id,
      salesforce: account.salesforceId,
    });
  });

  it('answers 404 for an unknown Salesforce id and 400 for a malformed one', async () => {
    const unknown = await get('/common/accounts/salesforce/001ZZZZZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ code: string }>().code).toBe('NOT_FOUND');
    const malformed = await get('/common/accounts/salesforce/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ field: string }>().field).toBe('params.id');
  });
});

describe('GET /common/accounts/campaigns/:name', () => {
  it('returns the seeded campaign', async () => {
    const { campaign } = await seededRows();
    const res = await get(`/common/accounts/campaigns/${encodeURIComponent(campaign.name)}`);
    expect(res.statusCode).toBe(200);
    expect(CampaignSchema.parse(res.json())).toEqual({
      name: campaign.name,
      account: campaign.accountId,
      brand: campaign.brand,
      serviceTypes: campaign.serviceTypes,
      active: campaign.active,
    });
  });

  it('answers 404 for an unknown campaign', async () => {
    const res = await get('/common/accounts/campaigns/no-such-campaign');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ code: string }>().code).toBe('NOT_FOUND');
  });
});

describe('GET /common/api/v2/accounts/:id/integrations', () => {
  it("returns the account's integrations as stored", async () => {
    const { integration } = await seededRows();
    const stored = await t.db.db
      .select()
      .from(integrations)
      .where(eq(integrations.accountId, integration.accountId));
    const res = await get(`/common/api/v2/accounts/${integration.accountId}/integrations`);
    expect(res.statusCode).toBe(200);
    const body = IntegrationListSchema.parse(res.json());
    expect(body.map((item) => item.name).sort()).toEqual(stored.map((row) => row.name).sort());
    const first = body.find((item) => item.name === integration.name);
    expect(first?.enabled).toBe(integration.enabled);
  });

  it('returns an empty list for an account without integrations', async () => {
    const rows = await t.db.db.select({ id: accounts.id }).from(accounts);
    const withIntegrations = new Set(
      (await t.db.db.select({ id: integrations.accountId }).from(integrations)).map(
        (row) => row.id,
      ),
    );
    const plain = rows.find((row) => !withIntegrations.has(row.id));
    if (!plain) throw new Error('every seeded account has integrations');
    const res = await get(`/common/api/v2/accounts/${plain.id}/integrations`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 404 { code, message } for an unknown account and 400 for a malformed id', async () => {
    const unknown = await get('/common/api/v2/accounts/000000000000000000000000/integrations');
    expect(unknown.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(unknown.json()).code).toBe('NOT_FOUND');
    const malformed = await get('/common/api/v2/accounts/XYZ/integrations');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'params.id' });
  });
});

describe('unknown routes', () => {
  it('answers 404 in the { code, message } shape under /common and elsewhere', async () => {
    for (const url of ['/common/nothing-here', '/common/accounts/x/y/z']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('NOT_FOUND');
    }
    const post = await t.app.inject({ method: 'POST', url: '/nothing-here', headers });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Route POST /nothing-here not found',
    });
  });
});

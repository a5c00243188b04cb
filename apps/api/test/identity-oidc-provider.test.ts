import { RuntimeConfigSchema } from '@auxilio/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOidcFixture, type OidcFixture } from './fixture-servers/oidc.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';

// The production path of the member sign-in (OIDC_ISSUER, docs/decisions/460) against a local
// OpenID Connect provider: what POST /api/mmm-openid/token sends (form body, client_secret_basic,
// the userinfo bearer) and how it answers the provider's failures (400 for the caller's mistakes,
// 503 when the provider is down or misbehaves; never a 500).

const CLIENT_ID = 'auxilio-production';
const SECRET = 'secret with spaces&symbols';
let fixture: OidcFixture;
let t: TestApp;

const body = {
  grant_type: 'authorization_code',
  client_id: CLIENT_ID,
  redirect_uri: 'https://app.example/sign-in/callback',
  code_verifier: 'b'.repeat(56),
  code: 'code-from-the-provider',
};

function exchange(payload: Record<string, unknown> = body) {
  return t.app.inject({
    method: 'POST',
    url: '/common/api/mmm-openid/token',
    headers: { 'x-api-key': t.config.appKey },
    payload,
  });
}

beforeAll(async () => {
  fixture = await startOidcFixture(CLIENT_ID);
  const base = testConfig();
  t = await createTestApp({
    config: {
      identity: {
        ...base.identity,
        issuer: fixture.issuer,
        clientId: CLIENT_ID,
        clientSecret: SECRET,
        timeoutMs: 500,
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await fixture.close();
});
beforeEach(() => {
  fixture.mode = 'ok';
  fixture.received.length = 0;
});

describe('member sign-in with a production identity provider (OIDC_ISSUER)', () => {
  it('exchanges the code with the form body and client_secret_basic, checks the ID token, reads userinfo', async () => {
    const response = await exchange();
    expect(response.statusCode).toBe(200);
    // Standard OpenID claim names map to SPEC 3 names; a numeric card number becomes text.
    expect(response.json()).toMatchObject({
      userInfo: { firstname: 'Carmen', lastname: 'Ortiz Vélez', cardnumber: '987654321' },
      memberSession: {
        token: expect.any(String) as unknown,
        expiresAt: expect.any(String) as unknown,
      },
    });
    const token = fixture.received.find((request) => request.path === '/token');
    expect(token?.method).toBe('POST');
    expect(token?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual(body);
    const basic = Buffer.from(
      String(token?.headers.authorization).replace(/^Basic /, ''),
      'base64',
    ).toString();
    expect(basic).toBe(`${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(SECRET)}`);
    const userinfo = fixture.received.find((request) => request.path === '/userinfo');
    expect(userinfo?.headers.authorization).toBe('Bearer access-token-1');
  });

  it('invalid_grant is a 400 naming the code; invalid_client a 400 naming the client', async () => {
    fixture.mode = 'invalid_grant';
    const grant = await exchange();
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'body.code' });
    fixture.mode = 'invalid_client';
    const client = await exchange();
    expect(client.statusCode).toBe(400);
    expect(client.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'body.client_id' });
  });

  it.each([
    ['a 5xx', 'server_error'],
    ['a 429', 'rate_limited'],
    ['a malformed body', 'malformed'],
    ['a timeout', 'slow'],
    ['an ID token signed by another key', 'foreign_key'],
    ['userinfo about another subject', 'other_subject'],
  ] as const)('%s from the provider is a 503', async (_label, mode) => {
    fixture.mode = mode;
    const response = await exchange();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('another client_id is refused without calling the provider', async () => {
    const response = await exchange({ ...body, client_id: 'someone-else' });
    expect(response.statusCode).toBe(400);
    expect(fixture.received).toEqual([]);
  });

  it('the PWA is sent to the provider’s /authorize, and /oidc is not served', async () => {
    const config = RuntimeConfigSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/app-config.json' })).json(),
    );
    expect(config.signIn).toEqual({
      authorizeUrl: `${fixture.issuer}/authorize`,
      clientId: CLIENT_ID,
      scope: 'openid profile',
    });
    const discovery = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
    });
    // The PWA's catch-all may answer; the bundled provider's metadata does not.
    expect(discovery.body).not.toContain('token_endpoint');
  });
});

describe('an identity provider that does not answer', () => {
  it('is a 503 (discovery fails), not a 500', async () => {
    const down = await startOidcFixture(CLIENT_ID);
    await down.close();
    const base = testConfig();
    const app = await createTestApp({
      config: { identity: { ...base.identity, issuer: down.issuer, clientId: CLIENT_ID } },
    });
    try {
      const response = await app.app.inject({
        method: 'POST',
        url: '/common/api/mmm-openid/token',
        headers: { 'x-api-key': app.config.appKey },
        payload: body,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'UNAVAILABLE' });
    } finally {
      await app.close();
    }
  });
});

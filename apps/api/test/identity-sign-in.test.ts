import {
  ApiErrorSchema,
  ContractSearchResponseSchema,
  TokenExchangeResponseSchema,
} from '@auxilio/domain';
import { describe, expect, it } from 'vitest';
import {
  codeOf,
  CookieBrowser,
  formAction,
  type SignInAttempt,
} from './support/identity-browser.ts';
import { MMM_PR } from './support/demo-accounts.ts';
import { useSignInSite } from './support/sign-in-site.ts';

// SPEC 7 member sign-in against the bundled identity provider, over real HTTP: the authorize
// redirect (response_type code, client_id, state, scope, redirect_uri, code_challenge, S256), the
// provider's login and consent pages, the callback with code and state, then
// POST /api/mmm-openid/token reading data.userInfo (SPEC 3 firstname, lastname, cardnumber).
// Decision 460.

/** The mmm Member account in Puerto Rico (apps/api/src/db/README.md). */

const site = useSignInSite();

const CALLBACK = () => `${site.origin}/sign-in/callback`;

const newAttempt = (redirectUri = CALLBACK()) => site.newAttempt(redirectUri);

/** Plays the member in the browser: login page, consent page; returns the callback URL. */
async function signInAs(
  attempt: SignInAttempt,
  cardnumber: string,
  pin: string,
): Promise<{ callback: URL; browser: CookieBrowser }> {
  const browser = new CookieBrowser(site.origin);
  const login = await browser.follow(await browser.request(attempt.authorizeUrl), CALLBACK());
  expect(login.response.status).toBe(200);
  expect(login.url.pathname).toMatch(/^\/oidc\/interaction\//);
  const loginHtml = await login.response.text();
  expect(loginHtml).toContain('Inicio de sesión para miembros');
  const afterLogin = await browser.request(formAction(loginHtml, 'Entrar'), {
    method: 'POST',
    form: { cardnumber, pin },
  });
  const consent = await browser.follow(afterLogin, CALLBACK());
  expect(consent.response.status).toBe(200);
  const consentHtml = await consent.response.text();
  expect(consentHtml).toContain('Autorizar a Auxilio');
  const afterConsent = await browser.request(formAction(consentHtml, 'Permitir'), {
    method: 'POST',
  });
  const done = await browser.follow(afterConsent, CALLBACK());
  return { callback: done.url, browser };
}

function exchange(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return fetch(`${site.origin}/common/api/mmm-openid/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': site.t.config.appKey, ...headers },
    body: JSON.stringify(body),
  });
}

function tokenBody(attempt: SignInAttempt, code: string) {
  return {
    grant_type: 'authorization_code',
    client_id: site.signIn.clientId,
    redirect_uri: attempt.redirectUri,
    code_verifier: attempt.verifier,
    code,
  };
}

describe('member sign-in with the bundled identity provider', () => {
  it('the app config points the PWA at /oidc/authorize with the public client', () => {
    expect(site.signIn).toEqual({
      authorizeUrl: '/oidc/authorize',
      clientId: 'auxilio-pwa',
      scope: 'openid profile',
    });
  });

  it('authorize -> login -> consent -> callback with code and the same state -> userInfo; the code works once', async () => {
    const attempt = await newAttempt();
    const { callback } = await signInAs(attempt, '436516243', '1234');
    expect(callback.origin + callback.pathname).toBe(CALLBACK());
    expect(callback.searchParams.get('state')).toBe(attempt.state);
    expect(callback.searchParams.get('error')).toBeNull();
    const code = codeOf(callback);

    const first = await exchange(tokenBody(attempt, code));
    expect(first.status).toBe(200);
    const answer = TokenExchangeResponseSchema.parse(await first.json());
    expect(answer.userInfo).toEqual({
      firstname: 'Héctor',
      lastname: 'Acevedo Cruz',
      cardnumber: '436516243',
    });

    // Decision 417: the member session opens the member's own contract in full; without it the
    // same lookup is masked.
    const expires = Date.parse(answer.memberSession.expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(100 * 60_000);
    expect(expires).toBeLessThanOrEqual(120 * 60_000);
    const lookUp = async (authorization?: string) => {
      const url = `${site.origin}/common/api/v1/dispatch/contracts/?search=436516243&account=${MMM_PR}`;
      const headers: Record<string, string> = { 'x-api-key': site.t.config.appKey };
      if (authorization) headers.authorization = authorization;
      const response = await fetch(url, { headers });
      expect(response.status).toBe(200);
      return ContractSearchResponseSchema.parse(await response.json()).data[0];
    };
    const own = await lookUp(`Bearer ${answer.memberSession.token}`);
    expect(own).toMatchObject({ detail: 'full', fullName: 'Héctor Acevedo Cruz' });
    expect(own?.email).toContain('@');
    expect(await lookUp()).toMatchObject({
      detail: 'masked',
      fullName: 'H*** A*** C***',
      email: '',
    });

    // RFC 6749 4.1.2: a code is single use.
    const reused = await exchange(tokenBody(attempt, code));
    expect(reused.status).toBe(400);
    expect(ApiErrorSchema.parse(await reused.json())).toMatchObject({
      code: 'BAD_REQUEST',
      field: 'body.code',
    });
  });

  it('a wrong code_verifier gets 400 naming the code; only the verifier was wrong', async () => {
    const attempt = await newAttempt();
    const { callback } = await signInAs(attempt, '400000017', '1234');
    const code = codeOf(callback);
    const other = await newAttempt();
    const wrong = await exchange({ ...tokenBody(attempt, code), code_verifier: other.verifier });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'body.code' });
    // The provider keeps an unused code after a failed PKCE check: the right verifier still works.
    const right = await exchange(tokenBody(attempt, code));
    expect(right.status).toBe(200);
  });

  it('a redirect_uri other than the authorize request’s gets 400', async () => {
    const attempt = await newAttempt();
    const { callback } = await signInAs(attempt, '400000017', '1234');
    const code = codeOf(callback);
    const response = await exchange({
      ...tokenBody(attempt, code),
      redirect_uri: `${site.origin}/mmm-openid/callback`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'body.code' });
  });

  it('each member gets their own user info (the second demo member)', async () => {
    const attempt = await newAttempt(`${site.origin}/mmm-openid/callback`);
    const browser = new CookieBrowser(site.origin);
    const login = await browser.follow(await browser.request(attempt.authorizeUrl), CALLBACK());
    const afterLogin = await browser.request(formAction(await login.response.text(), 'Entrar'), {
      method: 'POST',
      form: { cardnumber: '400000017', pin: '1234' },
    });
    const consent = await browser.follow(afterLogin, attempt.redirectUri);
    const done = await browser.follow(
      await browser.request(formAction(await consent.response.text(), 'Permitir'), {
        method: 'POST',
      }),
      attempt.redirectUri,
    );
    const response = await exchange(tokenBody(attempt, codeOf(done.url)));
    expect(TokenExchangeResponseSchema.parse(await response.json()).userInfo).toEqual({
      firstname: 'Lucía',
      lastname: 'Santiago Ortiz',
      cardnumber: '400000017',
    });
  });

  it('a wrong PIN shows the login page again with an error, and no redirect', async () => {
    const attempt = await newAttempt();
    const browser = new CookieBrowser(site.origin);
    const login = await browser.follow(await browser.request(attempt.authorizeUrl), CALLBACK());
    const html = await login.response.text();
    expect(login.response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).not.toContain('<script');
    const wrong = await browser.request(formAction(html, 'Entrar'), {
      method: 'POST',
      form: { cardnumber: '436516243', pin: '9999' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('location')).toBeNull();
    expect(await wrong.text()).toContain('El número de tarjeta o el PIN no son correctos.');
  });

  it('cancelling on the login page sends the app ?error=access_denied with the state', async () => {
    const attempt = await newAttempt();
    const browser = new CookieBrowser(site.origin);
    const login = await browser.follow(await browser.request(attempt.authorizeUrl), CALLBACK());
    const cancelled = await browser.follow(
      await browser.request(formAction(await login.response.text(), 'Cancelar'), {
        method: 'POST',
      }),
      CALLBACK(),
    );
    expect(cancelled.url.pathname).toBe('/sign-in/callback');
    expect(cancelled.url.searchParams.get('error')).toBe('access_denied');
    expect(cancelled.url.searchParams.get('state')).toBe(attempt.state);
    expect(cancelled.url.searchParams.get('code')).toBeNull();
  });

  it('the provider refuses an authorize request without PKCE or with the plain method', async () => {
    const attempt = await newAttempt();
    for (const change of [
      (url: URL) => {
        url.searchParams.delete('code_challenge');
      },
      (url: URL) => {
        url.searchParams.set('code_challenge_method', 'plain');
      },
    ]) {
      const url = new URL(attempt.authorizeUrl);
      change(url);
      const browser = new CookieBrowser(site.origin);
      const result = await browser.follow(await browser.request(url.href), CALLBACK());
      expect(result.url.pathname).toBe('/sign-in/callback');
      expect(result.url.searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('a redirect_uri that is not registered never reaches the app', async () => {
    const attempt = await newAttempt('http://evil.example/sign-in/callback');
    const browser = new CookieBrowser(site.origin);
    const response = await browser.request(attempt.authorizeUrl);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });
});

describe('POST /common/api/mmm-openid/token contract', () => {
  const valid = {
    grant_type: 'authorization_code',
    client_id: 'auxilio-pwa',
    redirect_uri: 'http://127.0.0.1/sign-in/callback',
    code_verifier: 'a'.repeat(56),
    code: 'never-issued',
  };

  it('an unknown code is a 400 naming the code', async () => {
    const response = await exchange(valid);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'body.code' });
  });

  it.each([
    ['grant_type', { grant_type: 'refresh_token' }],
    ['code_verifier', { code_verifier: 'short' }],
    ['redirect_uri', { redirect_uri: 'not a url' }],
    ['code', { code: '' }],
  ])('a bad %s is a 400 naming it', async (field, change) => {
    const response = await exchange({ ...valid, ...change });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST', field: `body.${field}` });
  });

  it('another client_id is a 400 naming it', async () => {
    const response = await exchange({ ...valid, client_id: 'someone-else' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'body.client_id' });
  });

  it('a missing or wrong app key is a 401', async () => {
    const missing = await fetch(`${site.origin}/common/api/mmm-openid/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(valid),
    });
    expect(missing.status).toBe(401);
    const wrong = await exchange(valid, { 'x-api-key': 'not-the-key' });
    expect(wrong.status).toBe(401);
  });
});

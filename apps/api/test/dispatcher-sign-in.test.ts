import { ApiErrorSchema, DispatcherProfileSchema, DispatcherSessionSchema } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatchers, dispatcherSessions, drivers } from '../src/db/schema.ts';
import { hashServiceToken } from '../src/services/service-tokens.ts';
import { DEMO_DISPATCHER_EMAILS, dispatcherToken } from './support/dispatcher-session.ts';
import {
  codeOf,
  CookieBrowser,
  formAction,
  type SignInAttempt,
} from './support/identity-browser.ts';
import { useSignInSite } from './support/sign-in-site.ts';

// Dispatcher sign-in (docs/decisions/762) over real HTTP through the bundled identity provider: the
// console's authorize redirect to /dispatcher/callback, the dispatcher login page (e-mail + PIN),
// the consent page, then POST /common/api/v1/dispatcher/session with the code and the PKCE
// verifier. Only the seeded dispatchers get a session; the scope comes from their row.

const site = useSignInSite();
const { newAttempt } = site;

const DISPATCHER_CALLBACK = () => `${site.origin}/dispatcher/callback`;
const DRIVER_CALLBACK = () => `${site.origin}/driver/callback`;
const MEMBER_CALLBACK = () => `${site.origin}/sign-in/callback`;

interface LoginPage {
  title: string;
  field: 'email' | 'cardnumber';
  account: string;
}

/** Plays the person in the browser: login page (its title and field), consent; the callback. */
async function signInAs(attempt: SignInAttempt, page: LoginPage): Promise<URL> {
  const browser = new CookieBrowser(site.origin);
  const login = await browser.follow(
    await browser.request(attempt.authorizeUrl),
    attempt.redirectUri,
  );
  expect(login.response.status).toBe(200);
  const loginHtml = await login.response.text();
  expect(loginHtml).toContain(page.title);
  expect(loginHtml).toContain(`name="${page.field}"`);
  const afterLogin = await browser.request(formAction(loginHtml, 'Entrar'), {
    method: 'POST',
    form: { [page.field]: page.account, pin: '1234' },
  });
  const consent = await browser.follow(afterLogin, attempt.redirectUri);
  expect(consent.response.status).toBe(200);
  const consentHtml = await consent.response.text();
  expect(consentHtml).toContain('Autorizar a Auxilio');
  const afterConsent = await browser.request(formAction(consentHtml, 'Permitir'), {
    method: 'POST',
  });
  return (await browser.follow(afterConsent, attempt.redirectUri)).url;
}

const DISPATCHER_PAGE = 'Inicio de sesión para despachadores';

async function codeFor(redirectUri: string, page: LoginPage) {
  const attempt = await newAttempt(redirectUri);
  const callback = await signInAs(attempt, page);
  expect(callback.origin + callback.pathname).toBe(redirectUri);
  return {
    code: codeOf(callback),
    codeVerifier: attempt.verifier,
    redirectUri: attempt.redirectUri,
  };
}

const dispatcherCode = (email: string) =>
  codeFor(DISPATCHER_CALLBACK(), { title: DISPATCHER_PAGE, field: 'email', account: email });

function api(method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'x-api-key': site.t.config.appKey };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${site.origin}/common/api/v1/dispatcher${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function dispatcherRow(email: string) {
  const [row] = await site.t.db.db.select().from(dispatchers).where(eq(dispatchers.email, email));
  if (!row) throw new Error(`No seeded dispatcher ${email}`);
  return row;
}

async function expectUnauthorized(response: Response) {
  expect(response.status).toBe(401);
  expect(ApiErrorSchema.parse(await response.json()).code).toBe('UNAUTHORIZED');
}

describe('dispatcher sign-in through the bundled identity provider', () => {
  it('a demo dispatcher signs in with e-mail and PIN; /me shows its scope; sign-out ends the session', async () => {
    const row = await dispatcherRow(DEMO_DISPATCHER_EMAILS.pr);
    const body = await dispatcherCode(DEMO_DISPATCHER_EMAILS.pr.toUpperCase());
    const before = Date.now();

    const response = await api('POST', '/session', body);
    expect(response.status).toBe(200);
    const session = DispatcherSessionSchema.parse(await response.json());
    expect(session.dispatcher).toMatchObject({
      id: row.id,
      name: 'Centro de despacho Puerto Rico',
      email: DEMO_DISPATCHER_EMAILS.pr,
      scope: { accounts: [], brands: [], branches: ['PR'] },
      driverBranches: ['PR'],
    });
    // One shift: 12 hours.
    const hours = (Date.parse(session.expiresAt) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12.01);
    // Only the token's sha-256 is stored.
    const stored = await site.t.db.db
      .select()
      .from(dispatcherSessions)
      .where(eq(dispatcherSessions.dispatcherId, row.id));
    expect(stored.map((s) => s.tokenHash)).toContain(hashServiceToken(session.token));
    expect(JSON.stringify(stored)).not.toContain(session.token);

    const me = await api('GET', '/me', undefined, session.token);
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(DispatcherProfileSchema.parse(await me.json())).toEqual(session.dispatcher);

    // The code was spent.
    expect((await api('POST', '/session', body)).status).toBe(400);

    expect((await api('DELETE', '/session', undefined, session.token)).status).toBe(204);
    await expectUnauthorized(await api('GET', '/me', undefined, session.token));
    await expectUnauthorized(await api('DELETE', '/session', undefined, session.token));
  });

  it("a brand's desk sees the drivers of its brand's branches", async () => {
    const response = await api(
      'POST',
      '/session',
      await dispatcherCode(DEMO_DISPATCHER_EMAILS.mmm),
    );
    expect(response.status).toBe(200);
    const { dispatcher } = DispatcherSessionSchema.parse(await response.json());
    expect(dispatcher.scope).toEqual({ accounts: [], brands: ['mmm'], branches: [] });
    expect(dispatcher.driverBranches.length).toBeGreaterThan(0);
  });

  it('a driver never gets a dispatcher session, nor can sign in on the dispatcher page', async () => {
    const [driver] = await site.t.db.db
      .select()
      .from(drivers)
      .where(eq(drivers.branch, 'PR'))
      .limit(1);
    if (!driver) throw new Error('No seeded PR driver');
    const body = await codeFor(DRIVER_CALLBACK(), {
      title: 'Inicio de sesión para conductores',
      field: 'email',
      account: driver.email,
    });
    const response = await api('POST', '/session', body);
    expect(response.status).toBe(403);
    expect(ApiErrorSchema.parse(await response.json()).code).toBe('FORBIDDEN');

    // On the dispatcher page a driver's e-mail is not an account.
    const attempt = await newAttempt(DISPATCHER_CALLBACK());
    const browser = new CookieBrowser(site.origin);
    const login = await browser.follow(
      await browser.request(attempt.authorizeUrl),
      DISPATCHER_CALLBACK(),
    );
    const action = formAction(await login.response.text(), 'Entrar');
    const refused = await browser.request(action, {
      method: 'POST',
      form: { email: driver.email, pin: '1234' },
    });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('El correo o el PIN no son correctos.');
    const wrongPin = await browser.request(action, {
      method: 'POST',
      form: { email: DEMO_DISPATCHER_EMAILS.pr, pin: '9999' },
    });
    expect(wrongPin.status).toBe(401);
  });

  it('a member signing in never gets a dispatcher session: 403 FORBIDDEN', async () => {
    const body = await codeFor(MEMBER_CALLBACK(), {
      title: 'Inicio de sesión para miembros',
      field: 'cardnumber',
      account: '436516243',
    });
    const response = await api('POST', '/session', body);
    expect(response.status).toBe(403);
    expect(ApiErrorSchema.parse(await response.json()).code).toBe('FORBIDDEN');
  });

  it('a disabled dispatcher is refused at sign-in and its open sessions stop: 403 / 401', async () => {
    const row = await dispatcherRow(DEMO_DISPATCHER_EMAILS.pa);
    const open = await dispatcherToken(site.t.app, DEMO_DISPATCHER_EMAILS.pa);
    expect((await api('GET', '/me', undefined, open)).status).toBe(200);
    await site.t.db.db.update(dispatchers).set({ active: false }).where(eq(dispatchers.id, row.id));
    try {
      await expectUnauthorized(await api('GET', '/me', undefined, open));
      const response = await api(
        'POST',
        '/session',
        await dispatcherCode(DEMO_DISPATCHER_EMAILS.pa),
      );
      expect(response.status).toBe(403);
    } finally {
      await site.t.db.db
        .update(dispatchers)
        .set({ active: true })
        .where(eq(dispatchers.id, row.id));
    }
  });

  it('an expired session is 401', async () => {
    const token = await dispatcherToken(site.t.app, DEMO_DISPATCHER_EMAILS.all);
    expect((await api('GET', '/me', undefined, token)).status).toBe(200);
    await site.t.db.db
      .update(dispatcherSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dispatcherSessions.tokenHash, hashServiceToken(token)));
    await expectUnauthorized(await api('GET', '/me', undefined, token));
  });

  it('without a token, or with an unknown one, /me is 401; without the app key too', async () => {
    await expectUnauthorized(await api('GET', '/me'));
    await expectUnauthorized(await api('GET', '/me', undefined, 'x'.repeat(43)));
    const keyless = await fetch(`${site.origin}/common/api/v1/dispatcher/me`);
    expect(keyless.status).toBe(401);
  });

  it('a bad code is a 400 naming body.code; a malformed body a 400', async () => {
    const attempt = await newAttempt(DISPATCHER_CALLBACK());
    const bad = await api('POST', '/session', {
      code: 'not-a-real-code',
      codeVerifier: attempt.verifier,
      redirectUri: attempt.redirectUri,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'body.code' });
    const malformed = await api('POST', '/session', { code: 'x', codeVerifier: 'short' });
    expect(malformed.status).toBe(400);
  });
});

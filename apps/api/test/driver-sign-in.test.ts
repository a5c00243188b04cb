import { ApiErrorSchema } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { drivers } from '../src/db/schema.ts';
import { hasRole } from '../src/services/identity/role-claim.ts';
import {
  codeOf,
  CookieBrowser,
  formAction,
  type SignInAttempt,
} from './support/identity-browser.ts';
import { useSignInSite } from './support/sign-in-site.ts';

// Driver sign-in (docs/decisions/761) over real HTTP through the bundled identity provider: the
// driver app's authorize redirect to /driver/callback, the driver login page (e-mail + PIN), the
// consent page, then POST /common/api/v1/driver-app/session with the code and the PKCE verifier.

const SessionSchema = z.object({
  token: z.string().min(20),
  driver: z.object({
    id: z.string(),
    name: z.string(),
    vehicleType: z.string(),
    branch: z.string(),
  }),
});

const site = useSignInSite();
const { newAttempt } = site;

const DRIVER_CALLBACK = () => `${site.origin}/driver/callback`;
const MEMBER_CALLBACK = () => `${site.origin}/sign-in/callback`;

/** Plays the person in the browser: login page (its title, field and value), consent; the callback. */
async function signInAs(
  attempt: SignInAttempt,
  page: { title: string; field: 'email' | 'cardnumber'; account: string; pin: string },
): Promise<URL> {
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
    form: { [page.field]: page.account, pin: page.pin },
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

async function aDriver(branch = 'PR') {
  const [row] = await site.t.db.db
    .select()
    .from(drivers)
    .where(eq(drivers.branch, branch))
    .limit(1);
  if (!row) throw new Error(`No seeded driver in ${branch}`);
  return row;
}

function api(method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'x-api-key': site.t.config.appKey };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${site.origin}/common/api/v1/driver-app${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function driverCode(email: string): Promise<{ attempt: SignInAttempt; code: string }> {
  const attempt = await newAttempt(DRIVER_CALLBACK());
  const callback = await signInAs(attempt, {
    title: 'Inicio de sesión para conductores',
    field: 'email',
    account: email,
    pin: '1234',
  });
  expect(callback.origin + callback.pathname).toBe(DRIVER_CALLBACK());
  expect(callback.searchParams.get('state')).toBe(attempt.state);
  return { attempt, code: codeOf(callback) };
}

const sessionBody = (attempt: SignInAttempt, code: string) => ({
  code,
  codeVerifier: attempt.verifier,
  redirectUri: attempt.redirectUri,
});

describe('driver sign-in through the bundled identity provider', () => {
  it('a seeded driver signs in with e-mail and PIN and gets a working driver token; sign-out ends it', async () => {
    const row = await aDriver();
    const { attempt, code } = await driverCode(row.email.toUpperCase());

    const response = await api('POST', '/session', sessionBody(attempt, code));
    expect(response.status).toBe(200);
    const session = SessionSchema.parse(await response.json());
    expect(session.driver).toEqual({
      id: row.id,
      name: row.name,
      vehicleType: row.vehicleType,
      branch: 'PR',
    });

    // The token is a driver-app credential: the driver's state and position are served.
    const me = await api('GET', '/me', undefined, session.token);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ driver: { id: row.id, name: row.name } });
    const position = await api('POST', '/position', { lat: 18.45, lng: -66.07 }, session.token);
    expect(position.status).toBe(200);
    const [stored] = await site.t.db.db.select().from(drivers).where(eq(drivers.id, row.id));
    expect(stored?.lastLat).toBe(18.45);
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    // The code was spent.
    expect((await api('POST', '/session', sessionBody(attempt, code))).status).toBe(400);

    expect((await api('DELETE', '/session', undefined, session.token)).status).toBe(204);
    const after = await api('POST', '/position', { lat: 18.46, lng: -66.07 }, session.token);
    expect(after.status).toBe(401);
    const [signedOut] = await site.t.db.db.select().from(drivers).where(eq(drivers.id, row.id));
    expect(signedOut).toMatchObject({ tokenHash: null, online: false });
    expect((await api('DELETE', '/session', undefined, session.token)).status).toBe(401);
  });

  it('a member signing in never gets a driver token: 403 FORBIDDEN', async () => {
    const attempt = await newAttempt(MEMBER_CALLBACK());
    const callback = await signInAs(attempt, {
      title: 'Inicio de sesión para miembros',
      field: 'cardnumber',
      account: '436516243',
      pin: '1234',
    });
    const response = await api('POST', '/session', sessionBody(attempt, codeOf(callback)));
    expect(response.status).toBe(403);
    expect(ApiErrorSchema.parse(await response.json()).code).toBe('FORBIDDEN');
  });

  it('a driver account whose subject is no driver row is refused: 403', async () => {
    const row = await aDriver('PA');
    await site.t.db.db.update(drivers).set({ oidcSubject: null }).where(eq(drivers.id, row.id));
    try {
      const { attempt, code } = await driverCode(row.email);
      const response = await api('POST', '/session', sessionBody(attempt, code));
      expect(response.status).toBe(403);
    } finally {
      await site.t.db.db.update(drivers).set({ oidcSubject: row.id }).where(eq(drivers.id, row.id));
    }
  });

  it('a wrong PIN or a card number stays on the driver login page', async () => {
    const row = await aDriver();
    const attempt = await newAttempt(DRIVER_CALLBACK());
    const browser = new CookieBrowser(site.origin);
    const login = await browser.follow(
      await browser.request(attempt.authorizeUrl),
      DRIVER_CALLBACK(),
    );
    const action = formAction(await login.response.text(), 'Entrar');
    const wrongPin = await browser.request(action, {
      method: 'POST',
      form: { email: row.email, pin: '9999' },
    });
    expect(wrongPin.status).toBe(401);
    expect(await wrongPin.text()).toContain('El correo o el PIN no son correctos.');
    const member = await browser.request(action, {
      method: 'POST',
      form: { email: '436516243', pin: '1234' },
    });
    expect(member.status).toBe(401);
  });

  it('a bad code is a 400 naming the code; a malformed body a 400', async () => {
    const attempt = await newAttempt(DRIVER_CALLBACK());
    const bad = await api('POST', '/session', sessionBody(attempt, 'not-a-real-code'));
    expect(bad.status).toBe(400);
    expect(ApiErrorSchema.parse(await bad.json()).code).toBe('BAD_REQUEST');
    const malformed = await api('POST', '/session', { code: 'x', codeVerifier: 'short' });
    expect(malformed.status).toBe(400);
  });

  it('without the app key the session is refused: 401', async () => {
    const response = await fetch(`${site.origin}/common/api/v1/driver-app/session`, {
      method: 'DELETE',
    });
    expect(response.status).toBe(401);
  });
});

describe('the driver role claim (OIDC_DRIVER_ROLE_CLAIM, OIDC_DRIVER_ROLE)', () => {
  const rule = { claim: 'roles', role: 'driver' };
  it('is a driver for the role alone, in a list, or in space-separated text', () => {
    expect(hasRole({ sub: 'a', roles: 'driver' }, rule)).toBe(true);
    expect(hasRole({ sub: 'a', roles: ['member', 'driver'] }, rule)).toBe(true);
    expect(hasRole({ sub: 'a', roles: 'member driver' }, rule)).toBe(true);
  });
  it('is not a driver for another role, a look-alike, another claim or no claim', () => {
    expect(hasRole({ sub: 'a', roles: 'drivers' }, rule)).toBe(false);
    expect(hasRole({ sub: 'a', roles: ['member'] }, rule)).toBe(false);
    expect(hasRole({ sub: 'a', role: 'driver' }, rule)).toBe(false);
    expect(hasRole({ sub: 'a' }, rule)).toBe(false);
  });
});

import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshots } from '../support/browser.ts';
import { useJourney } from '../support/journey.ts';

// The member sign-in of SPEC 7 in Chromium against the bundled identity provider (decision 460):
// /mmm-openid/login -> the provider's /authorize -> login and consent pages -> back on
// /mmm-openid/callback, where the member's name shows and the session holds the card number. A
// state tampered with on the way back shows SPEC 8 "Hubo un error en la autenticación" and the app
// never calls the token endpoint.

const journey = useJourney({ simulator: false });
let page: Page;
let tokenCalls: string[];

beforeEach(async () => {
  page = await (await journey.phone()).newPage();
  tokenCalls = [];
  page.on('request', (request) => {
    if (request.url().includes('/common/api/mmm-openid/token')) tokenCalls.push(request.url());
  });
});

/** From the app's start screen to the provider's login page, then signs in as a demo member. */
async function signInAtProvider(cardnumber: string, pin: string): Promise<void> {
  await page.goto(`${journey.api.baseUrl}/mmm-openid/login?brand=mmm`, {
    waitUntil: 'networkidle',
  });
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByRole('heading', { name: 'Inicio de sesión para miembros' }).waitFor();
  await page.getByLabel('Número de tarjeta').fill(cardnumber);
  await page.getByLabel('PIN').fill(pin);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { name: 'Autorizar a Auxilio' }).waitFor();
}

describe('member sign-in', () => {
  it('signs in as a demo member and shows the member’s name; the session keeps the card number', async () => {
    const shot = screenshots('member-sign-in');
    await signInAtProvider('436516243', '1234');
    await shot(page, 'consent');
    await page.getByRole('button', { name: 'Permitir', exact: true }).click();

    await page.waitForURL(/\/mmm-openid\/callback\?/);
    await page.getByRole('heading', { name: 'Bienvenido, Héctor Acevedo Cruz' }).waitFor();
    await page.getByText('Tarjeta de miembro: 436516243').waitFor();
    await shot(page, 'welcome');
    expect(tokenCalls).toHaveLength(1);
    const session = await page.evaluate(() => localStorage.getItem('auxilio:session'));
    expect(JSON.parse(session ?? '{}')).toMatchObject({
      state: {
        session: {
          userExternalParams: { fullName: 'Héctor Acevedo Cruz', memberId: '436516243' },
        },
      },
    });
    // The signed-in member goes on to request assistance with the mmm account.
    const callbackUrl = page.url();
    await page.getByRole('link', { name: 'Solicitar asistencia' }).click();
    await page.waitForURL(/\/services$/);
    await page.getByRole('heading', { name: '¿Qué servicio necesita?' }).waitFor();
    await shot(page, 'services');
    // The attempt is spent: opening the callback again does not sign in again.
    await page.goto(callbackUrl, { waitUntil: 'networkidle' });
    await page.getByRole('alert').getByText('Hubo un error en la autenticación').waitFor();
    expect(tokenCalls).toHaveLength(1);
  });

  it('a state tampered with on the way back shows the error and never exchanges the code', async () => {
    const shot = screenshots('member-sign-in-tampered-state');
    // The provider's redirects carry code and state back to the app: change the state in transit.
    // Playwright does not route followed redirects, so the consent post is answered here: its hops
    // run through the context's own requests (same cookies) and the last one is altered.
    await page.route('**/oidc/interaction/*/confirm', async (route) => {
      const confirmed = await route.fetch({ maxRedirects: 0 });
      const resume = new URL(confirmed.headers().location ?? '', journey.api.baseUrl);
      const toApp = await page.context().request.get(resume.href, { maxRedirects: 0 });
      const callback = new URL(toApp.headers().location ?? '', journey.api.baseUrl);
      expect(callback.pathname).toBe('/mmm-openid/callback');
      expect(callback.searchParams.get('code')).toBeTruthy();
      callback.searchParams.set('state', 'f'.repeat(56));
      await route.fulfill({ status: 303, headers: { location: callback.href } });
    });
    await signInAtProvider('436516243', '1234');
    await page.getByRole('button', { name: 'Permitir', exact: true }).click();

    await page.waitForURL(/\/mmm-openid\/callback\?.*state=f{56}/);
    const alert = page.getByRole('alert');
    await alert.getByText('Hubo un error en la autenticación').waitFor();
    await alert.getByText('La respuesta no corresponde a este inicio de sesión.').waitFor();
    await shot(page, 'error');
    expect(tokenCalls).toEqual([]);
    await page.getByRole('link', { name: 'Intentar de nuevo' }).click();
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
  });
});

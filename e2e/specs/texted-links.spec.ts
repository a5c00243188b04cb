import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signTextLink } from '../../apps/api/src/services/text-links.ts';
import { screenshots } from '../support/browser.ts';
import { useJourney } from '../support/journey.ts';
import { CONNECT_PR_ACCOUNT } from '../support/demo-data.ts';
import { createTestService } from '../support/services.ts';
import {
  acceptedService,
  assignedDriverName,
  SESSION_KEY,
  trackingTitle,
} from '../support/tracking-steps-session.ts';

// Links in the texts the system sends the customer (docs/decisions/610, 611): read from the outbox
// as the customer's phone would receive them, opened on ANOTHER phone (a second browser context
// without the requester's session), they open the live service; tampered or expired ones show
// their page. The entry route (decision 612) and comments (decision 613) on a phone at 360x740.

const journey = useJourney({ simulator: false });

/** The link of the outbox text `id`, on this journey's server (the text holds PUBLIC_ORIGIN). */
async function textedLink(id: string, serviceId: string): Promise<URL> {
  await journey.api.app.customerTexts.idle();
  const text = (await journey.api.outbox(serviceId)).find((message) => message.id === id);
  if (!text) throw new Error(`No text ${id} in the outbox of ${serviceId}`);
  expect(text.kind).toBe('sms');
  const match = /https?:\/\/\S+/.exec(text.body);
  if (!match) throw new Error(`No link in "${text.body}"`);
  const link = new URL(match[0]);
  return new URL(`${link.pathname}${link.search}`, journey.api.baseUrl);
}

async function anotherPhone(): Promise<Page> {
  return (await journey.phone()).newPage();
}

async function storedSession(page: Page): Promise<string> {
  return (await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)) ?? '';
}

describe('texted links open the service on any phone', () => {
  it('"on the way" opens the live tracking on another phone, as the customer', async () => {
    const shot = screenshots('texted-links');
    const { created, driver } = await acceptedService(journey.api);
    const firstName =
      (await assignedDriverName(journey.api, created.serviceId)).split(/\s+/)[0] ?? '';
    await driver.tripStatus('ON_ROUTE');
    const link = await textedLink(`text-onTheWay-${created.serviceId}`, created.serviceId);
    expect(link.searchParams.get('t')).not.toContain(created.token);

    const page = await anotherPhone();
    await page.goto(link.href, { waitUntil: 'load' });
    await page.getByText('Cargando su servicio…').waitFor();
    await shot(page, 'opening');
    // SPEC 9 "3000 ms shared links", then the tracking of the customer's own phone.
    await page.waitForURL((url) => url.pathname === '/tracking', { timeout: 15_000 });
    await trackingTitle(page).filter({ hasText: 'Su asistencia va en camino' }).waitFor();
    await page.getByText(firstName).first().waitFor();
    await shot(page, 'tracking');
    expect(await storedSession(page)).toContain(created.serviceId);
    expect(new URL(page.url()).search).toBe('');
  });

  it('the second-stop text opens /get-service/{id} on another phone', async () => {
    const shot = screenshots('texted-links-second-stop');
    const { created, driver } = await acceptedService(journey.api);
    await driver.tripStatus('ON_ROUTE');
    await driver.tripStatus('ARRIVED');
    await driver.tripStatus('TOWED');
    const link = await textedLink(`text-secondStop-${created.serviceId}`, created.serviceId);
    expect(link.pathname).toBe(`/get-service/${created.serviceId}`);
    link.searchParams.set('phoneNumber', '+1 (787) 555-0101');

    const page = await anotherPhone();
    await page.goto(link.href, { waitUntil: 'load' });
    await page.waitForURL((url) => url.pathname === '/tracking', { timeout: 15_000 });
    await trackingTitle(page).waitFor();
    await shot(page, 'tracking');
    const session = JSON.parse(await storedSession(page)) as {
      state: { session: { serviceId: string; phoneNumber: string } };
    };
    expect(session.state.session).toMatchObject({
      serviceId: created.serviceId,
      phoneNumber: '17875550101',
    });
  });

  it('a tampered link says it is not valid; an expired one says it expired', async () => {
    const shot = screenshots('texted-links-errors');
    const created = await createTestService(journey.api);
    const link = await textedLink(`text-confirmation-${created.serviceId}`, created.serviceId);
    const token = link.searchParams.get('t') ?? '';

    const tampered = new URL(link);
    tampered.searchParams.set('t', token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'));
    const page = await anotherPhone();
    await page.goto(tampered.href, { waitUntil: 'load' });
    await trackingTitle(page).filter({ hasText: 'Este enlace no es válido' }).waitFor();
    await shot(page, 'tampered');
    expect(await storedSession(page)).not.toContain(created.serviceId);

    const row = await journey.api.service(created.serviceId);
    if (!row) throw new Error('no service row');
    const expired = new URL(link);
    expired.searchParams.set(
      't',
      signTextLink(
        journey.api.app.serverKeys.textLink,
        'tracking',
        row,
        new Date(Date.now() - 60_000),
      ),
    );
    await page.goto(expired.href, { waitUntil: 'load' });
    await trackingTitle(page).filter({ hasText: 'Este enlace ya venció' }).waitFor();
    await shot(page, 'expired');

    // The second-stop page refuses a link of another purpose.
    await page.goto(`${journey.api.baseUrl}/get-service/${created.serviceId}?t=${token}`, {
      waitUntil: 'load',
    });
    await trackingTitle(page).filter({ hasText: 'Este enlace no es válido' }).waitFor();
    await shot(page, 'get-service-invalid');
  });
});

describe('entry route and comments', () => {
  it('/entry clears the session, sets the fixed brand and lands on /services after ~1 s', async () => {
    const shot = screenshots('entry-route');
    const page = await anotherPhone();
    const started = Date.now();
    await page.goto(`${journey.api.baseUrl}/entry?name=Ana%20Rivera&memberId=M1234567&lang=es`, {
      waitUntil: 'load',
    });
    await page.getByText('Preparando su solicitud').waitFor();
    await shot(page, 'entry');
    await page.waitForURL((url) => url.pathname === '/services', { timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    await page.locator('main').first().waitFor();
    await shot(page, 'services');
    const session = JSON.parse(await storedSession(page)) as {
      state: {
        session: { brand: string; userExternalParams: { fullName: string; memberId: string } };
      };
    };
    expect(session.state.session.brand).toBe('mmm');
    expect(session.state.session.userExternalParams).toMatchObject({
      fullName: 'Ana Rivera',
      memberId: 'M1234567',
    });
  });

  it('the /options visitor choice reaches the session as an entry query (account and brand)', async () => {
    const page = await anotherPhone();
    await page.goto(`${journey.api.baseUrl}/options?brand=connect&lang=es`, { waitUntil: 'load' });
    const visitor = page.getByRole('link', { name: 'Soy visitante' });
    const href = new URL((await visitor.getAttribute('href')) ?? '', journey.api.baseUrl);
    const account = href.searchParams.get('account') ?? '';
    // The visitor account is not the brand's default one, which the page had before.
    expect(account).not.toBe(CONNECT_PR_ACCOUNT);
    await visitor.click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('account'));
    await page.waitForFunction(
      ([key, id]) => (localStorage.getItem(key) ?? '').includes(`"accountId":"${id}"`),
      [SESSION_KEY, account] as const,
      { timeout: 10_000 },
    );
  });

  it('a link to comments keeps the customer there; the comment reaches the service', async () => {
    const shot = screenshots('comments');
    // A service still waiting for its driver (Queued): SPEC 4 "HoldInspection, Queued or Active".
    const created = await createTestService(journey.api);
    const link = await textedLink(`text-confirmation-${created.serviceId}`, created.serviceId);
    link.searchParams.set('redirect', 'comments');

    const page = await anotherPhone();
    await page.goto(link.href, { waitUntil: 'load' });
    await page.waitForURL((url) => url.pathname === '/comments', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Comentarios' }).waitFor();
    const send = page.getByRole('button', { name: 'Enviar comentarios' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Sus comentarios').fill('Estoy frente a la farmacia, carro gris.');
    await shot(page, 'comments');
    await send.click();
    await page.getByText('Recibimos sus comentarios').waitFor();
    await shot(page, 'sent');
    const notes = (await journey.api.outbox(created.serviceId)).filter((m) => m.kind === 'note');
    expect(notes.map((note) => note.body)).toContain('Estoy frente a la farmacia, carro gris.');

    await page.getByRole('button', { name: 'Seguir mi servicio' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/tracking'), { timeout: 15_000 });
  });
});

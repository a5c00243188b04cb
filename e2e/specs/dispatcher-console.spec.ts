import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, drivers, geotextRooms, messages } from '../../apps/api/src/db/schema.ts';
import { screenshots } from '../support/browser.ts';
import { SAN_JUAN } from '../support/demo-data.ts';
import { waitForPath } from '../support/journey-steps-common.ts';
import { useJourney } from '../support/journey.ts';
import { createTestService } from '../support/services.ts';
import { seededSession, seedSessionOnce } from '../support/tracking-steps-session.ts';

// The dispatcher's console end to end (docs/decisions/762), on its own API with neither the
// dispatch engine nor the simulator: nothing but the dispatcher assigns. Puerto Rico's dispatcher
// signs in on the bundled identity provider, sees a customer's new request appear on the live board
// within a second, assigns it and reassigns it from the engine's suggestions, and the customer's
// tracking screen shows each driver's name; then texts a caller a location link and sees the
// confirmed location arrive on the console.

const journey = useJourney({ simulator: false });
const DISPATCHER_EMAIL = 'despacho.pr@auxilio.example';
const CALLER_PHONE = '+1 787 555 0142';

/** Desks and tablets, not phones: the console is desktop first. */
let desk: BrowserContext | undefined;

beforeAll(async () => {
  // Every seeded Puerto Rico driver who is not offline is online and free: the suggestions.
  await journey.api.db.db
    .update(drivers)
    .set({ status: 'available' })
    .where(and(eq(drivers.branch, 'PR'), eq(drivers.online, true)));
});

afterEach(async () => {
  await desk?.close();
  desk = undefined;
});

async function openConsole(shot: (page: Page, step: string) => Promise<void>): Promise<Page> {
  desk = await journey.browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'es-PR',
    timezoneId: 'America/Puerto_Rico',
  });
  const page = await desk.newPage();
  await page.goto(`${journey.api.baseUrl}/dispatcher`, { waitUntil: 'networkidle' });
  await shot(page, 'sign-in');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { name: 'Inicio de sesión para despachadores' }).waitFor();
  await page.getByLabel('Correo electrónico').fill(DISPATCHER_EMAIL);
  await page.getByLabel('PIN').fill('1234');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { name: 'Autorizar a Auxilio' }).waitFor();
  await page.getByRole('button', { name: 'Permitir', exact: true }).click();
  await waitForPath(page, '/dispatcher');
  await page.getByRole('status').filter({ hasText: 'En vivo' }).waitFor({ timeout: 10_000 });
  return page;
}

/** The first suggested driver of the open assignment panel, assigned; returns their name. */
async function assignFirstSuggestion(detail: ReturnType<Page['getByRole']>, except?: string) {
  const entries = detail
    .getByRole('listitem')
    .filter({ has: detail.page().getByRole('button', { name: 'Asignar', exact: true }) });
  await entries.first().waitFor();
  const count = await entries.count();
  for (let index = 0; index < count; index += 1) {
    const entry = entries.nth(index);
    const text = (await entry.textContent()) ?? '';
    const name = await nameOfSuggestion(text);
    if (name === undefined || name === except) continue;
    await entry.getByRole('button', { name: 'Asignar', exact: true }).click();
    return name;
  }
  throw new Error('No suggestion left to assign');
}

/** The seeded driver whose name starts the suggestion's text. */
async function nameOfSuggestion(text: string): Promise<string | undefined> {
  const rows = await journey.api.db.db
    .select({ name: drivers.name })
    .from(drivers)
    .where(eq(drivers.branch, 'PR'));
  return rows
    .map((row) => row.name)
    .sort((a, b) => b.length - a.length)
    .find((name) => text.includes(name));
}

describe('the dispatcher’s console', () => {
  it('shows a new request within a second; assigning and reassigning it reach the customer', async () => {
    const shot = screenshots('dispatcher-console');
    const console = await openConsole(shot);
    await shot(console, 'board');

    const created = await createTestService(journey.api);
    const createdAt = Date.now();
    const row = await journey.api.service(created.serviceId);
    const number = String(row?.serviceNumber);
    await console
      .getByRole('row', { name: new RegExp(`\\b${number}\\b`) })
      .waitFor({ timeout: 1000 });
    expect(Date.now() - createdAt).toBeLessThan(1000);
    await shot(console, 'new-request');

    const customer = await (await journey.phone({ geolocation: SAN_JUAN })).newPage();
    await seedSessionOnce(customer, seededSession(created));
    await customer.goto(`${journey.api.baseUrl}/tracking?brand=${created.brand}`, {
      waitUntil: 'load',
    });

    await console.getByRole('button', { name: `Servicio ${number}`, exact: true }).click();
    const detail = console.getByRole('region', { name: `Servicio ${number}`, exact: true });
    await detail.waitFor();
    await detail.getByRole('button', { name: 'Asignar', exact: true }).click();
    await shot(console, 'suggestions');
    const first = await assignFirstSuggestion(detail);
    await detail
      .getByRole('status')
      .filter({ hasText: `Asignado a ${first}` })
      .waitFor();
    await customer.getByText(first).first().waitFor({ timeout: 5000 });
    await shot(console, 'assigned');

    await detail.getByRole('button', { name: 'Reasignar', exact: true }).click();
    await detail.getByLabel('Motivo (opcional)').fill('La grúa se averió');
    const second = await assignFirstSuggestion(detail, first);
    await detail
      .getByRole('status')
      .filter({ hasText: `Asignado a ${second}` })
      .waitFor();
    // The customer's tracking screen follows the reassignment over its own stream.
    await customer.getByText(second).first().waitFor({ timeout: 5000 });
    await shot(console, 'reassigned');
    await shot(customer, 'customer-new-driver');

    const [assignedDriver] = await journey.api.db.db
      .select({ id: drivers.id })
      .from(drivers)
      .where(eq(drivers.name, second));
    expect(await journey.api.service(created.serviceId)).toMatchObject({
      driverId: assignedDriver?.id,
      status: 'Active',
    });
    const audit = await journey.api.db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.serviceId, created.serviceId))
      .orderBy(auditLog.id);
    expect(audit.map((line) => [line.action, line.reason])).toEqual([
      ['assigned', null],
      ['reassigned', 'La grúa se averió'],
    ]);
    // The history on the console shows who did it.
    await detail.getByText('La grúa se averió').first().waitFor();
  });

  it('texts a caller a location link and shows the confirmed location when it arrives', async () => {
    const shot = screenshots('dispatcher-geotext');
    const console = await openConsole(shot);
    await console.getByRole('button', { name: 'Ubicación por texto' }).click();
    const panel = console.getByRole('region', { name: 'Ubicación por texto' });
    await panel.getByLabel('Teléfono del cliente (con código de país)').fill(CALLER_PHONE);
    await panel.getByRole('button', { name: 'Enviar enlace' }).click();
    await panel.getByText('Esperando al cliente…').waitFor();
    await shot(console, 'geotext-waiting');

    const [room] = await journey.api.db.db
      .select()
      .from(geotextRooms)
      .where(isNotNull(geotextRooms.createdBy))
      .orderBy(desc(geotextRooms.createdAt))
      .limit(1);
    if (!room) throw new Error('The console created no room');
    const [text] = await journey.api.db.db
      .select()
      .from(messages)
      .where(eq(messages.id, `geotext-${room.id}`));
    const link = /https?:\/\/\S+/.exec(text?.body ?? '')?.[0];
    if (!link) throw new Error(`No link in the text: ${text?.body ?? '(none)'}`);

    const caller = await (await journey.phone({ geolocation: SAN_JUAN })).newPage();
    await caller.goto(link, { waitUntil: 'load' });
    await caller.getByRole('button', { name: 'Compartir mi ubicación' }).click();
    await caller.waitForURL((url) => url.pathname === `/geotext/map/${room.id}`);
    await caller.getByRole('img', { name: 'Marcador de su ubicación' }).waitFor();
    await caller.waitForLoadState('networkidle');
    await caller.getByRole('button', { name: 'Confirmar ubicación' }).click();
    await caller.getByRole('heading', { name: 'Recibido' }).waitFor();

    await panel.getByText('Ubicación recibida').waitFor({ timeout: 5000 });
    await shot(console, 'geotext-located');
    expect(
      await journey.api.db.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.action, 'geotext_created')),
    ).toHaveLength(1);
  });
});

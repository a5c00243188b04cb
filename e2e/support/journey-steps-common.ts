import type { Page } from 'playwright-core';
import { SANDBOX_CARD } from './demo-data.ts';
import type { JourneyApi } from './journey-api.ts';

// Shared steps of the request-flow journeys (road journey, scheduled tow, vehicle checks). The
// Spanish accessible names come from apps/web/public/locales/es/*.json.

/** Waits until the page's path (without its query) is `path`. */
export async function waitForPath(page: Page, path: string, timeout = 20_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

/** Where the page is and its accessibility tree, to explain a failed step. */
export async function describePage(page: Page): Promise<string> {
  return `${page.url()}\n${await page.locator('body').ariaSnapshot()}`;
}

/** Runs a step; when it fails, the error says where the page was and what it showed. */
export async function step<T>(page: Page, name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const seen = await describePage(page).catch(() => page.url());
    throw new Error(`Step "${name}" failed: ${(error as Error).message}\nPage: ${seen}`, {
      cause: error,
    });
  }
}

/** Opens the branded home of an account, as the link a member receives. */
export async function openHome(
  page: Page,
  api: JourneyApi,
  brand: string,
  account: string,
): Promise<void> {
  await page.goto(`${api.baseUrl}/?brand=${brand}&account=${account}`);
  await page.getByRole('link', { name: 'Solicitar asistencia' }).waitFor();
}

/** Taps the tile (the label) of a radio choice, as a finger does: the input itself is hidden. */
export async function tapChoice(page: Page, name: string): Promise<void> {
  const radio = page.getByRole('radio', { name, exact: true });
  await page.locator('label').filter({ has: radio }).click();
  if (!(await radio.isChecked())) throw new Error(`The choice "${name}" did not get checked`);
}

/** From the home to the services picker, choosing a road situation by its tile, and Continuar. */
export async function chooseService(page: Page, tile: string): Promise<void> {
  await page.getByRole('link', { name: 'Solicitar asistencia' }).click();
  await waitForPath(page, '/services');
  await tapChoice(page, tile);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/**
 * Waits for the map (Leaflet, decision 700) to have drawn its basemap: the land's canvas and the
 * place names, after the manifest and all its data files (the map marks its container then).
 */
export async function mapDrawn(page: Page): Promise<void> {
  await page
    .locator('.map-view .leaflet-container[data-basemap="drawn"] canvas')
    .first()
    .waitFor({ timeout: 20_000 });
}

/**
 * Drags a point-on-map screen's map a little under its fixed pin, as a finger does, and returns once
 * the map has settled somewhere new: the screen then asks the API for the address of the new centre.
 * A drag that lands before the map takes input is tried again.
 */
export async function dragMapUnderPin(page: Page): Promise<void> {
  const map = page.locator('.map-view .leaflet-container');
  await mapDrawn(page);
  const box = await map.boundingBox();
  if (!box) throw new Error('The map has no box');
  const from = { x: box.x + box.width / 2, y: box.y + Math.min(200, box.height / 3) };
  for (let attempt = 1; ; attempt += 1) {
    const askedAddress = page.waitForRequest(
      (request) => request.url().includes('/maps/directions/getAddress'),
      { timeout: 5_000 },
    );
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 40 * attempt, from.y + 30, { steps: 8 });
    await page.mouse.up();
    try {
      await askedAddress;
      return;
    } catch (error) {
      if (attempt === 3) throw new Error('The map did not move under the pin', { cause: error });
    }
  }
}

/** The current location through the permission dialog (the context fakes the phone's position). */
export async function useCurrentLocation(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Usar mi ubicación actual' }).click();
  const dialog = page.getByRole('dialog', { name: 'Permítanos acceder a su ubicación' });
  await dialog.getByRole('button', { name: 'Sí, dar permiso' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Cambiar : Ubicación del servicio' }).waitFor();
}

/**
 * The make /clients shows (decision 651), once its picker can be used: the catalogue make chosen,
 * the text typed under 'Otra marca', or the text field shown when the catalogue did not answer.
 */
export async function shownMake(page: Page): Promise<string> {
  const picker = page.locator('select[name="make"]:enabled');
  const typed = page.getByRole('textbox', { name: /^(Marca|Escriba la marca)/ });
  await picker.or(typed).first().waitFor();
  if ((await typed.count()) > 0) return typed.first().inputValue();
  return picker.inputValue();
}

/**
 * Make and model on /clients as a customer picks them from the vehicle catalogue (decision 651):
 * the make, then one of its models (each picker waits for its list).
 */
export async function chooseMakeAndModel(page: Page, make: string, model: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Marca (opcional)' }).selectOption({ label: make });
  await page.getByRole('combobox', { name: 'Modelo (opcional)' }).selectOption({ label: model });
}

/**
 * /clients after a plate lookup: the public contract search masks the holder (decision 417), so the
 * form comes with the vehicle filled in and the customer gives whom to call; then /location.
 */
export async function giveContactDetails(page: Page): Promise<void> {
  await waitForPath(page, '/clients');
  await page.getByRole('heading', { name: 'Sus datos' }).waitFor();
  const make = await shownMake(page);
  if (make.trim() === '') throw new Error('The contract did not fill the vehicle in');
  const name = await page.getByRole('textbox', { name: 'Nombre completo' }).inputValue();
  if (name !== '') throw new Error(`The public lookup filled the holder's name in: '${name}'`);
  await page.getByRole('textbox', { name: 'Nombre completo' }).fill('Ana Rivera Soto');
  await page.getByRole('textbox', { name: 'Teléfono' }).fill('787-555-0142');
  await page.getByRole('checkbox', { name: /Acepto la política de privacidad/ }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await waitForPath(page, '/location');
}

/** Fills the sandbox card form with the approved test card and pays. */
export async function payWithSandboxCard(page: Page): Promise<void> {
  await page.getByText('Sandbox / Modo de prueba: no se cobra dinero real').waitFor();
  await page.getByRole('textbox', { name: 'Número de tarjeta' }).fill(SANDBOX_CARD.number);
  const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
  await page
    .getByRole('textbox', { name: 'Vence (MM/AA)' })
    .fill(`${SANDBOX_CARD.expMonth}/${nextYear}`);
  await page.getByRole('textbox', { name: 'CVC' }).fill(SANDBOX_CARD.cvc);
  await page.getByRole('textbox', { name: 'Nombre en la tarjeta' }).fill(SANDBOX_CARD.name);
}

/** The id of the service the PWA created, from its persisted session (SPEC 3). */
export async function sessionServiceId(page: Page): Promise<string> {
  const id = await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('auxilio:session') ?? '{}') as {
      state?: { session?: { serviceId?: string | null } };
    };
    return stored.state?.session?.serviceId ?? null;
  });
  if (!id) throw new Error('The session holds no service id');
  return id;
}

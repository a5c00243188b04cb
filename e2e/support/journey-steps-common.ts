import type { Page } from 'playwright-core';
import type { JourneyApi } from './journey-api.ts';

// Shared steps of the request-flow journeys (issue 3 tests 1, 2 and 4). The Spanish accessible names
// come from apps/web/public/locales/es/*.json.

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

/** The current location through the permission dialog (the context fakes the phone's position). */
export async function useCurrentLocation(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Usar mi ubicación actual' }).click();
  const dialog = page.getByRole('dialog', { name: 'Permítanos acceder a su ubicación' });
  await dialog.getByRole('button', { name: 'Sí, dar permiso' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Cambiar : Ubicación del servicio' }).waitFor();
}

/** Fills the sandbox card form with the approved test card and pays. */
export async function payWithSandboxCard(page: Page): Promise<void> {
  await page.getByText('Sandbox / Modo de prueba: no se cobra dinero real').waitFor();
  await page.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4242 4242 4242 4242');
  const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
  await page.getByRole('textbox', { name: 'Vence (MM/AA)' }).fill(`12/${nextYear}`);
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
  await page.getByRole('textbox', { name: 'Nombre en la tarjeta' }).fill('Glorimar Rivera');
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

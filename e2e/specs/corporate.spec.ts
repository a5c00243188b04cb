import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshots } from '../support/browser.ts';
import { HONDA_PR_ACCOUNT } from '../support/demo-data.ts';
import { mapDrawn } from '../support/journey-steps-common.ts';
import { createTestService } from '../support/services.ts';
import { seededSession, seedSessionOnce } from '../support/tracking-steps-session.ts';

// SPEC 2 "/corporate/home", SPEC 6 "Corporate: honda, acura, mazda (by host) go to /corporate/home",
// SPEC 9 add-to-home-screen banner: against the built PWA served by the real API, at 360x740.

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
/** localStorage key of the banner's last answer (features/corporate/hooks/use-install-banner.ts). */
const BANNER_KEY = 'auxilio:install-banner:last-prompt';

let browser: Browser;
const contexts: BrowserContext[] = [];
const shot = screenshots('corporate');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

/** A phone at 360x740 in Spanish; Android's user agent when asked. */
async function phone(options: { android?: boolean; geolocation?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'es-PR',
    ...(options.android ? { userAgent: ANDROID_UA, isMobile: true, hasTouch: true } : {}),
    ...(options.geolocation
      ? { geolocation: { latitude: 18.4, longitude: -66.06 }, permissions: ['geolocation'] }
      : {}),
  });
  contexts.push(context);
  return context.newPage();
}

/** The app on a brand's own host name (Chromium resolves *.localhost to loopback). */
function hostUrl(host: string, path: string): string {
  const { port } = new URL(baseUrl());
  return `http://${host}:${port}${path}`;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const banner = (page: Page) => page.getByRole('complementary', { name: /Instale Honda/ });

describe('corporate brands', () => {
  it('honda.localhost/ lands on /corporate/home with the Honda logo, title and four tiles', async () => {
    const page = await phone();
    await page.goto(hostUrl('honda.localhost', '/'), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Asistencia Honda' }).waitFor();
    expect(pathOf(page)).toBe('/corporate/home');
    expect(await page.locator('main img[alt="Honda"]').getAttribute('src')).toContain(
      '/brands/honda/logo.svg',
    );
    const tiles = page.getByRole('navigation', { name: 'Opciones' }).getByRole('link');
    expect(await tiles.count()).toBe(4);
    // The corporate home is where the customer starts: nothing to go back to.
    expect(await page.locator('header').getByRole('button', { name: 'Volver' }).count()).toBe(0);
    await shot(page, 'home');
  });

  it.each([
    ['Solicitar asistencia', '/services', '¿Qué servicio necesita?'],
    ['Mis servicios', '/corporate/services', 'Mis servicios'],
    ['Centros de servicio', '/corporate/centers', 'Centros de servicio'],
    ['Contacto', '/help', 'Ayuda'],
  ])('the tile "%s" opens %s', async (tile, path, heading) => {
    const page = await phone();
    await page.goto(hostUrl('honda.localhost', '/corporate/home'), { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: new RegExp(`^${tile}`) }).click();
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(pathOf(page)).toBe(path);
  });

  it('the centres: Honda centres from its folder, nearest first, a map and directions', async () => {
    const page = await phone({ android: true, geolocation: true });
    await page.goto(hostUrl('honda.localhost', '/corporate/centers'), {
      waitUntil: 'networkidle',
    });
    await page.getByText('Ordenados del más cercano al más lejano.').waitFor();
    const names = await page
      .getByRole('list', { name: 'Centros de servicio' })
      .getByRole('heading')
      .allTextContents();
    // The customer is in San Juan: Hato Rey first, Mayagüez (west coast) last.
    expect(names[0]).toContain('Hato Rey');
    expect(names.at(-1)).toContain('Mayagüez');
    expect(names.every((name) => name.includes('(demo)'))).toBe(true);
    const directions = page.getByRole('link', { name: 'Cómo llegar' }).first();
    expect(await directions.getAttribute('href')).toMatch(/^geo:18\.423,-66\.061\?q=/);
    await page.getByRole('region', { name: 'Mapa de los centros de servicio' }).waitFor();
    await mapDrawn(page);
    await shot(page, 'centers');
  });

  it('the services: what the plan covers and the requests of this phone', async () => {
    const page = await phone();
    await page.goto(hostUrl('honda.localhost', '/corporate/services'), {
      waitUntil: 'networkidle',
    });
    const plan = page.getByRole('list', { name: 'Su plan cubre' });
    await plan.waitFor();
    expect(await plan.getByRole('listitem').count()).toBeGreaterThan(0);
    await page.getByText('Aún no ha solicitado asistencia desde este teléfono.').waitFor();
    await shot(page, 'services');
  });

  it("the services: this phone's running service, with the way back to it", async () => {
    const { appKey } = (await (await fetch(`${baseUrl()}/app-config.json`)).json()) as {
      appKey: string;
    };
    const created = await createTestService(
      { baseUrl: baseUrl(), appKey },
      { account_id: HONDA_PR_ACCOUNT },
    );
    const page = await phone();
    await seedSessionOnce(page, seededSession(created));
    await page.goto(hostUrl('honda.localhost', '/corporate/services'), {
      waitUntil: 'networkidle',
    });
    const mine = page.getByRole('list', { name: 'Sus solicitudes en este teléfono' });
    await mine.getByText(`Servicio n.º ${created.serviceNumber}`).waitFor();
    expect(await mine.textContent()).toContain('En curso');
    await shot(page, 'services-running');
    await mine.getByRole('link', { name: 'Seguir mi servicio' }).click();
    await page.waitForURL(/\/tracking/);
  });

  it('a non-corporate brand opening /corporate/home is sent to its home', async () => {
    const page = await phone();
    await page.goto(`${baseUrl()}/corporate/home?brand=connect`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Solicitar asistencia' }).waitFor();
    expect(pathOf(page)).toBe('/');
    expect(await page.getByRole('heading', { name: 'Asistencia Connect' }).count()).toBe(0);
  });
});

describe('add-to-home-screen banner (SPEC 9)', () => {
  it('shows once on Android and not again after "Entendido"', async () => {
    const page = await phone({ android: true });
    await page.goto(hostUrl('honda.localhost', '/'), { waitUntil: 'networkidle' });
    await banner(page).waitFor();
    expect(await banner(page).textContent()).toContain('Instalar aplicación');
    await banner(page).scrollIntoViewIfNeeded();
    await shot(page, 'install-banner-android');
    await page.getByRole('button', { name: 'Entendido' }).click();
    expect(await banner(page).count()).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), BANNER_KEY)).not.toBeNull();

    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Asistencia Honda' }).waitFor();
    expect(await banner(page).count()).toBe(0);
  });

  it("offers the browser's install dialog when Chrome fires beforeinstallprompt", async () => {
    const page = await phone({ android: true });
    await page.goto(hostUrl('honda.localhost', '/'), { waitUntil: 'networkidle' });
    await banner(page).waitFor();
    // Headless Chromium never offers installation; the event Chrome on Android fires is played.
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          (window as unknown as { prompted: boolean }).prompted = true;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
    });
    await page.getByRole('button', { name: 'Instalar' }).click();
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(
      true,
    );
    expect(await banner(page).count()).toBe(0);
  });

  it('is not shown when the app runs from the home screen (display-mode standalone)', async () => {
    const page = await phone({ android: true });
    // Chromium's media emulation has no display-mode: the query the app asks answers as an
    // installed app's would.
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => {
        const list = original(query);
        if (query.replace(/\s/g, '') === '(display-mode:standalone)') {
          Object.defineProperty(list, 'matches', { value: true });
        }
        return list;
      };
    });
    await page.goto(hostUrl('honda.localhost', '/'), { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
    await page.getByRole('heading', { level: 1, name: 'Asistencia Honda' }).waitFor();
    expect(await banner(page).count()).toBe(0);
  });

  it('is not shown on a desktop browser', async () => {
    const page = await phone();
    await page.goto(hostUrl('honda.localhost', '/'), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Asistencia Honda' }).waitFor();
    expect(await banner(page).count()).toBe(0);
  });
});

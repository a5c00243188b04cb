import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshots } from '../support/browser.ts';
import { startJourneyApi, type JourneyApi } from '../support/journey-api.ts';
import { createTestService } from '../support/services.ts';
import { SESSION_KEY, seededSession, seedSessionOnce } from '../support/tracking-steps-session.ts';

// Decisions 176 and 730: the PWA's service worker installs on the first visit from files the
// server really has (the app shell and the first screens, no map), reopens the app offline with the
// brand in use, shows SPEC 8's no-connection screen only where a screen needs the network, the
// brand-neutral offline page for a brand never opened, and SPEC 2's "New version available" after
// a deploy. The API serves a copy of the build, so the "deploy" can change its sw.js.

const BUILT_PWA =
  process.env.WEB_DIST_DIR ?? join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist');

const OFFLINE_TITLE_ES = '¡Ups! No tiene conexión a internet. ¿Desea intentarlo de nuevo?';
const OFFLINE_TITLE_EN = 'Oops, you have no internet connection, do you want to try again?';
const SERVICES_TITLE = '¿Qué servicio necesita?';

let dist: string;
let server: JourneyApi;
let browser: Browser;
let context: BrowserContext | undefined;
const shoot = screenshots('service-worker');

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'auxilio-sw-dist-'));
  cpSync(BUILT_PWA, dist, { recursive: true });
  server = await startJourneyApi({ simulator: false, webDistDir: dist });
  browser = await launchBrowser();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser.close();
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A phone (360x740) whose browser prefers `locale`. */
async function newPage(locale = 'es-PR'): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale });
  return context.newPage();
}

function go(page: Page, path: string) {
  return page.goto(`${server.baseUrl}${path}`, { waitUntil: 'load' });
}

/** The URLs of the worker's precache, as the build wrote them into sw.js. */
function precacheUrls(): string[] {
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  return [...sw.matchAll(/\{\s*"?url"?\s*:\s*"([^"]+)"/g)].map((match) => `/${match[1] ?? ''}`);
}

/**
 * The build files the `/tracking` screen loads (Vite's manifest), statically or later (the map is
 * imported once the status is on screen), the entry's own files left out.
 */
function trackingFiles(): string[] {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; dynamicImports?: string[] }
  >;
  const files: string[] = [];
  const pending = ['src/app/routes/tracking.tsx'];
  const seen = new Set<string>(['index.html']);
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No ${key} in the build manifest`);
    files.push(`/${chunk.file}`);
    pending.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
  }
  return files;
}

/**
 * A deploy of `name` with `content`: the file and the Brotli and gzip copies the build writes
 * beside it (the server sends those to browsers that accept them).
 */
function deploy(name: string, content: string): void {
  const path = join(dist, name);
  writeFileSync(path, content);
  if (existsSync(`${path}.br`)) writeFileSync(`${path}.br`, brotliCompressSync(content));
  if (existsSync(`${path}.gz`)) writeFileSync(`${path}.gz`, gzipSync(content));
}

/**
 * Opens `path` and waits until a worker controls the page and has finished activating (it claims
 * the page while its activation runs); returns the controlling worker's state.
 */
async function openControlled(page: Page, path: string): Promise<string | undefined> {
  await go(page, path);
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.state === 'activated',
    undefined,
    { timeout: 30_000 },
  );
  return page.evaluate(() => navigator.serviceWorker.controller?.state);
}

/** Paths (with query) of what the worker keeps in the caches whose name starts with `prefix`. */
function kept(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate(async (cachePrefix) => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith(cachePrefix)) continue;
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        found.push(url.pathname + url.search);
      }
    }
    return found;
  }, prefix);
}

const keptPages = (page: Page) => kept(page, 'auxilio-pages');

interface BrandFacts {
  name: string;
  title: string;
  primary: string;
  accountId: string;
}

async function brandFacts(slug: string): Promise<BrandFacts> {
  const response = await fetch(`${server.baseUrl}/app-config.json?brand=${slug}`);
  const config = (await response.json()) as {
    accountId: string;
    brand: { name: string; theme: { primary: string }; manifest: { name: string } };
  };
  return {
    name: config.brand.name,
    title: config.brand.manifest.name,
    primary: config.brand.theme.primary.toLowerCase(),
    accountId: config.accountId,
  };
}

/** The app is on screen with the brand's title, theme colour and logo (drawn, not broken). */
async function expectAppOfBrand(page: Page, slug: string): Promise<void> {
  const brand = await brandFacts(slug);
  const logo = page.locator('header').getByRole('img', { name: brand.name });
  await logo.waitFor();
  expect(await logo.getAttribute('src')).toContain(`/brands/${slug}/logo.svg`);
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect.poll(() => page.title()).toBe(brand.title);
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
  );
  expect(primary.toLowerCase()).toBe(brand.primary);
  expect(
    (await page.locator('meta[name="theme-color"]').getAttribute('content'))?.toLowerCase(),
  ).toBe(brand.primary);
}

/** The offline banner (decision 730), as a screen reader finds it. */
const offlineBanner = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Sin conexión. Le mostramos lo último' });

/** Moves the app to `path` as its own links do (no page load). */
function navigateInApp(page: Page, path: string): Promise<void> {
  return page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe('the service worker (decisions 176, 730)', () => {
  it('precaches the app shell and first screens only, from files the server has, and controls the first page', async () => {
    const urls = precacheUrls();
    expect(urls.length).toBeGreaterThan(0);
    // No page: every page is index.html with one brand in it (the server answers no /index.html);
    // the offline page is brand-neutral.
    expect(urls.filter((url) => url.endsWith('.html'))).toEqual(['/offline.html']);
    // No map: neither the map chunk nor its library nor the tracking screen.
    const tracking = trackingFiles();
    expect(tracking.some((file) => /\/map-view-/.test(file))).toBe(true);
    const listed = new Set(urls);
    expect(
      tracking.filter((file) => listed.has(file) && /map|leaflet|tracking/.test(file)),
    ).toEqual([]);
    // No telemetry, no source maps, no compressed copies; only the Latin Inter; the Spanish texts
    // of the first screens.
    expect(urls.filter((url) => /telemetry|\.map$|\.br$|\.gz$/.test(url))).toEqual([]);
    expect(urls.filter((url) => url.endsWith('.woff2'))).toEqual([
      expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/),
    ]);
    expect(urls.filter((url) => url.startsWith('/locales/')).sort()).toEqual([
      '/locales/es/common.json',
      '/locales/es/errors.json',
      '/locales/es/home.json',
      '/locales/es/services.json',
    ]);
    // What the worker's install asks for, the server answers (a single 404 fails the install).
    for (const url of urls) {
      const response = await fetch(`${server.baseUrl}${url}`, { headers: { accept: '*/*' } });
      expect(`${url} ${response.status}`).toBe(`${url} 200`);
    }

    const page = await newPage();
    expect(await openControlled(page, '/?brand=mmm')).toBe('activated');
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state),
    ).toBe('activated');
    const precached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((cache) => cache.includes('precache'));
      if (!name) return [];
      const requests = await (await caches.open(name)).keys();
      return requests.map((request) => new URL(request.url).pathname);
    });
    expect(precached.sort()).toEqual([...urls].sort());
    expect(precached).not.toContain('/index.html');
    await expectAppOfBrand(page, 'mmm');
  });

  it('repeat visit without network: the shell and /services render from the service worker', async () => {
    const page = await newPage();
    await openControlled(page, '/?brand=connect');
    await page.getByRole('link', { name: 'Solicitar asistencia' }).click();
    await page.getByRole('radio', { name: 'Cerrajería' }).waitFor({ state: 'attached' });
    // The account and the service types the tiles come from are kept (they are no personal data).
    const connect = await brandFacts('connect');
    await expect
      .poll(() => kept(page, 'auxilio-catalogue'), { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining([
          `/common/accounts/${connect.accountId}`,
          '/common/services/types/all',
        ]),
      );

    await context?.setOffline(true);
    const fromWorker: string[] = [];
    page.on('response', (response) => {
      if (response.fromServiceWorker()) fromWorker.push(new URL(response.url()).pathname);
    });
    // The account's integrations are not kept: their failure is logged only (SPEC 8) and must not
    // take the screen away.
    const integrationsFailed = page.waitForEvent('console', {
      predicate: (message) => message.text().includes('[integrations] fetch failed'),
      timeout: 30_000,
    });
    await page.reload({ waitUntil: 'load' });
    await expectAppOfBrand(page, 'connect');
    await page.getByRole('heading', { name: SERVICES_TITLE }).waitFor();
    await page.getByRole('radio', { name: 'Cerrajería' }).waitFor({ state: 'attached' });
    await offlineBanner(page).waitFor();
    await integrationsFailed;
    expect(await page.getByText('Cerrajería', { exact: true }).isVisible()).toBe(true);
    expect(await offlineBanner(page).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: OFFLINE_TITLE_ES }).count()).toBe(0);
    expect(fromWorker).toContain('/services');
    await shoot(page, 'services-offline-banner');
  });

  it('offline, a screen that needs the network gets the no-connection screen, and catches up once online', async () => {
    const created = await createTestService(server);
    const page = await newPage();
    await seedSessionOnce(page, seededSession(created));
    await openControlled(page, '/tracking?brand=connect');
    await page.locator('main h1').first().waitFor();

    // A screen never opened: its code cannot be downloaded offline.
    await context?.setOffline(true);
    await navigateInApp(page, '/help');
    await page.getByRole('heading', { name: OFFLINE_TITLE_ES }).waitFor();
    await expectAppOfBrand(page, 'connect');
    await shoot(page, 'screen-code-offline');

    // The tracking screen opened offline: the service it shows cannot be read.
    await go(page, '/tracking');
    await page.getByRole('heading', { name: OFFLINE_TITLE_ES }).waitFor();
    await expectAppOfBrand(page, 'connect');
    expect(await offlineBanner(page).count()).toBe(0);

    // Back online, without the retry: the screen reads the service and shows itself.
    await context?.setOffline(false);
    await page
      .locator('main h1')
      .filter({ hasNotText: OFFLINE_TITLE_ES })
      .first()
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('heading', { name: OFFLINE_TITLE_ES }).count()).toBe(0);
  });

  it("reopens visited brands offline, each with its own brand, and never one brand's page for another", async () => {
    const page = await newPage();
    await openControlled(page, '/?brand=mmm&fullName=Ana%20Rivera');
    // The page the user landed on, kept once the worker took over; personal query values are not.
    await expect.poll(() => keptPages(page), { timeout: 15_000 }).toContain('/?brand=mmm');
    await go(page, '/?brand=otium');
    await expectAppOfBrand(page, 'otium');
    await expect.poll(() => keptPages(page)).toContain('/?brand=otium');
    expect((await keptPages(page)).some((path) => path.includes('fullName'))).toBe(false);

    await context?.setOffline(true);
    await go(page, '/?brand=mmm');
    await expectAppOfBrand(page, 'mmm');
    // The home screen, shown from what the worker keeps, under the offline banner.
    await offlineBanner(page).waitFor();
    await shoot(page, 'app-offline-mmm');
    await page.reload({ waitUntil: 'load' });
    await expectAppOfBrand(page, 'mmm');

    await go(page, '/?brand=otium');
    await expectAppOfBrand(page, 'otium');

    // A brand never opened on this device: the neutral offline page, not the last brand's app.
    await go(page, '/?brand=honda');
    await page.getByRole('heading', { name: OFFLINE_TITLE_ES }).waitFor();
    expect(await page.locator('header').count()).toBe(0);
    expect(await page.getByRole('img').count()).toBe(0);
    const otium = await brandFacts('otium');
    const mmm = await brandFacts('mmm');
    expect([otium.title, mmm.title]).not.toContain(await page.title());
  });

  it('keeps pages without the screen the server painted for their address (decision 770)', async () => {
    const page = await newPage();
    await openControlled(page, '/services?brand=mmm');
    await page.getByRole('radio', { name: 'Cerrajería' }).waitFor({ state: 'attached' });
    await expect.poll(() => keptPages(page), { timeout: 15_000 }).toContain('/?brand=mmm');
    // The page the server sent painted the services screen; the kept copy opens any screen.
    const sent = await (await fetch(`${server.baseUrl}/services?brand=mmm`)).text();
    expect(sent).toContain(SERVICES_TITLE);
    const bodies = await page.evaluate(async () => {
      const found: string[] = [];
      for (const name of await caches.keys()) {
        if (!name.startsWith('auxilio-pages')) continue;
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          found.push((await (await cache.match(request))?.text()) ?? '');
        }
      }
      return found;
    });
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) {
      expect(body).toContain('<div id="root"></div>');
      expect(body).not.toContain(SERVICES_TITLE);
    }

    // The copy kept (its body decoded, its encoding headers gone) still opens the app offline.
    await context?.setOffline(true);
    await go(page, '/?brand=mmm');
    await expectAppOfBrand(page, 'mmm');
    await page.getByRole('link', { name: 'Solicitar asistencia' }).waitFor();
  });

  it('shows the offline page for a brand never opened; its retry reloads only once online', async () => {
    const page = await newPage();
    await openControlled(page, '/?brand=mmm');
    await expect.poll(() => keptPages(page), { timeout: 15_000 }).toContain('/?brand=mmm');

    await context?.setOffline(true);
    await go(page, '/tracking/permission?brand=otium');
    await page.getByRole('heading', { name: OFFLINE_TITLE_ES }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await shoot(page, 'offline-page-es');

    const retry = page.getByRole('button', { name: 'Reintentar' });
    let navigations = 0;
    page.on('framenavigated', () => {
      navigations += 1;
    });
    await retry.click();
    await page
      .getByRole('status')
      .getByText('Todavía no hay conexión. Inténtelo de nuevo en unos segundos.')
      .waitFor();
    expect(navigations).toBe(0);
    await shoot(page, 'offline-page-es-still-offline');

    await context?.setOffline(false);
    await Promise.all([page.waitForEvent('load'), retry.click()]);
    expect(navigations).toBeGreaterThan(0);
    await expectAppOfBrand(page, 'otium');
    expect(await page.getByRole('heading', { name: OFFLINE_TITLE_ES }).count()).toBe(0);
  });

  it('speaks English on the offline page when the browser prefers English', async () => {
    const page = await newPage('en-US');
    await openControlled(page, '/?brand=connect');
    await context?.setOffline(true);
    await go(page, '/services?brand=mmm');
    await page.getByRole('heading', { name: OFFLINE_TITLE_EN }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('status').getByText('Still no connection.', { exact: false }).waitFor();
    await shoot(page, 'offline-page-en');
  });

  it('offers the new version after a deploy; Ok reloads into it and the session carries over (SPEC 2 snackbar)', async () => {
    const page = await newPage();
    await openControlled(page, '/?brand=connect');
    await page.getByRole('link', { name: 'Solicitar asistencia' }).click();
    // The radio itself is visually hidden: the customer taps the tile's label.
    await page.getByText('Cerrajería', { exact: true }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Cerrajería' }).isChecked()).toBe(true);
    const sessionBefore = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
    expect(sessionBefore).toContain('"situation":"locksmith"');

    const released = readFileSync(join(dist, 'sw.js'), 'utf8');
    const buildId = /auxilio-pages@([^"]+)"/.exec(released)?.[1];
    if (!buildId) throw new Error('No page cache name in sw.js');
    const nextBuildId = `${buildId}-next`;
    try {
      // The next release: the same files with another build id, as a new deploy has.
      deploy('sw.js', released.replaceAll(buildId, nextBuildId));
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.ready).update();
      });
      const snackbar = page.getByRole('status').filter({ hasText: 'Nueva versión disponible' });
      await snackbar.waitFor({ timeout: 30_000 });
      await shoot(page, 'new-version-snackbar');
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting),
      ).not.toBe(null);

      await page.evaluate(() => {
        (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      });
      await Promise.all([
        page.waitForEvent('load', { timeout: 30_000 }),
        snackbar.getByRole('button', { name: 'Ok' }).click(),
      ]);
      // A new document (reloaded), controlled by the new worker, with nothing left waiting.
      expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return { waiting: registration.waiting, active: registration.active?.state };
        }),
      ).toEqual({ waiting: null, active: 'activated' });
      // The new worker served the reload: its page cache holds it, the old release's is gone.
      await expect
        .poll(() => page.evaluate(() => caches.keys()))
        .toContain(`auxilio-pages@${nextBuildId}`);
      expect(await page.evaluate(() => caches.keys())).not.toContain(`auxilio-pages@${buildId}`);
      // Same screen, same choice: the session in localStorage carried over.
      await expectAppOfBrand(page, 'connect');
      await page.getByRole('radio', { name: 'Cerrajería' }).waitFor({ state: 'attached' });
      expect(new URL(page.url()).pathname).toBe('/services');
      expect(await page.getByRole('radio', { name: 'Cerrajería' }).isChecked()).toBe(true);
      expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toContain(
        '"situation":"locksmith"',
      );
      expect(await page.getByText('Nueva versión disponible').count()).toBe(0);
    } finally {
      deploy('sw.js', released);
    }
  });
});

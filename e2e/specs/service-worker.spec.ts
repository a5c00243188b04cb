import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshots } from '../support/browser.ts';
import { startJourneyApi, type JourneyApi } from '../support/journey-api.ts';

// Decision 176: the PWA's service worker installs from files the server really has, reopens a page
// already visited offline with that page's own brand, shows the brand-neutral no-connection page
// (SPEC 2, SPEC 8 "Offline") for anything else, and offers SPEC 2's "New version available" after a
// deploy. The API serves a copy of the build, so the "deploy" can change its sw.js.

const BUILT_PWA = join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist');

const OFFLINE_TITLE_ES = '¡Ups! No tiene conexión a internet. ¿Desea intentarlo de nuevo?';
const OFFLINE_TITLE_EN = 'Oops, you have no internet connection, do you want to try again?';

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

/** Paths (with query) of the pages the worker keeps, read from the browser's cache storage. */
function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const kept: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('auxilio-pages')) continue;
      const requests = await (await caches.open(name)).keys();
      for (const request of requests) {
        const url = new URL(request.url);
        kept.push(url.pathname + url.search);
      }
    }
    return kept;
  });
}

interface BrandFacts {
  name: string;
  title: string;
  primary: string;
}

async function brandFacts(slug: string): Promise<BrandFacts> {
  const response = await fetch(`${server.baseUrl}/app-config.json?brand=${slug}`);
  const config = (await response.json()) as {
    brand: { name: string; theme: { primary: string }; manifest: { name: string } };
  };
  return {
    name: config.brand.name,
    title: config.brand.manifest.name,
    primary: config.brand.theme.primary.toLowerCase(),
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

describe('the service worker (decision 176)', () => {
  it('precaches only files the server has, no page among them, then activates and controls the page', async () => {
    const urls = precacheUrls();
    expect(urls.length).toBeGreaterThan(0);
    // No page: every page is index.html with one brand in it; the offline page is brand-neutral.
    expect(urls.filter((url) => url.endsWith('.html'))).toEqual(['/offline.html']);
    // Lean: no source maps, only the Latin Inter and the Spanish texts of the first screen.
    expect(urls.filter((url) => url.endsWith('.map'))).toEqual([]);
    expect(urls.filter((url) => url.endsWith('.woff2'))).toEqual([
      expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/),
    ]);
    expect(urls.filter((url) => url.startsWith('/locales/')).sort()).toEqual([
      '/locales/es/common.json',
      '/locales/es/errors.json',
    ]);
    // What the worker's install asks for, the server answers (a single 404 fails the install).
    for (const url of urls) {
      const response = await fetch(`${server.baseUrl}${url}`, { headers: { accept: '*/*' } });
      expect(`${url} ${response.status}`).toBe(`${url} 200`);
    }

    const page = await newPage();
    expect(await openControlled(page, '/?brand=mmm')).toBe('activated');
    const precached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((cache) => cache.includes('precache'));
      if (!name) return [];
      const requests = await (await caches.open(name)).keys();
      return requests.map((request) => new URL(request.url).pathname);
    });
    expect(precached.sort()).toEqual([...urls].sort());
    await expectAppOfBrand(page, 'mmm');
  });

  it("reopens visited pages offline, each with its own brand, and never one brand's page for another", async () => {
    const page = await newPage();
    await openControlled(page, '/?brand=mmm&fullName=Ana%20Rivera');
    // The page the user landed on, kept once the worker took over; personal query values are not.
    await expect.poll(() => keptPages(page), { timeout: 15_000 }).toContain('/?brand=mmm');
    await go(page, '/?brand=otium');
    await expectAppOfBrand(page, 'otium');
    await expect.poll(() => keptPages(page)).toContain('/?brand=otium');
    expect((await keptPages(page)).some((kept) => kept.includes('fullName'))).toBe(false);

    await context?.setOffline(true);
    await go(page, '/?brand=mmm');
    await expectAppOfBrand(page, 'mmm');
    // SPEC 8 "Offline: No-connection screen", inside the branded app.
    await page.getByRole('heading', { name: OFFLINE_TITLE_ES }).waitFor();
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

  it('shows the offline screen for a page never visited; its retry reloads only once online', async () => {
    const page = await newPage();
    await openControlled(page, '/?brand=mmm');
    await expect.poll(() => keptPages(page), { timeout: 15_000 }).toContain('/?brand=mmm');

    await context?.setOffline(true);
    await go(page, '/tracking/permission?brand=mmm');
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
    await expectAppOfBrand(page, 'mmm');
    expect(await page.getByRole('heading', { name: OFFLINE_TITLE_ES }).count()).toBe(0);
  });

  it('speaks English on the offline screen when the browser prefers English', async () => {
    const page = await newPage('en-US');
    await openControlled(page, '/?brand=connect');
    await context?.setOffline(true);
    await go(page, '/services?brand=connect');
    await page.getByRole('heading', { name: OFFLINE_TITLE_EN }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('status').getByText('Still no connection.', { exact: false }).waitFor();
    await shoot(page, 'offline-page-en');
  });

  it('offers the new version after a deploy, and Ok reloads into it (SPEC 2 snackbar)', async () => {
    const page = await newPage();
    await openControlled(page, '/?brand=mmm');
    const worker = join(dist, 'sw.js');
    const released = readFileSync(worker, 'utf8');
    try {
      // The next release: another sw.js on the server (its bytes are what the browser compares).
      writeFileSync(worker, `${released}\n// next release\n`);
      // The browser looks for a new worker when a page of the app is opened.
      await page.reload({ waitUntil: 'load' });
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
      await expectAppOfBrand(page, 'mmm');
      expect(await page.getByText('Nueva versión disponible').count()).toBe(0);
    } finally {
      writeFileSync(worker, released);
    }
  });
});

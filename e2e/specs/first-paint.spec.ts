import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshots } from '../support/browser.ts';

// Decision 770: on one bar of signal the app's scripts take seconds; the page itself paints the
// first screen (the header and the screen's title, in the page's brand and language) and React's
// first render takes over without anything moving. Checked by opening each address twice on a
// 360x740 phone: with scripts off (what the customer sees while they download) and with them on.

let browser: Browser;
const contexts: BrowserContext[] = [];
const shoot = screenshots('first-paint');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser.close();
});

async function phone(javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'es-PR',
    javaScriptEnabled,
    serviceWorkers: 'block',
  });
  contexts.push(context);
  return context.newPage();
}

interface Painted {
  title: string;
  titleBox: { x: number; y: number; width: number } | null;
  headerHeight: number | undefined;
  logoSrc: string | null;
  primary: string;
}

/** What the phone shows of the screen: its title (text and place), header and brand colour. */
async function painted(page: Page): Promise<Painted> {
  const title = page.locator('main h1').first();
  await title.waitFor();
  const box = await title.boundingBox();
  const logo = page.locator('header .app-header__brand img').last();
  return {
    title: (await title.textContent())?.trim() ?? '',
    titleBox: box && { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width) },
    headerHeight: (await page.locator('header').boundingBox())?.height,
    logoSrc: await logo.getAttribute('src'),
    primary: await page
      .locator('html')
      .evaluate((html) => getComputedStyle(html).getPropertyValue('--color-primary').trim()),
  };
}

describe('the first screen painted by the page (decision 770)', () => {
  it.each([
    ['/services?brand=mmm', '¿Qué servicio necesita?', 'services-mmm'],
    [
      '/services?brand=connect&isFromWebview=true&lang=en',
      'Which service do you need?',
      'services-webview-en',
    ],
    ['/?brand=connect&fullName=Ana%20Rivera', '¡Hola, Ana!', 'home-connect'],
  ])(
    '%s: the same title, header and colours before and after the scripts',
    async (path, title, name) => {
      const withoutScripts = await phone(false);
      await withoutScripts.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
      const first = await painted(withoutScripts);
      await shoot(withoutScripts, `${name}-before-scripts`);
      expect(first.title).toBe(title);

      const withScripts = await phone(true);
      await withScripts.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
      // React's first render replaces the page's markup, marks included.
      await withScripts.waitForFunction(
        () => !document.getElementById('root')?.innerHTML.includes('<!--first-paint-->'),
      );
      const app = await painted(withScripts);
      await shoot(withScripts, `${name}-app`);

      expect(first).toEqual(app);
    },
  );

  it('/tracking paints the status skeleton in the place of the status', async () => {
    const page = await phone(false);
    await page.goto(`${baseUrl()}/tracking?brand=connect`, { waitUntil: 'networkidle' });
    const skeleton = page.locator('main.tracking--skeleton');
    expect(await skeleton.getAttribute('aria-busy')).toBe('true');
    expect(await page.getByRole('status').textContent()).toBe('Cargando…');
    const status = await page.locator('.tracking__status').boundingBox();
    // Directly under the header, the first thing a customer reads.
    expect(status?.y).toBeLessThan(120);
    await shoot(page, 'tracking-before-scripts');
  });
});

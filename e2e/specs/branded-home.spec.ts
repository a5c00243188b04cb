import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, open, phoneContext } from '../support/browser.ts';

// The branded home in Spanish, English with lang=en, another brand's logo and colours, and its Help
// without chat. Against the built PWA served by the real API.

let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await context?.close();
  await browser.close();
});
beforeEach(async () => {
  await context?.close();
  context = await phoneContext(browser);
  page = await context.newPage();
});

const primaryColour = (p: Page) =>
  p.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
  );

async function brandPrimary(slug: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/app-config.json?brand=${slug}`);
  const config = (await response.json()) as { brand: { theme: { primary: string } } };
  return config.brand.theme.primary.toLowerCase();
}

describe('branded home', () => {
  it('shows the connect home in Spanish, with its logo, title and theme colour', async () => {
    await open(page, '/?brand=connect');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
    await page.getByRole('link', { name: 'Solicitar asistencia' }).waitFor();
    expect(await page.locator('header img').first().getAttribute('src')).toContain(
      '/brands/connect/logo.svg',
    );
    expect((await primaryColour(page)).toLowerCase()).toBe(await brandPrimary('connect'));
    expect(await page.title()).not.toBe('');
  });

  it('speaks English with lang=en', async () => {
    await open(page, '/?brand=connect&lang=en');
    await page.getByRole('link', { name: 'Request assistance' }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.locator('header').getByRole('button', { name: 'Help' }).click();
    await page.getByRole('dialog').getByText('Call').first().waitFor();
  });

  it('offers call and chat in Ayuda for connect', async () => {
    await open(page, '/?brand=connect');
    await page.locator('header').getByRole('button', { name: 'Ayuda' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('a[href^="tel:"]').count()).toBe(1);
    expect(await dialog.getByText('Chat', { exact: true }).count()).toBe(1);
  });

  it('shows mmm with its own logo and colours, and its Ayuda has no chat', async () => {
    await open(page, '/?brand=mmm');
    await page.getByRole('link', { name: 'Solicitar asistencia' }).waitFor();
    expect(await page.locator('header img').first().getAttribute('src')).toContain(
      '/brands/mmm/logo.svg',
    );
    const mmmPrimary = await brandPrimary('mmm');
    expect(mmmPrimary).not.toBe(await brandPrimary('connect'));
    expect((await primaryColour(page)).toLowerCase()).toBe(mmmPrimary);
    await page.locator('header').getByRole('button', { name: 'Ayuda' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('a[href^="tel:"]').count()).toBe(1);
    expect(await dialog.getByText('Chat', { exact: true }).count()).toBe(0);
  });

  it('brands the first paint on the server: title, theme colour and manifest of the brand', async () => {
    const html = await (await fetch(`${baseUrl()}/?brand=mmm`)).text();
    expect(html).toContain('href="/manifest.webmanifest?brand=mmm"');
    expect(html.toLowerCase()).toContain(`content="${await brandPrimary('mmm')}"`);
  });

  it('resolves the brand from the host name (honda.localhost)', async () => {
    const { port } = new URL(baseUrl());
    await page.goto(`http://honda.localhost:${port}/`, { waitUntil: 'networkidle' });
    await page.locator('header img').first().waitFor();
    expect(await page.locator('header img').first().getAttribute('src')).toContain(
      '/brands/honda/logo.svg',
    );
  });

  it('offline, keeps the home under the offline banner (decision 730); online again, the banner goes', async () => {
    await open(page, '/?brand=connect');
    const requestLink = page.getByRole('link', { name: 'Solicitar asistencia' });
    await requestLink.waitFor();
    await page.context().setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: 'Sin conexión' });
    await banner.waitFor();
    expect(await requestLink.isVisible()).toBe(true);
    expect(await page.getByText('no tiene conexión a internet', { exact: false }).count()).toBe(0);
    await page.context().setOffline(false);
    await expect.poll(() => banner.count()).toBe(0);
    expect(await requestLink.isVisible()).toBe(true);
  });
});

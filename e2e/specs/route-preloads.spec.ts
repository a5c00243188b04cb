import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, phoneContext } from '../support/browser.ts';

// Decision 720: the page of an address announces its screen's code and texts with the app's own
// (apps/web/build/route-preloads.ts, apps/api/src/services/web-shell.ts), so on a weak signal the
// first screen arrives in one round. Against the real build: the links are in the page, point at
// files the server has, and the browser uses them (each file asked for once, not twice).

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  // No service worker: every request is the page's own, seen here.
  context = await phoneContext(browser, { serviceWorkers: 'block' });
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

async function announced(path: string): Promise<{ rel: string; href: string }[]> {
  const html = await (
    await fetch(`${baseUrl()}${path}`, { headers: { accept: 'text/html' } })
  ).text();
  return [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map(
    (match) => ({ rel: match[1] ?? '', href: match[2] ?? '' }),
  );
}

/** Every request the page makes while `run` goes on, by path and query. */
async function requestsOf(page: Page, run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const onRequest = (request: { url: () => string }) => {
    const url = new URL(request.url());
    seen.push(`${url.pathname}${url.search}`);
  };
  page.on('request', onRequest);
  try {
    await run();
  } finally {
    page.off('request', onRequest);
  }
  return seen;
}

describe('the first screen announced with the app', () => {
  it('/services: its chunk and its texts are in the page, and fetched once', async () => {
    const links = await announced('/services?brand=connect');
    const chunk = links.find((link) => /^\/assets\/services-[\w-]+\.js$/.test(link.href));
    const texts = links.find((link) => link.href.startsWith('/locales/es/services.json?v='));
    expect(chunk?.rel).toBe('modulepreload');
    expect(texts?.rel).toBe('preload');
    for (const { href } of links) {
      expect((await fetch(`${baseUrl()}${href}`)).status, href).toBe(200);
    }

    const page = await context.newPage();
    const requests = await requestsOf(page, async () => {
      await page.goto(`${baseUrl()}/services?brand=connect`);
      await page.getByRole('radio', { name: 'Cerrajería' }).waitFor();
    });
    expect(requests.filter((path) => path === chunk?.href)).toHaveLength(1);
    expect(requests.filter((path) => path === texts?.href)).toHaveLength(1);
    await page.close();
  });

  it("announces the texts in the page's language, and another screen's for another address", async () => {
    const home = await announced('/?brand=connect&lang=en');
    expect(home.some((link) => link.href.startsWith('/locales/en/home.json?v='))).toBe(true);
    expect(home.some((link) => link.href.includes('/services.json'))).toBe(false);
    const tracking = await announced('/tracking?brand=connect');
    expect(tracking.some((link) => /^\/assets\/tracking-[\w-]+\.js$/.test(link.href))).toBe(true);
    // The map's library waits for the status to paint: never announced.
    expect(tracking.some((link) => link.href.includes('map-view'))).toBe(false);
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, open, phoneContext } from '../support/browser.ts';

// Issue 15: in a webview the header logo sat off-centre (the end holds Ayuda and the close control,
// the start only the back arrow). On a 360 px phone the logo's box is at the header's centre,
// whatever the controls on each side (apps/web/src/features/header).

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

/** Horizontal centres of the header and of its logo box, in CSS pixels. */
async function centres(p: Page) {
  await p.locator('header .app-header__brand img').first().waitFor();
  return p.evaluate(() => {
    const centre = (selector: string) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return box ? (box.left + box.right) / 2 : Number.NaN;
    };
    return { header: centre('header'), logo: centre('header .app-header__brand') };
  });
}

describe('header logo at the true centre', () => {
  it.each([
    ['in a webview (back arrow; Ayuda and close)', '/services?brand=connect&isFromWebview=true'],
    ['in a webview, in English', '/services?brand=mmm&isFromWebview=true&lang=en'],
    ['outside a webview (back arrow; Ayuda)', '/services?brand=honda'],
    ['without back arrow (Ayuda only)', '/?brand=connect'],
  ])('%s', async (_case, path) => {
    await open(page, path);
    const { header, logo } = await centres(page);
    expect(header).toBe(180);
    expect(Math.abs(logo - header)).toBeLessThanOrEqual(1);
  });
});

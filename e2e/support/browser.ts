import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumLaunchOptions } from './chromium-flags.ts';

/** Chromium from the Debian package, with the flags this workplace needs (no network, no sandbox). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

export interface PhoneOptions {
  /** Grants geolocation at this position; without it the page is asked and nothing answers. */
  geolocation?: { latitude: number; longitude: number; accuracy?: number };
  /** 'block': no service worker, so `page.route` and network emulation see every request. */
  serviceWorkers?: 'allow' | 'block';
  /** The phone's time zone; a phone in Puerto Rico by default, as the demo accounts are. */
  timeZone?: string;
  /** false: what the phone shows before the app's scripts have arrived. */
  javaScriptEnabled?: boolean;
}

/** A phone-sized context (360x740) as our users have. */
export function phoneContext(
  browser: Browser,
  options: PhoneOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'es-PR',
    timezoneId: options.timeZone ?? 'America/Puerto_Rico',
    ...(options.serviceWorkers ? { serviceWorkers: options.serviceWorkers } : {}),
    ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
    ...(options.geolocation
      ? { geolocation: options.geolocation, permissions: ['geolocation'] }
      : {}),
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The API that support/global-setup.ts started (the real `server.ts` process). */
    baseUrl: string;
  }
}

export const baseUrl = (): string => inject('baseUrl');

export async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
}

/** Where screenshots of the journeys go (ignored by git) so a person can look at every step. */
export const ARTIFACTS_DIR = join(import.meta.dirname, '..', 'artifacts');

/** Numbered screenshots of one journey: `artifacts/<journey>/01-<step>.png`, ... */
export function screenshots(journey: string): (page: Page, step: string) => Promise<void> {
  const dir = join(ARTIFACTS_DIR, journey);
  mkdirSync(dir, { recursive: true });
  let count = 0;
  return async (page, step) => {
    count += 1;
    const name = `${String(count).padStart(2, '0')}-${step}.png`;
    await page.screenshot({ path: join(dir, name), fullPage: false });
  };
}

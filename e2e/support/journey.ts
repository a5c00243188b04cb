import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, phoneContext, type PhoneOptions } from './browser.ts';
import { startJourneyApi, type JourneyApi, type JourneyApiOptions } from './journey-api.ts';

/** What a journey spec works with: its own API, one Chromium, and the phones opened in it. */
export interface Journey {
  readonly api: JourneyApi;
  readonly browser: Browser;
  /**
   * A new phone-sized browser context (browser.ts). One opened during a test is closed after that
   * test, so every test starts on a clean phone; one opened in a `beforeAll` lasts for the file.
   */
  phone(options?: PhoneOptions): Promise<BrowserContext>;
}

/**
 * Registers, in the calling spec file, the hooks every journey spec needs: before its tests, its own
 * API on a fresh database (journey-api.ts) and Chromium; after each test, the phones that test
 * opened; after the file, everything else. Call it first, so the spec's own hooks can use it.
 */
export function useJourney(options: JourneyApiOptions): Journey {
  let api: JourneyApi | undefined;
  let browser: Browser | undefined;
  const filePhones: BrowserContext[] = [];
  let testPhones: BrowserContext[] | undefined;

  beforeAll(async () => {
    api = await startJourneyApi(options);
    browser = await launchBrowser();
  });
  beforeEach(() => {
    testPhones = [];
  });
  afterEach(async () => {
    const opened = testPhones ?? [];
    testPhones = undefined;
    for (const phone of opened) await phone.close();
  });
  afterAll(async () => {
    for (const phone of filePhones) await phone.close();
    await browser?.close();
    await api?.close();
  });

  function started<T>(value: T | undefined, what: string): T {
    if (value === undefined) throw new Error(`${what} is used before the journey started it`);
    return value;
  }
  return {
    get api() {
      return started(api, 'The journey API');
    },
    get browser() {
      return started(browser, 'The browser');
    },
    async phone(phoneOptions = {}) {
      const context = await phoneContext(started(browser, 'The browser'), phoneOptions);
      (testPhones ?? filePhones).push(context);
      return context;
    },
  };
}

import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccountId } from '../../apps/api/src/db/seed/accounts.ts';
import { screenshots } from '../support/browser.ts';
import { CUSTOMER } from '../support/demo-data.ts';
import { useErrorReportReceiver } from '../support/error-report-receiver.ts';
import { useJourney } from '../support/journey.ts';
import { createTestService } from '../support/services.ts';
import { seededSession, seedSessionOnce } from '../support/tracking-steps-session.ts';

// Partner integrations and the "other calls" of SPEC 7, in Chromium at 360x740 against the built
// PWA and the real API: the success redirect of a finished service (decision 630), error reporting
// to a receiver speaking Sentry's envelope protocol with nothing personal in it (decisions 631-632),
// and no telemetry at all where none is configured.

/** The connect Visitor account in Puerto Rico: its tracking integration has a success redirect. */
const REDIRECT_ACCOUNT = demoAccountId('connect', 'PR', 'visitor');
const PARTNER_PAGE = 'https://connect-app.example/servicio-finalizado';

/** What the customer typed or brought in the entry link, which no report may carry. */
const PERSONAL = [
  CUSTOMER.firstName,
  'Rivera',
  CUSTOMER.vehicle.plate,
  'GFS-643',
  CUSTOMER.email,
  CUSTOMER.phone,
  '5550100',
];

const journey = useJourney({ simulator: false });

/** Every request the page's context makes (the page, its workers and its service worker). */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.context().on('request', (request) => requests.push(request));
  return requests;
}

describe('success redirect of a partner integration', () => {
  it('a finished service of an account with a success redirect goes to the partner page', async () => {
    const shot = screenshots('integrations');
    const created = await createTestService(journey.api, { account_id: REDIRECT_ACCOUNT });
    const driver = await journey.api.dispatchNext();
    if (driver?.serviceId !== created.serviceId) throw new Error('The service was not dispatched');
    await driver.accept();

    const page = await (await journey.phone()).newPage();
    // The partner's https page is not on this network: the browser's navigation to it is answered
    // here, which also proves that the app did navigate there.
    await page.route(`${PARTNER_PAGE}**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><meta name="viewport" content="width=device-width"><h1>Partner app</h1>',
      }),
    );
    await seedSessionOnce(page, seededSession(created));
    const integrationsRead = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/v2/accounts/${REDIRECT_ACCOUNT}/integrations`) &&
        response.status() === 200,
    );
    await page.goto(`${journey.api.baseUrl}/tracking/loading?brand=connect`, { waitUntil: 'load' });
    await integrationsRead;
    await page.locator('main h1').first().waitFor();
    await shot(page, 'tracking-before-finish');

    await driver.tripStatus('ON_ROUTE');
    await driver.tripStatus('ARRIVED');
    await driver.tripStatus('FINISHED');
    await page.waitForURL((url) => url.href.startsWith(PARTNER_PAGE), { timeout: 40_000 });
    expect(page.url()).toBe(
      `${PARTNER_PAGE}?serviceNumber=${encodeURIComponent(created.serviceNumber)}`,
    );
    await page.getByRole('heading', { name: 'Partner app' }).waitFor();
    await shot(page, 'partner-page');
  }, 90_000);
});

describe('no telemetry configured', () => {
  it('/services loads no telemetry script and makes no telemetry request', async () => {
    const page = await (await journey.phone()).newPage();
    const requests = recordRequests(page);
    await page.goto(`${journey.api.baseUrl}/services?brand=connect`, { waitUntil: 'networkidle' });
    await page.getByRole('heading').first().waitFor();
    // The service worker installs and precaches in the background: let it finish.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForLoadState('networkidle');

    const origin = new URL(journey.api.baseUrl).origin;
    const urls = requests.map((request) => request.url());
    expect(urls.length).toBeGreaterThan(5);
    expect(urls.filter((url) => !url.startsWith(origin) && !/^(data|blob):/.test(url))).toEqual([]);
    expect(
      urls.filter((url) => /telemetry-|sentry|googletagmanager|segment|pendo/i.test(url)),
    ).toEqual([]);
    const scripts = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script[src]'), (script) => script.getAttribute('src')),
    );
    expect(scripts.filter((src) => !src?.startsWith('/') || /telemetry/.test(src))).toEqual([]);
    const globals = await page.evaluate(() => ({
      dataLayer: 'dataLayer' in window,
      analytics: 'analytics' in window,
      pendo: 'pendo' in window,
      sentry: '__SENTRY__' in window,
    }));
    expect(globals).toEqual({ dataLayer: false, analytics: false, pendo: false, sentry: false });
  }, 60_000);
});

describe('error reporting', () => {
  const receiver = useErrorReportReceiver();
  const reporting = useJourney({
    simulator: false,
    env: () => ({ ERROR_REPORTING_DSN: receiver.dsn, ERROR_REPORTING_ENVIRONMENT: 'e2e' }),
  });

  it('an error in the app reaches the receiver with no personal data, and traces are sampled', async () => {
    const page = await (await reporting.phone()).newPage();
    const entry = new URLSearchParams({
      brand: 'connect',
      fullName: `${CUSTOMER.firstName} ${CUSTOMER.lastName}`,
      plate: 'GFS-643',
    });
    await page.goto(`${reporting.api.baseUrl}/services?${entry.toString()}`, {
      waitUntil: 'networkidle',
    });
    await page.getByRole('heading').first().waitFor();
    // The SDK is fetched only because a DSN is configured.
    await page.waitForFunction(() => '__SENTRY__' in window);

    // An uncaught error whose message quotes the customer, as a careless error message would.
    await page.evaluate(
      ({ name, plate, email, phone }) => {
        setTimeout(() => {
          throw new Error(`Vehicle ${plate} of ${name} (${email}, ${phone}) not found`);
        });
      },
      {
        name: `${CUSTOMER.firstName} ${CUSTOMER.lastName}`,
        plate: 'GFS-643',
        email: CUSTOMER.email,
        phone: CUSTOMER.phone,
      },
    );

    const event = await receiver.waitFor((item) => item.type === 'event');
    const payload = event.payload as {
      environment: string;
      exception: { values: { value: string }[] };
      request?: { url?: string };
      user?: unknown;
    };
    expect(payload.environment).toBe('e2e');
    expect(payload.exception.values[0]?.value).toBe(
      'Vehicle [redacted] of [redacted] ([email], [number]) not found',
    );
    expect(payload.request?.url).toBe(`${reporting.api.baseUrl}/services`);
    expect(payload.user).toBeUndefined();

    // SPEC 7 "100% trace sampling": the page load's trace is sent too, streamed as spans.
    await page.goto(`${reporting.api.baseUrl}/location?brand=connect`, { waitUntil: 'load' });
    await receiver.waitFor((item) => item.type === 'span' || item.type === 'transaction');

    for (const item of receiver.items) {
      for (const value of PERSONAL) expect(item.raw).not.toContain(value);
      expect(item.raw).not.toContain('fullName=');
    }
  }, 60_000);
});

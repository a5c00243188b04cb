import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONNECT_PR_ACCOUNT, SAN_JUAN } from '../support/demo-data.ts';
import { useJourney } from '../support/journey.ts';
import { mapDrawn } from '../support/journey-steps-common.ts';
import {
  acceptedService,
  seededSession,
  seedSessionOnce,
  trackingTitle,
} from '../support/tracking-steps-session.ts';
import { INITIAL_SESSION } from '@auxilio/domain';

// The PWA passes its own Content-Security-Policy (docs/decisions/473), which allows no inline code
// and only the origins the app needs. The built PWA, served by the real API with its real headers,
// opens the home, the location screen with its Leaflet map, and tracking with the driver on the
// map; any `securitypolicyviolation` event or CSP console message fails the spec.

const journey = useJourney({ simulator: false });

interface Violations {
  /** `securitypolicyviolation` events the page saw (directive and blocked URL). */
  events: () => Promise<string[]>;
  /** Console messages about the policy ("Refused to ...", "Content Security Policy"). */
  console: string[];
}

/** A phone whose pages report every CSP violation, from the first script on. */
async function watchedPage(): Promise<{ page: Page; violations: Violations }> {
  const context = await journey.phone({ geolocation: SAN_JUAN });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as { cspViolations?: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`);
    });
  });
  const page = await context.newPage();
  const consoleMessages: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/content security policy|refused to/i.test(text)) consoleMessages.push(text);
  });
  return {
    page,
    violations: {
      events: () =>
        page.evaluate(() => [...((window as { cspViolations?: string[] }).cspViolations ?? [])]),
      console: consoleMessages,
    },
  };
}

/** The page was served under our policy, so passing it means something. */
function expectPolicy(response: Response | null): void {
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
}

async function expectNoViolations(violations: Violations): Promise<void> {
  expect(await violations.events()).toEqual([]);
  expect(violations.console).toEqual([]);
}

/** Waits for the map to have drawn its basemap, then for the network to settle. */
async function mapSettled(page: Page): Promise<void> {
  await mapDrawn(page);
  await page.waitForLoadState('networkidle');
}

describe('the PWA under the Content-Security-Policy', () => {
  it('the watcher sees a violation when there is one (an inline script)', async () => {
    const { page, violations } = await watchedPage();
    expectPolicy(await page.goto(`${journey.api.baseUrl}/?brand=connect`));
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.append(script);
    });
    await expect.poll(() => violations.events()).toContainEqual('script-src-elem blocked inline');
    expect(
      await page.evaluate(() => (window as { inlineRan?: boolean }).inlineRan),
    ).toBeUndefined();
  });

  it('home: no violation', async () => {
    const { page, violations } = await watchedPage();
    expectPolicy(
      await page.goto(`${journey.api.baseUrl}/?brand=connect&account=${CONNECT_PR_ACCOUNT}`),
    );
    await page.getByRole('link', { name: 'Solicitar asistencia' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoViolations(violations);
  });

  it('location screen with its map: no violation', async () => {
    const { page, violations } = await watchedPage();
    await seedSessionOnce(
      page,
      JSON.stringify({
        state: {
          session: {
            ...INITIAL_SESSION,
            brand: 'connect',
            accountId: CONNECT_PR_ACCOUNT,
            situation: 'flatTire',
          },
        },
        version: 1,
      }),
    );
    expectPolicy(await page.goto(`${journey.api.baseUrl}/location?brand=connect`));
    await mapSettled(page);
    await expectNoViolations(violations);
  });

  it('tracking with the driver on the map: no violation', async () => {
    const { created } = await acceptedService(journey.api);
    const { page, violations } = await watchedPage();
    await seedSessionOnce(page, seededSession(created));
    expectPolicy(await page.goto(`${journey.api.baseUrl}/tracking?brand=${created.brand}`));
    await trackingTitle(page).filter({ hasText: 'estará con usted pronto' }).waitFor();
    await mapSettled(page);
    await expectNoViolations(violations);
  });
});

// Status-latency benchmark: a status change written by the driver API must appear on the tracking
// screen within 1 s, so the customer sees each step of the driver as it happens. The real app in
// Chromium, the real API with its event stream on a fresh embedded database; this script plays
// the dispatcher and the driver and measures the time from each call to the screen's title
// changing: the dispatcher assigning a driver (the customer waits on the loading screen, which
// becomes the tracking screen with the driver's name), then the driver's on route and arrived.
// Prints median, p95 and worst of each; exits non-zero when a p95 is over budget. Needs a build
// (`npm run bench` builds first).
import type { ServiceRequestPayloadInput } from '@auxilio/domain';
import type { Page } from 'playwright-core';
import { launchBrowser, phoneContext } from '../e2e/support/browser.ts';
import { createTestService } from '../e2e/support/services.ts';
import { startJourneyApi } from '../e2e/support/journey-api.ts';
import { seedSessionOnce, seededSession } from '../e2e/support/tracking-steps-session.ts';

/** A status change appears on the customer's screen within this time (p95). */
const BUDGET_MS = 1000;
const SERVICES = 10;
const CHANGES = ['ON_ROUTE', 'ARRIVED'] as const;
/** The tracking screen's titles in Spanish (apps/web/public/locales/es/tracking.json `title`). */
const ACCEPTED_TITLE = 'estará con usted pronto';
const TITLES: Record<(typeof CHANGES)[number], string> = {
  ON_ROUTE: 'Su asistencia va en camino',
  ARRIVED: 'Brindando asistencia',
};
/** Time left for the event stream to open once the screen shows the service. */
const SETTLE_MS = 1000;

const overrides: Partial<ServiceRequestPayloadInput> = { situation: 'flatTire' };

/**
 * Milliseconds from calling `change` to the page's title holding `title`, and what `change`
 * answered. The page records when the title changes, on its own clock (the same machine as this
 * one).
 */
async function timeToTitle<T>(page: Page, title: string, change: () => Promise<T>) {
  await page.evaluate((expected) => {
    const w = window as unknown as { titleChangedAt?: number };
    w.titleChangedAt = undefined;
    const observer = new MutationObserver(() => {
      if (document.querySelector('main h1')?.textContent.includes(expected)) {
        w.titleChangedAt = performance.timeOrigin + performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, title);
  const sentAt = performance.timeOrigin + performance.now();
  const answer = await change();
  const changedAt = await page.waitForFunction(
    () => (window as unknown as { titleChangedAt?: number }).titleChangedAt,
    undefined,
    { timeout: 30_000 },
  );
  return { ms: ((await changedAt.jsonValue()) as number) - sentAt, answer };
}

const api = await startJourneyApi({ simulator: false });
const browser = await launchBrowser();
const assigned: number[] = [];
const changes: number[] = [];
try {
  for (let run = 0; run < SERVICES; run += 1) {
    const created = await createTestService(api, overrides);
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await seedSessionOnce(page, seededSession(created));
    await page.goto(`${api.baseUrl}/tracking?brand=${created.brand}`, { waitUntil: 'load' });
    // The customer waits for a provider on the loading screen, with the event stream open.
    await page.waitForURL('**/tracking/loading', { timeout: 30_000 });
    await page.locator('main h1').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(SETTLE_MS);
    const assignment = await timeToTitle(page, ACCEPTED_TITLE, () => api.dispatchNext());
    const driver = assignment.answer;
    if (!driver) throw new Error('No driver was dispatched');
    assigned.push(assignment.ms);
    await driver.accept();
    await page.waitForTimeout(SETTLE_MS);
    for (const status of CHANGES) {
      changes.push((await timeToTitle(page, TITLES[status], () => driver.tripStatus(status))).ms);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await api.close();
}

/** Prints median, p95 and worst of `samples`; false when the p95 is over budget. */
function report(name: string, samples: number[]): boolean {
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)] ?? NaN;
  const p95 = at(0.95);
  console.log(`${name}, ${samples.length} over ${SERVICES} services`);
  console.log(
    `  median ${at(0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, worst ${(samples.at(-1) ?? NaN).toFixed(0)} ms (budget p95 <= ${BUDGET_MS} ms)`,
  );
  return p95 <= BUDGET_MS;
}

const assignedOk = report('Driver assigned → named on the customer’s screen', assigned);
const changesOk = report('Status change → tracking screen', changes);
if (!assignedOk || !changesOk) {
  console.error('Over budget');
  process.exitCode = 1;
}

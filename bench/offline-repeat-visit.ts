// Repeat visit with the network off (decision 730): a phone opens `/services` once, the service
// worker installs; later, with no signal at all, the phone opens `/` and `/services` again. Both must
// render from the worker: the shell (header with the brand) and the screen's title. The real API in a
// child process serves the built PWA (apps/web/dist, or WEB_DIST_DIR) to Debian's Chromium at
// 360x740. Three offline visits per page; prints the median time from navigation to the title on
// screen, and exits non-zero when a page does not render offline.
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium-flags.ts';
import { startChildServer } from './support/child-server.ts';
import { recordResult } from './support/results.ts';

const RUNS = 3;

const PAGES = [
  { name: '/', path: '/', title: 'main.home h1, main.home p.home__lead' },
  { name: '/services', path: '/services', title: 'h1.flow-screen__title' },
] as const;

export interface OfflinePageFigures {
  name: string;
  /** Milliseconds from the start of the navigation to the screen's title on screen, each visit. */
  runs: number[];
  medianMs: number;
  /** Every visit was answered by the service worker and drew the brand's header and the title. */
  rendered: boolean;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** One offline visit: ms to the title, or NaN when the page did not render it from the worker. */
async function offlineVisit(page: Page, url: string, title: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  try {
    await page.locator(title).first().waitFor({ state: 'visible', timeout: 15_000 });
    await page.locator('header img').first().waitFor({ state: 'visible', timeout: 5_000 });
  } catch {
    return NaN;
  }
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    // workerStart > 0: the page came through the service worker (there is no network to come from).
    return navigation && navigation.workerStart > 0 ? performance.now() : NaN;
  });
}

const api = await startChildServer('./api-server.ts');
const browser = await chromium.launch(chromiumLaunchOptions());
const results: OfflinePageFigures[] = [];
try {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'es-PR',
    timezoneId: 'America/Puerto_Rico',
  });
  const page = await context.newPage();
  // The first visit, online: the worker installs and takes the page.
  await page.goto(`${api.baseUrl}/services`);
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.state === 'activated',
    null,
    {
      timeout: 60_000,
    },
  );
  // Let the first screens' runtime reads (account, service types) be kept as a phone would have.
  await page.locator('h1.flow-screen__title').waitFor();
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  for (const target of PAGES) {
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await offlineVisit(page, `${api.baseUrl}${target.path}`, target.title));
    }
    const rendered = runs.every((ms) => Number.isFinite(ms));
    results.push({ name: target.name, runs, medianMs: median(runs), rendered });
  }
} finally {
  await browser.close();
  await api.close();
}

console.log(`Repeat visit with the network off, ${RUNS} visits per page (from the service worker)`);
for (const page of results) {
  console.log(
    `${page.name}: ${page.rendered ? `rendered, median ${page.medianMs.toFixed(0)} ms to the title` : 'DID NOT RENDER offline'} (runs: ${page.runs.map((ms) => (Number.isFinite(ms) ? ms.toFixed(0) : 'failed')).join(', ')} ms)`,
  );
}
recordResult('offline-repeat-visit', { runs: RUNS, pages: results });
process.exitCode = results.every((page) => page.rendered) ? 0 : 1;

// Lighthouse benchmark (issue 15): what a phone on a weak signal sees of `/`, `/services` and
// `/tracking` with a live service. The `lighthouse` npm package drives Debian's Chromium with its
// mobile defaults, unchanged: simulated slow 4G (150 ms RTT, 1.6 Mbps down) and a 4x CPU slowdown on
// a 412x823 phone screen. The real API (child process, fresh demo database) serves the built PWA
// (apps/web/dist, or WEB_DIST_DIR). Three runs per page, each a first visit (no HTTP cache, no
// service worker); prints the median of each figure and the LCP element, and, for a page over
// budget, what Lighthouse says costs the most. Exits non-zero when any page is over budget.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { trackingCookieHeader } from '@auxilio/domain';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  SOFTWARE_WEBGL_FLAGS,
} from '../e2e/support/chromium-flags.ts';
import { createTestService, type CreatedService } from '../e2e/support/services.ts';
import { SESSION_KEY, seededSession } from '../e2e/support/tracking-steps-session.ts';
import { startChildServer, type ChildServer } from './support/child-server.ts';
import { recordResult, RESULTS_DIR } from './support/results.ts';

/** Issue 15 budgets, on each page. */
export const LIGHTHOUSE_BUDGETS = {
  score: 95,
  lcpMs: 2500,
  tbtMs: 200,
  cls: 0.1,
} as const;
const RUNS = 3;
/** The demo accounts' branch (Puerto Rico). */
const PHONE_TIME_ZONE = 'America/Puerto_Rico';

/**
 * The same flags as the e2e browser, WebGL in software as a phone's GPU would draw a WebGL map, and a
 * DevTools port for Lighthouse.
 */
const LIGHTHOUSE_CHROMIUM_FLAGS = [
  ...CHROMIUM_FLAGS,
  ...SOFTWARE_WEBGL_FLAGS,
  '--remote-debugging-port=0',
];

interface PageUnderTest {
  name: string;
  path: string;
  /** The persisted session (localStorage) the page opens with. */
  session?: string;
  /** The cookie the app keeps beside that session (decision 752), as `name=value; attributes`. */
  cookie?: string;
}

interface RunFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  lcpElement: string;
}

export interface PageFigures extends Omit<RunFigures, 'lcpElement'> {
  name: string;
  runs: RunFigures[];
  lcpElement: string;
  withinBudget: boolean;
  /** The audits that cost the most, from the median run (only for a page over budget). */
  costliest: string[];
}

// ---------------------------------------------------------------------------------------------
// Chromium with a DevTools port: Lighthouse and Playwright both attach to it.

async function launchChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'auxilio-lighthouse-'));
  const child = spawn(CHROMIUM_PATH, [...LIGHTHOUSE_CHROMIUM_FLAGS, `--user-data-dir=${profile}`], {
    // A phone in Puerto Rico, as the demo accounts and the e2e phones are (e2e/support/browser.ts):
    // the arrival time then reads as the customer sees it at home, without a zone label.
    env: { ...process.env, TZ: PHONE_TIME_ZONE },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await devToolsPort(child);
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        const done = () => {
          // Chromium's helpers may still be writing into the profile as it exits.
          rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
          resolve();
        };
        if (child.exitCode !== null) {
          done();
          return;
        }
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

function devToolsPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    if (!child.stderr) throw new Error('Chromium was started without a stderr pipe');
    const lines = createInterface({ input: child.stderr });
    lines.on('line', (line) => {
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(line);
      if (match?.[1]) resolve(Number(match[1]));
    });
    child.once('exit', (code) => {
      reject(new Error(`Chromium exited (${String(code)}) before it listened`));
    });
  });
}

/**
 * A first visit: nothing of the origin left from the run before (cache, service worker, storage),
 * then the session written into localStorage, with the cookie the app keeps beside it, when the page
 * needs one. Lighthouse itself keeps storage when it is told to (`disableStorageReset`), so this is where a run starts clean.
 */
async function prepareOrigin(
  port: number,
  origin: string,
  { session, cookie }: Pick<PageUnderTest, 'session' | 'cookie'>,
): Promise<void> {
  // Generous: on a busy machine attaching to every target can take longer than the default 30 s.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`, { timeout: 120_000 });
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default browser context');
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await cdp.send('Network.clearBrowserCache');
    if (session) {
      // A document of the origin that runs no app code (the API's health answer), so no service
      // worker registers before the measured visit.
      await page.goto(`${origin}/health`);
      await page.evaluate(
        ([key, value]) => {
          localStorage.setItem(key, value);
        },
        [SESSION_KEY, session] as const,
      );
      if (cookie) {
        await page.evaluate((value) => {
          document.cookie = value;
        }, cookie);
      }
    }
    await page.close();
  } finally {
    // Disconnects; the browser and its default context stay for Lighthouse.
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// A live service: created as the PWA creates it, dispatched, accepted and on route, with a position.

async function driverCall(
  api: ChildServer,
  token: string,
  path: string,
  body: unknown,
): Promise<void> {
  const response = await fetch(`${api.baseUrl}/common/api/v1/driver-app${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': api.extra[0] ?? '',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
}

async function liveService(api: ChildServer): Promise<CreatedService> {
  const created = await createTestService({ baseUrl: api.baseUrl, appKey: api.extra[0] ?? '' });
  const response = await fetch(`${api.baseUrl}/bench/dispatch-next`, { method: 'POST' });
  const { serviceId, driverToken } = (await response.json()) as {
    serviceId: string | null;
    driverToken: string | null;
  };
  if (serviceId !== created.serviceId || !driverToken)
    throw new Error(`Dispatched ${String(serviceId)}, expected ${created.serviceId}`);
  await driverCall(api, driverToken, `/services/${serviceId}/accept`, {});
  await driverCall(api, driverToken, '/position', {
    lat: 18.43,
    lng: -66.06,
    heading: 0,
    accuracy: 5,
  });
  await driverCall(api, driverToken, `/services/${serviceId}/trip-status`, { status: 'ON_ROUTE' });
  return created;
}

// ---------------------------------------------------------------------------------------------
// Reading a Lighthouse result.

const numeric = (lhr: Result, id: string): number => lhr.audits[id]?.numericValue ?? NaN;

/** The LCP element as Lighthouse names it (its label and selector), from the LCP breakdown. */
function lcpElementOf(lhr: Result): string {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (found.length || value === null || typeof value !== 'object') return;
    const item = value as Record<string, unknown>;
    if (item.type === 'node' && typeof item.selector === 'string') {
      const label = typeof item.nodeLabel === 'string' ? item.nodeLabel : '';
      found.push(`${label.slice(0, 60)} (${item.selector})`);
      return;
    }
    for (const child of Object.values(item)) visit(child);
  };
  visit(lhr.audits['lcp-breakdown-insight']?.details);
  visit(lhr.audits['largest-contentful-paint-element']?.details);
  return found[0] ?? 'none reported';
}

/** Failing performance audits and insights, the costliest first, with what they would save. */
function costliestAudits(lhr: Result): string[] {
  const rows: { text: string; cost: number }[] = [];
  // The metrics themselves (FCP, LCP, TBT ...) are what is measured, not what costs.
  const metrics = new Set(
    lhr.categories.performance?.auditRefs
      .filter((ref) => ref.group === 'metrics')
      .map((ref) => ref.id),
  );
  for (const audit of Object.values(lhr.audits)) {
    if (metrics.has(audit.id) || audit.score === null || audit.score >= 0.9) continue;
    // Only what Lighthouse says would save a metric (not the hidden metrics: TTI, max FID).
    if (!audit.metricSavings) continue;
    const savings = audit.metricSavings;
    const cost = Math.max(savings.LCP ?? 0, savings.FCP ?? 0, (savings.TBT ?? 0) * 2, 0);
    const saved = Object.entries(savings)
      .flatMap(([metric, value]) =>
        typeof value === 'number' && value > 0
          ? [`${metric} −${metric === 'CLS' ? value.toFixed(3) : value.toFixed(0)}`]
          : [],
      )
      .join(', ');
    const value = audit.displayValue ? `: ${audit.displayValue}` : '';
    const top = topItems(audit.details);
    rows.push({
      text: `${audit.title}${value}${saved ? ` (${saved})` : ''}${top ? `; most: ${top}` : ''}`,
      cost,
    });
  }
  return rows
    .sort((a, b) => b.cost - a.cost)
    .slice(0, 8)
    .map((row) => row.text);
}

/** The three largest items of an audit's table (a script and its time or its wasted bytes). */
function topItems(details: unknown): string {
  const items = (details as { items?: unknown[] } | undefined)?.items;
  if (!Array.isArray(items)) return '';
  const rows = items.flatMap((item) => {
    const row = item as Record<string, unknown>;
    const name =
      typeof row.url === 'string'
        ? row.url
        : typeof row.groupLabel === 'string'
          ? row.groupLabel
          : '';
    const ms =
      typeof row.total === 'number'
        ? row.total
        : typeof row.duration === 'number'
          ? row.duration
          : null;
    const bytes = typeof row.wastedBytes === 'number' ? row.wastedBytes : null;
    if (!name || (ms === null && bytes === null)) return [];
    const short = name.replace(/^https?:\/\/[^/]+/, '');
    const amount =
      bytes !== null ? `${(bytes / 1024).toFixed(0)} KiB` : `${(ms ?? 0).toFixed(0)} ms`;
    return [{ text: `${short} ${amount}`, size: bytes ?? ms ?? 0 }];
  });
  return rows
    .sort((a, b) => b.size - a.size)
    .slice(0, 3)
    .map((row) => row.text)
    .join(', ');
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/**
 * Lighthouse's own failures to record a trace (not a slow page): it asks to be run again. A page
 * that does not paint (NO_FCP) or times out is a result, and fails the run.
 */
const RECORDING_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);
const RECORDING_ATTEMPTS = 3;

/** One Lighthouse run of a page from a first visit, again when the trace was not recorded. */
async function recordedRun(port: number, origin: string, page: PageUnderTest): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    await prepareOrigin(port, origin, page);
    const flags: Flags = {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // The session written above must survive to the measured visit.
      disableStorageReset: page.session !== undefined,
    };
    const result = await lighthouse(`${origin}${page.path}`, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (!RECORDING_FAILURES.has(error.code) || attempt >= RECORDING_ATTEMPTS)
      throw new Error(`${page.path}: ${error.message}`);
    console.log(`  ${page.name}: trace not recorded (${error.code}), running again`);
  }
}

async function measure(port: number, origin: string, page: PageUnderTest): Promise<PageFigures> {
  const runs: RunFigures[] = [];
  const reports: Result[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const lhr = await recordedRun(port, origin, page);
    reports.push(lhr);
    runs.push({
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      lcpElement: lcpElementOf(lhr),
    });
    const last = runs.at(-1);
    if (last) {
      console.log(
        `  ${page.name} run ${run + 1}: score ${last.score}, LCP ${last.lcpMs.toFixed(0)} ms, TBT ${last.tbtMs.toFixed(0)} ms, CLS ${last.cls.toFixed(3)}`,
      );
    }
  }
  const figures = {
    score: median(runs.map((run) => run.score)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    fcpMs: median(runs.map((run) => run.fcpMs)),
  };
  // The run whose score is the median one stands for the page (its LCP element, its audits).
  const medianIndex = runs.findIndex((run) => run.score === figures.score);
  const medianReport = reports[medianIndex] ?? reports[0];
  const withinBudget =
    figures.score >= LIGHTHOUSE_BUDGETS.score &&
    figures.lcpMs <= LIGHTHOUSE_BUDGETS.lcpMs &&
    figures.tbtMs <= LIGHTHOUSE_BUDGETS.tbtMs &&
    figures.cls <= LIGHTHOUSE_BUDGETS.cls;
  if (medianReport) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const slug = page.name.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'home';
    writeFileSync(
      join(RESULTS_DIR, `lighthouse-${slug}.report.json`),
      JSON.stringify(medianReport),
    );
  }
  return {
    name: page.name,
    ...figures,
    runs,
    lcpElement: runs[medianIndex]?.lcpElement ?? 'none reported',
    withinBudget,
    costliest: withinBudget || !medianReport ? [] : costliestAudits(medianReport),
  };
}

// ---------------------------------------------------------------------------------------------

// Lighthouse times the page's CPU work on this machine and multiplies it: other work on the
// machine shows in TBT, so the load is recorded with the figures.
const loadAtStart = loadavg()[0] ?? NaN;
const api = await startChildServer('./api-server.ts');
const browser = await launchChromium();
const pages: PageFigures[] = [];
let chromiumVersion = 'unknown';
try {
  const version = await fetch(`http://127.0.0.1:${browser.port}/json/version`);
  chromiumVersion = ((await version.json()) as { Browser?: string }).Browser ?? chromiumVersion;
  // Same origin for every page: the shell and its brand are resolved from the query, as a link does.
  const origin = api.baseUrl;
  const created = await liveService(api);
  const targets: PageUnderTest[] = [
    { name: '/', path: '/' },
    { name: '/services', path: '/services' },
    {
      name: '/tracking',
      path: `/tracking?brand=${created.brand}`,
      session: seededSession(created),
      // The customer's phone has opened the app since the request: its tracking cookie is there.
      cookie: trackingCookieHeader({ serviceId: created.serviceId, token: created.token }, false),
    },
  ];
  for (const target of targets) {
    console.log(`${target.name} (${RUNS} runs)`);
    pages.push(await measure(browser.port, origin, target));
  }
} finally {
  await browser.close();
  await api.close();
}

console.log(
  `\nLighthouse mobile defaults, median of ${RUNS} runs (budgets: score >= ${LIGHTHOUSE_BUDGETS.score}, LCP <= ${LIGHTHOUSE_BUDGETS.lcpMs} ms, TBT <= ${LIGHTHOUSE_BUDGETS.tbtMs} ms, CLS <= ${LIGHTHOUSE_BUDGETS.cls})`,
);
for (const page of pages) {
  console.log(
    `${page.name}: score ${page.score}, LCP ${page.lcpMs.toFixed(0)} ms, TBT ${page.tbtMs.toFixed(0)} ms, CLS ${page.cls.toFixed(3)}, FCP ${page.fcpMs.toFixed(0)} ms ${page.withinBudget ? 'ok' : 'OVER BUDGET'}`,
  );
  console.log(`  LCP element: ${page.lcpElement}`);
  for (const line of page.costliest) console.log(`  - ${line}`);
}
const lighthouseVersion = (
  JSON.parse(readFileSync(new URL(import.meta.resolve('lighthouse/package.json')), 'utf8')) as {
    version: string;
  }
).version;
recordResult('lighthouse', {
  lighthouse: lighthouseVersion,
  chromium: chromiumVersion,
  settings: 'Lighthouse mobile defaults: simulated slow 4G, 4x CPU slowdown, first visit',
  loadAverage: { atStart: loadAtStart, atEnd: loadavg()[0] ?? NaN },
  runs: RUNS,
  budgets: LIGHTHOUSE_BUDGETS,
  pages,
});
if (pages.length === 0 || pages.some((page) => !page.withinBudget)) {
  console.error('Over budget');
  process.exitCode = 1;
}

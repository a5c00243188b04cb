// Writes the last API benchmark figures (bench/results/*.json) into docs/performance.md, between
// the markers of its "API benchmarks" section, and the last Lighthouse figures between those of its
// "Lighthouse" section, with the machine they ran on, so the figures a reader compares with the
// budgets are the last ones measured and say where they come from.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { RESULTS_DIR } from './support/results.ts';

const DOC = fileURLToPath(new URL('../docs/performance.md', import.meta.url));
const START = '<!-- api-bench:start -->';
const END = '<!-- api-bench:end -->';
const LH_START = '<!-- lighthouse:start -->';
const LH_END = '<!-- lighthouse:end -->';
const OFFLINE_START = '<!-- offline-visit:start -->';
const OFFLINE_END = '<!-- offline-visit:end -->';
const OFFLINE_INTRO = `## Repeat visit with the network off

\`bench/offline-repeat-visit.ts\`: Debian's Chromium at 360x740 opens \`/services\` once online (the
service worker installs), then, with the network off, opens \`/\` and \`/services\` three times each.
Each must render from the worker: the brand's header and the screen's title. The figure is the time
from the start of the navigation to the title on screen, median of the three visits.`;
const LIGHTHOUSE_INTRO = `## Lighthouse (issue 15)

\`bench/lighthouse.ts\`: the \`lighthouse\` npm package with Debian's Chromium and its mobile defaults,
unchanged (simulated slow 4G: 150 ms round trip, 1.6 Mbps down; 4x CPU slowdown; a 412x823 phone
screen), on \`/\`, \`/services\` and \`/tracking?brand=<its brand>\` with a live service (created through the API,
dispatched, accepted and on route, its session written into localStorage before the run, which keeps
it with \`disableStorageReset\`). The real API in a child process serves the built PWA. Every run is
a first visit: HTTP cache, service worker and storage of the origin are cleared before it. Three runs
per page; each figure is the median of its runs, the LCP element that of the median-score run. The
benchmark exits non-zero when a page is over budget. Chromium runs in Puerto Rico's time zone, as
the demo accounts' phones do. Lighthouse multiplies the CPU time it observes, so other work on the
machine raises TBT: the 1-minute load average is written with the figures.`;

type Figures = Record<string, unknown> & { at: string };

function result(name: string): Figures | undefined {
  const file = `${RESULTS_DIR}${name}.json`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Figures) : undefined;
}

const f = (value: unknown) => (typeof value === 'number' ? String(value) : '—');
const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
const machine = `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Linux, Node ${process.version}`;

const read = result('api-read');
const fanOut = result('sse-fanout');
const creation = result('service-creation');
const offer = result('dispatch-offer');
const throughput = result('dispatch-throughput');
const board = result('dispatcher-board');
const pglite = creation?.pglite as Record<string, number> | undefined;
const pg = creation?.postgres as Record<string, number> | null | undefined;

const section = [
  START,
  `Last run: ${read?.at.slice(0, 10) ?? 'never'}, commit ${commit}, on ${machine}. Load generator`,
  'and API in separate processes on the same machine (loopback).',
  '',
  '| benchmark | figure | budget |',
  '| --- | --- | --- |',
  `| \`GET /common/services/{id}\`, API | ${f(read?.apiRequestsPerSecond)} req/s | |`,
  `| same JSON from a bare node:http server | ${f(read?.bareRequestsPerSecond)} req/s | |`,
  `| ratio bare / API | ${f(read?.ratio)}x | ≤ 2x |`,
  `| API p99 at ${f(read?.fixedRate)} req/s | ${f(read?.apiP99MsAtFixedRate)} ms | ≤ 25 ms |`,
  `| bare server p99 at ${f(read?.fixedRate)} req/s | ${f(read?.bareP99MsAtFixedRate)} ms | |`,
  `| SSE fan-out: ${f(fanOut?.subscribers)} streams on ${f(fanOut?.services)} services, publish → receive p50 | ${f(fanOut?.p50Ms)} ms | |`,
  `| SSE fan-out publish → receive p99 (${f(fanOut?.deliveries)} deliveries, ${f(fanOut?.missing)} missing) | ${f(fanOut?.p99Ms)} ms | |`,
  `| SSE memory per open stream (API RSS after GC) | ${f(fanOut?.perConnectionKiB)} KiB | |`,
  `| service creation on PGlite, p50 / p99 (one at a time) | ${f(pglite?.p50Ms)} / ${f(pglite?.p99Ms)} ms | |`,
  `| service creation on PGlite, p50 / p99 (${f(creation?.concurrency)} at a time) | ${f(pglite?.concurrentP50Ms)} / ${f(pglite?.concurrentP99Ms)} ms | |`,
  `| service creation on PostgreSQL, p50 / p99 (one at a time) | ${pg ? `${f(pg.p50Ms)} / ${f(pg.p99Ms)} ms` : 'not reachable'} | |`,
  `| service creation on PostgreSQL, p50 / p99 (${f(creation?.concurrency)} at a time) | ${pg ? `${f(pg.concurrentP50Ms)} / ${f(pg.concurrentP99Ms)} ms` : 'not reachable'} | |`,
  `| request created → offer in a driver's long poll, ${f(offer?.drivers)} online drivers, ${f(offer?.requests)} requests (${text(offer?.database, '—')}), p50 / p95 | ${f(offer?.p50Ms)} / ${f(offer?.p95Ms)} ms (${f(offer?.missing)} never offered) | p95 ≤ 2000 ms |`,
  `| dispatch throughput, ${f(throughput?.workers)} engine processes on PostgreSQL, ${f(throughput?.requests)} requests written at once | ${throughput?.database ? `${f(throughput.perSecond)} assignments/s (${f(throughput.assigned)} assigned to ${f(throughput.distinctDrivers)} drivers in ${f(throughput.elapsedMs)} ms)` : 'not reachable'} | |`,
  `| dispatcher's board, ${f(board?.services)} open services and ${f(board?.drivers)} online drivers in Chromium: navigation → first row / all rows | ${f(board?.firstRowMs)} / ${f(board?.allRowsMs)} ms | all rows ≤ 3000 ms |`,
  `| dispatcher's board: assignment through the API → row on screen, p50 / p95 (${f(board?.updates)} assignments) | ${f(board?.updateP50Ms)} / ${f(board?.updateP95Ms)} ms | p95 ≤ 1000 ms |`,
  END,
].join('\n');

const doc = readFileSync(DOC, 'utf8');
const start = doc.indexOf(START);
const end = doc.indexOf(END);
if (start < 0 || end < start)
  throw new Error(`docs/performance.md has no ${START} … ${END} section`);
// A section whose benchmarks did not run here keeps the figures it had, with their date and commit.
const apiRan = [read, fanOut, creation, offer, throughput, board].some(Boolean);
// Formatted as `npm test` checks it (prettier --check).
const withApi = apiRan ? doc.slice(0, start) + section + doc.slice(end + END.length) : doc;
const updated = withSection(
  withSection(withApi, LH_START, LH_END, lighthouseSection(), LIGHTHOUSE_INTRO),
  OFFLINE_START,
  OFFLINE_END,
  offlineSection(),
  OFFLINE_INTRO,
);
const options = (await resolveConfig(DOC)) ?? {};
writeFileSync(DOC, await format(updated, { ...options, filepath: DOC }));
console.log(`docs/performance.md: API benchmark figures of commit ${commit} written`);

// ---------------------------------------------------------------------------------------------
// Lighthouse (bench/lighthouse.ts, issue 15): one row per page, the median of its runs.

interface LighthousePage {
  name: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  lcpElement: string;
  withinBudget: boolean;
  costliest: string[];
}

function lighthouseSection(): string | undefined {
  const lh = result('lighthouse');
  if (!lh) return undefined;
  const pages = (lh.pages as LighthousePage[] | undefined) ?? [];
  const budgets = lh.budgets as
    { score: number; lcpMs: number; tbtMs: number; cls: number } | undefined;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const rows = pages.map(
    (page) =>
      `| \`${page.name}\` | ${f(page.score)} | ${seconds(page.lcpMs)} | ${page.tbtMs.toFixed(0)} ms | ${page.cls.toFixed(3)} | ${seconds(page.fcpMs)} | ${page.lcpElement.replaceAll('|', '\\|')} | ${page.withinBudget ? 'yes' : '**no**'} |`,
  );
  const costs = pages
    .filter((page) => page.costliest.length > 0)
    .map(
      (page) =>
        `What costs the most on \`${page.name}\` (Lighthouse's failing audits and insights, median run):\n\n` +
        page.costliest.map((line) => `- ${line.replaceAll('|', '\\|')}`).join('\n'),
    );
  return [
    LH_START,
    `Last run: ${lh.at.slice(0, 10)}, commit ${commit}, on ${machine}; ${text(lh.chromium, 'Chromium')}, Lighthouse ${text(lh.lighthouse, '?')}. Median of ${f(lh.runs)} runs per page; ${text(lh.settings, '')}.`,
    '',
    `Machine load (1-minute average) ${loadText(lh.loadAverage)}. Budgets on each page: score ≥ ${f(budgets?.score)}, LCP ≤ ${seconds(budgets?.lcpMs ?? NaN)}, TBT ≤ ${f(budgets?.tbtMs)} ms, CLS ≤ ${f(budgets?.cls)}.`,
    '',
    '| page | score | LCP | TBT | CLS | FCP | LCP element | within budget |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    ...costs.flatMap((text) => ['', text]),
    LH_END,
  ].join('\n');
}

/** The 1-minute load average at the start and the end of the run. */
function loadText(value: unknown): string {
  const load = value as { atStart?: unknown; atEnd?: unknown } | undefined;
  const one = (x: unknown) => (typeof x === 'number' ? x.toFixed(1) : '?');
  return `${one(load?.atStart)} at the start, ${one(load?.atEnd)} at the end`;
}

// ---------------------------------------------------------------------------------------------
// Repeat visit with the network off (bench/offline-repeat-visit.ts).

interface OfflinePage {
  name: string;
  runs: number[];
  medianMs: number;
  rendered: boolean;
}

function offlineSection(): string | undefined {
  const offline = result('offline-repeat-visit');
  if (!offline) return undefined;
  const pages = (offline.pages as OfflinePage[] | undefined) ?? [];
  const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'failed');
  return [
    OFFLINE_START,
    `Last run: ${offline.at.slice(0, 10)}, commit ${commit}, on ${machine}.`,
    '',
    '| page | rendered from the worker | to the title, median | visits |',
    '| --- | --- | --- | --- |',
    ...pages.map(
      (page) =>
        `| \`${page.name}\` | ${page.rendered ? 'yes' : '**no**'} | ${ms(page.medianMs)} | ${page.runs.map(ms).join(', ')} |`,
    ),
    OFFLINE_END,
  ].join('\n');
}

/**
 * A section's figures between its markers; the section is added at the end the first time. Without
 * figures (its benchmark did not run) the document is left as it is.
 */
function withSection(
  doc: string,
  startMarker: string,
  endMarker: string,
  section: string | undefined,
  intro: string,
): string {
  if (section === undefined) return doc;
  const start = doc.indexOf(startMarker);
  const end = doc.indexOf(endMarker);
  if (start >= 0 && end > start)
    return doc.slice(0, start) + section + doc.slice(end + endMarker.length);
  return `${doc.trimEnd()}\n\n${intro}\n\n${section}\n`;
}

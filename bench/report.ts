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
const INGEST_START = '<!-- position-ingest:start -->';
const INGEST_END = '<!-- position-ingest:end -->';
const INGEST_INTRO = `## Position ingestion and fan-out (issue "Scale")

\`bench/position-ingest.ts\`: drivers on their trips post positions through the driver-app API
(\`POST /common/api/v1/driver-app/position\`), each API in its own process on a fresh database.
Throughput: 50 drivers post as fast as the API answers for 10 s, on the embedded PGlite and on
PostgreSQL; the API's CPU time per position is read from \`/proc\`, and the longest stall of its
event loop from \`monitorEventLoopDelay\`. Fan-out, on PostgreSQL: customers' phones hold event streams
of the services while positions are posted at stepped rates; the figure is the time from each POST
to each stream receiving its event, and the highest rate held with p99 ≤ 250 ms (at least 90% of
the rate posted). The load generator, the streams' reader and PostgreSQL share the machine's cores
with the API.`;
const COLD_START = '<!-- cold-start:start -->';
const COLD_END = '<!-- cold-start:end -->';
const COLD_INTRO = `### Cold start with existing data (issue "Scale")

\`bench/cold-start.ts\`: the API starts on a database that already holds its data (a first start
created, migrated and seeded it), each start a new process, and the figure is the time from the
spawn to the first \`GET /ready\` answered 200, then to the first \`GET /common/services/types/all\`
(the catalogue the PWA's first screen draws), with the process's resident memory then (VmRSS; VmHWM
for the peak). Compiled as production runs it and under tsx, on the embedded PGlite and on
PostgreSQL. Budget: /ready within 2 s (median), compiled.`;
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
  withSection(
    withSection(withApi, LH_START, LH_END, lighthouseSection(), LIGHTHOUSE_INTRO),
    OFFLINE_START,
    OFFLINE_END,
    offlineSection(),
    OFFLINE_INTRO,
  ),
  INGEST_START,
  INGEST_END,
  ingestSection(),
  INGEST_INTRO,
);
const options = (await resolveConfig(DOC)) ?? {};
const withColdStart = withSection(updated, COLD_START, COLD_END, coldStartSection(), COLD_INTRO);
writeFileSync(DOC, await format(withColdStart, { ...options, filepath: DOC }));
console.log(`docs/performance.md: API benchmark figures of commit ${commit} written`);

// ---------------------------------------------------------------------------------------------
// Position ingestion and fan-out (bench/position-ingest.ts, issue "Scale").

interface IngestThroughput {
  positionsPerSecond: number;
  cpuMsPerPosition: number;
  p99Ms: number;
  loopMaxMs: number;
  failures: number;
}

interface IngestStep {
  targetRate: number;
  postedPerSecond: number;
  failures: number;
  deliveries: number;
  missing: number;
  p50Ms: number;
  p99Ms: number;
  statusChanges?: {
    status: string;
    services: number;
    failures: number;
    deliveries: number;
    missing: number;
    p50Ms: number;
    p95Ms: number;
  };
}

/** One row per step during which drivers also changed their trips' status. */
function statusTable(steps: readonly IngestStep[]): string[] {
  const changed = steps.filter((step) => step.statusChanges);
  if (changed.length === 0) return [];
  return [
    '',
    "Status change to screen under that load (budget p95 ≤ 250 ms): during a step, drivers of some of the services move their trips on, one after another over the step; from each status POST to each of the service's streams receiving the trip event.",
    '',
    '| positions asked | status | services (failed POSTs) | deliveries (missing) | POST → screen p50 / p95 |',
    '| --- | --- | --- | --- | --- |',
    ...changed.map(({ targetRate, statusChanges: s }) =>
      s
        ? `| ${targetRate}/s | ${s.status} | ${s.services} (${s.failures}) | ${s.deliveries} (${s.missing}) | ${s.p50Ms} / ${s.p95Ms} ms |`
        : '',
    ),
  ];
}

/** One row per rate step of a fan-out run. */
function stepTable(steps: readonly IngestStep[]): string[] {
  return [
    '| rate asked | rate posted | deliveries (missing) | publish → receive p50 / p99 | failed POSTs |',
    '| --- | --- | --- | --- | --- |',
    ...steps.map(
      (step) =>
        `| ${step.targetRate}/s | ${step.postedPerSecond}/s | ${step.deliveries} (${step.missing}) | ${step.p50Ms} / ${step.p99Ms} ms | ${step.failures} |`,
    ),
  ];
}

function ingestSection(): string | undefined {
  const ingest = result('position-ingest');
  if (!ingest) return undefined;
  const throughputRow = (name: string, t: IngestThroughput | null | undefined) =>
    t
      ? `| ${name} | ${t.positionsPerSecond} positions/s, ${t.cpuMsPerPosition} ms CPU each, p99 ${t.p99Ms} ms; longest stall ${t.loopMaxMs} ms; ${t.failures} failed |`
      : `| ${name} | not reachable |`;
  const steps = (ingest.steps ?? []) as IngestStep[];
  const replicas = ingest.replicas as
    { streams: number; services: number; steps: IngestStep[] } | undefined;
  return [
    INGEST_START,
    `Last run: ${ingest.at.slice(0, 10)}, commit ${commit}, on ${machine}; 1-minute load average ${loadText(ingest.loadAverage)}.`,
    '',
    '| throughput | figure |',
    '| --- | --- |',
    throughputRow('PGlite (embedded)', ingest.pglite as IngestThroughput | undefined),
    throughputRow('PostgreSQL', ingest.postgres as IngestThroughput | undefined),
    '',
    `Fan-out on PostgreSQL: ${f(ingest.streams)} streams over ${f(ingest.services)} services, ${f(ingest.durationS)} s per step. Highest rate held with p99 ≤ 250 ms: **${f(ingest.heldPositionsPerSecond)} positions/s** (goal 2,000).`,
    '',
    ...stepTable(steps),
    ...statusTable(steps),
    ...(replicas?.steps.length
      ? [
          '',
          `Across two replicas (two API processes on one PostgreSQL, the production shape): positions posted to the first, ${f(replicas.streams)} streams over ${f(replicas.services)} services held on the second.`,
          '',
          ...stepTable(replicas.steps),
        ]
      : []),
    INGEST_END,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Cold start with existing data (bench/cold-start.ts, issue "Scale").

interface Spread {
  median: number;
  min: number;
  max: number;
}

interface ColdStartVariant {
  entry: 'compiled' | 'tsx';
  database: 'pglite' | 'postgres';
  readyMs: Spread;
  firstRequestMs: Spread;
  rssMiB: Spread;
  peakRssMiB: Spread;
}

interface FirstStart {
  readyMs: number;
  rssMiB: number;
  peakRssMiB: number;
}

function coldStartSection(): string | undefined {
  const cold = result('cold-start');
  if (!cold) return undefined;
  const spread = (s: Spread, unit: string) => `${s.median} ${unit} (${s.min}–${s.max})`;
  const entries = { compiled: 'compiled (`node dist/server.js`)', tsx: 'tsx (development)' };
  const databases = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' };
  const variants = (cold.variants ?? []) as ColdStartVariant[];
  const firstStarts = (cold.firstStarts ?? {}) as Partial<Record<string, FirstStart>>;
  const first = Object.entries(firstStarts).map(
    ([name, start]) =>
      `${databases[name as ColdStartVariant['database']]} /ready ${f(start?.readyMs)} ms, RSS ${f(start?.rssMiB)} MiB (peak ${f(start?.peakRssMiB)} MiB)`,
  );
  return [
    COLD_START,
    `Last run: ${cold.at.slice(0, 10)}, commit ${commit}, on ${machine}; 1-minute load average ${loadText(cold.loadAverage)}. ${f(cold.runs)} starts of each, median (min–max).`,
    '',
    '| API | database | spawn → `/ready` 200 | spawn → `/common/services/types/all` 200 | RSS then (peak) | budget |',
    '| --- | --- | --- | --- | --- | --- |',
    ...variants.map(
      (v) =>
        `| ${entries[v.entry]} | ${databases[v.database]} | ${spread(v.readyMs, 'ms')} | ${spread(v.firstRequestMs, 'ms')} | ${v.rssMiB.median} MiB (${v.peakRssMiB.median} MiB) | ${v.entry === 'compiled' ? `/ready ≤ ${f(cold.budgetMs)} ms` : ''} |`,
    ),
    ...(cold.postgres === false ? ['', 'PostgreSQL was not reachable: not measured.'] : []),
    '',
    `First start, compiled, on an empty database (created, migrated, seeded): ${first.join('; ')}.`,
    COLD_END,
  ].join('\n');
}

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

// Writes the last API benchmark figures (bench/results/*.json) into docs/performance.md, between
// the markers of its "API benchmarks" section, with the machine they ran on, so the figures a
// reader compares with the budgets are the last ones measured and say where they come from.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { RESULTS_DIR } from './support/results.ts';

const DOC = fileURLToPath(new URL('../docs/performance.md', import.meta.url));
const START = '<!-- api-bench:start -->';
const END = '<!-- api-bench:end -->';

type Figures = Record<string, unknown> & { at: string };

function result(name: string): Figures | undefined {
  const file = `${RESULTS_DIR}${name}.json`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Figures) : undefined;
}

const f = (value: unknown) => (typeof value === 'number' ? String(value) : '—');
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
const machine = `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Linux, Node ${process.version}`;

const read = result('api-read');
const fanOut = result('sse-fanout');
const creation = result('service-creation');
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
  END,
].join('\n');

const doc = readFileSync(DOC, 'utf8');
const start = doc.indexOf(START);
const end = doc.indexOf(END);
if (start < 0 || end < start)
  throw new Error(`docs/performance.md has no ${START} … ${END} section`);
// Formatted as `npm test` checks it (prettier --check).
const updated = doc.slice(0, start) + section + doc.slice(end + END.length);
const options = (await resolveConfig(DOC)) ?? {};
writeFileSync(DOC, await format(updated, { ...options, filepath: DOC }));
console.log(`docs/performance.md: API benchmark figures of commit ${commit} written`);

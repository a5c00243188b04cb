// API cold start with existing data (issue "Scale": "lazy-load what the first request does not
// need; measure RSS"). A replica that restarts (a deploy, a crash, a scale-out) already has its
// database: migrations ran and the demo seed is there. The benchmark prepares such a database once
// (the API runs on it until ready, then stops), then starts the API on it RUNS times, each start a
// new process, and measures from the spawn to the first `GET /ready` answered 200, then to the first
// request the PWA makes of the common API (`GET /common/services/types/all`, the catalogue its first
// screen draws) answered 200, and the process's resident memory (VmRSS, VmHWM) at that moment.
// On the embedded PGlite (a DATA_DIR in a temporary folder) and on PostgreSQL when one is reachable
// (database `auxilio_bench_cold`, which the run drops and creates again); compiled as production
// runs it (`node --enable-source-maps dist/server.js`, built here from the current sources into a
// folder of its own under apps/api/dist) and under tsx, as development and the tests run it. The
// environment is the container's (NODE_ENV=production, DEMO_MODE=true). Budget: /ready within
// 2,000 ms (median) compiled, as production starts, on each database; the tsx figures show what a
// developer waits for. Starts are interleaved across variants, so that a busy moment of the machine
// falls on all of them.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi } from '../apps/api/scripts/build.ts';
import { benchDatabaseUrl } from './support/bench-database.ts';
import { recordResult } from './support/results.ts';
import { freePort } from '../e2e/support/free-port.ts';

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
const READY_BUDGET_MS = 2000;
const APP_KEY = 'bench-cold-start-app-key';
const FIRST_REQUEST = '/common/services/types/all';
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = join(REPO_ROOT, 'apps/api/src/server.ts');
/** How long a start may take before the benchmark gives up on it (the preparing one migrates). */
const START_LIMIT_MS = 120_000;

interface Entry {
  name: 'tsx' | 'compiled';
  args: string[];
}

interface Database {
  name: 'pglite' | 'postgres';
  env: Record<string, string>;
}

interface Start {
  readyMs: number;
  firstRequestMs: number;
  rssMiB: number;
  peakRssMiB: number;
}

interface Spread {
  median: number;
  min: number;
  max: number;
}

// Under dist/, as dist/server.js is, so that it finds the API's package and migrations the same way.
const buildDir = await buildApi({
  outDir: join(REPO_ROOT, 'apps/api/dist', `bench-cold-${process.pid}`),
});
const entries: Entry[] = [
  // As `npm start` and the container run it.
  { name: 'compiled', args: ['--enable-source-maps', join(buildDir, 'server.js')] },
  { name: 'tsx', args: ['--import', 'tsx', SOURCE] },
];

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (index: number) => sorted[index] ?? NaN;
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
  return {
    median: Math.round(median),
    min: Math.round(at(0)),
    max: Math.round(at(sorted.length - 1)),
  };
}

/** A line of /proc/<pid>/status in MiB (VmRSS: resident now; VmHWM: the most it has been). */
function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kiB = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return Math.round(kiB / 1024);
}

/** GETs `url` until it answers 200 (a refused connection or a 503 is tried again 5 ms later). */
async function firstOk(
  url: string,
  headers: Record<string, string>,
  child: ChildProcess,
  accept: (body: unknown) => boolean,
): Promise<void> {
  const deadline = performance.now() + START_LIMIT_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the API exited (${String(child.exitCode ?? child.signalCode)})`);
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
      if (response.ok && accept(await response.json())) return;
      await response.body?.cancel().catch(() => undefined);
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} did not answer 200 within ${START_LIMIT_MS} ms`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** One start of the API: spawn, first /ready, first request of the PWA, memory; then stop. */
async function startOnce(entry: Entry, database: Database): Promise<Start> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const spawned = performance.now();
  const child = spawn(process.execPath, entry.args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      PUBLIC_ORIGIN: baseUrl,
      APP_KEY,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...database.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  try {
    await firstOk(
      `${baseUrl}/ready`,
      {},
      child,
      (body) => (body as { status?: unknown }).status === 'ready',
    );
    const readyMs = performance.now() - spawned;
    await firstOk(`${baseUrl}${FIRST_REQUEST}`, { 'x-api-key': APP_KEY }, child, Array.isArray);
    const firstRequestMs = performance.now() - spawned;
    const pid = child.pid ?? 0;
    return {
      readyMs,
      firstRequestMs,
      rssMiB: memoryMiB(pid, 'VmRSS'),
      peakRssMiB: memoryMiB(pid, 'VmHWM'),
    };
  } catch (error) {
    throw new Error(`${entry.name} on ${database.name}: ${String(error)}\n${stderr}`);
  } finally {
    await stop(child);
  }
}

const dataDirs: string[] = [];
const databases: Database[] = [];
const pgliteDir = mkdtempSync(join(tmpdir(), 'auxilio-cold-pglite-'));
dataDirs.push(pgliteDir);
databases.push({ name: 'pglite', env: { DATA_DIR: pgliteDir } });
const postgresUrl = await benchDatabaseUrl('auxilio_bench_cold', { fresh: true });
if (postgresUrl) {
  // DATA_DIR keeps what the server generates on its first run (its secret, the VAPID keys).
  const postgresDir = mkdtempSync(join(tmpdir(), 'auxilio-cold-postgres-'));
  dataDirs.push(postgresDir);
  databases.push({ name: 'postgres', env: { DATA_DIR: postgresDir, DATABASE_URL: postgresUrl } });
}

const loadAtStart = loadavg()[0];
try {
  // Existing data: a first run (compiled) creates, migrates and seeds each database, and is
  // recorded as such; then one start of each entry (tsx's cache of compiled files, the operating
  // system's of the files read).
  const firstStarts: Record<string, Start> = {};
  for (const database of databases) {
    for (const entry of entries) {
      const start = await startOnce(entry, database);
      firstStarts[database.name] ??= start;
    }
  }

  const variants = entries.flatMap((entry) =>
    databases.map((database) => ({ entry, database, starts: [] as Start[] })),
  );
  for (let run = 0; run < RUNS; run += 1) {
    for (const variant of variants)
      variant.starts.push(await startOnce(variant.entry, variant.database));
  }

  const figures = variants.map(({ entry, database, starts }) => ({
    entry: entry.name,
    database: database.name,
    readyMs: spread(starts.map((start) => start.readyMs)),
    firstRequestMs: spread(starts.map((start) => start.firstRequestMs)),
    rssMiB: spread(starts.map((start) => start.rssMiB)),
    peakRssMiB: spread(starts.map((start) => start.peakRssMiB)),
  }));
  const ok = figures.every(
    (variant) => variant.entry !== 'compiled' || variant.readyMs.median <= READY_BUDGET_MS,
  );
  const range = (s: Spread, unit: string) => `${s.median} ${unit} (${s.min}–${s.max})`;
  console.log(`API cold start on existing data, ${RUNS} starts each, median (min–max):`);
  for (const variant of figures) {
    console.log(
      `${variant.entry} on ${variant.database}: /ready ${range(variant.readyMs, 'ms')}, ` +
        `${FIRST_REQUEST} ${range(variant.firstRequestMs, 'ms')}, ` +
        `RSS ${range(variant.rssMiB, 'MiB')} (peak ${range(variant.peakRssMiB, 'MiB')})`,
    );
  }
  for (const [name, start] of Object.entries(firstStarts)) {
    console.log(
      `first start on ${name} (empty database: created, migrated, seeded): /ready ` +
        `${Math.round(start.readyMs)} ms, RSS ${start.rssMiB} MiB (peak ${start.peakRssMiB} MiB)`,
    );
  }
  if (!postgresUrl) console.log('PostgreSQL: not reachable, not measured');
  console.log(
    ok
      ? 'Cold start: within budget'
      : `Cold start: OVER BUDGET (/ready <= ${READY_BUDGET_MS} ms median, compiled)`,
  );
  recordResult('cold-start', {
    ok,
    runs: RUNS,
    budgetMs: READY_BUDGET_MS,
    firstRequest: FIRST_REQUEST,
    variants: figures,
    firstStarts: Object.fromEntries(
      Object.entries(firstStarts).map(([name, start]) => [
        name,
        {
          readyMs: Math.round(start.readyMs),
          rssMiB: start.rssMiB,
          peakRssMiB: start.peakRssMiB,
        },
      ]),
    ),
    postgres: Boolean(postgresUrl),
    loadAverage: { atStart: loadAtStart, atEnd: loadavg()[0] },
  });
  process.exitCode = ok ? 0 : 1;
} finally {
  for (const dir of [...dataDirs, buildDir]) rmSync(dir, { recursive: true, force: true });
}

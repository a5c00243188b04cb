#!/usr/bin/env node
// `npm test`: every check of the project, in order, on a fresh machine.
// lint, format, typecheck, unit and API tests on PGlite, the API tests again on PostgreSQL when one is
// reachable, then the end-to-end specs in Chromium against the built app.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
const UNIT_PROJECTS = ['domain', 'brands', 'geo', 'api', 'web', 'tooling'].flatMap((n) => [
  '--project',
  n,
]);
const reportDir = mkdtempSync(join(tmpdir(), 'auxilio-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const databases = [];

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function fail(message) {
  console.error(`\n${message}`);
  console.log(`tests: ${totals.passed} passed, ${Math.max(totals.failed, 1)} failed`);
  process.exit(1);
}

/** Runs Vitest with a JSON report next to the console one and adds its counts to the totals. */
function vitest(title, args, env = {}) {
  const file = join(reportDir, `${title.replace(/\W+/g, '-')}.json`);
  const ok = run(
    title,
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      ...args,
    ],
    env,
  );
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numTotalTests === 0) fail(`${title}: no test ran.`);
  }
  if (!ok) fail(`${title} failed.`);
}

function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 5432), timeout: 1500 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    fail(`Chromium is missing at ${CHROMIUM}: install the Debian package 'chromium' (as root).`);
  }
  run('Installing Chromium (Debian package)', 'sh', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
  ]);
  if (!existsSync(CHROMIUM)) fail('Chromium could not be installed.');
}

if (!run('Lint', 'npm', ['run', 'lint', '--silent'])) fail('Lint failed.');
if (!run('Format', 'npx', ['prettier', '--check', '.', '--log-level=warn']))
  fail('Format check failed.');
if (!run('Typecheck', 'npm', ['run', 'typecheck', '--silent'])) fail('Typecheck failed.');

// Unit tests of every package, and the API tests on the embedded database (in-memory PGlite).
vitest('Unit and API tests on PGlite', UNIT_PROJECTS, { DATABASE_URL: '' });
databases.push('PGlite');

const postgresUrl = process.env.DATABASE_URL || LOCAL_POSTGRES_URL;
if (await reachable(postgresUrl)) {
  vitest('API tests on PostgreSQL', ['--project', 'api'], { DATABASE_URL: postgresUrl });
  databases.push(`PostgreSQL (${new URL(postgresUrl).host})`);
} else {
  console.log(
    `\nPostgreSQL is not reachable at ${new URL(postgresUrl).host}: API tests ran on PGlite only.`,
  );
}

ensureChromium();
if (!run('Build', 'npm', ['run', 'build', '--silent'])) fail('Build failed.');
vitest('End-to-end tests in Chromium', ['--project', 'e2e']);

rmSync(reportDir, { recursive: true, force: true });
console.log(`\nAPI tests ran on: ${databases.join(' and ')}.`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed === 0 ? 0 : 1);

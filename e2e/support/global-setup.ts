import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.ts';

const repoRoot = join(import.meta.dirname, '..', '..');

async function waitForHealth(baseUrl: string, api: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`The API exited with code ${api.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The API did not become healthy at ${baseUrl}`);
}

/** Starts the real API (serving the built PWA) on a free port with a fresh PGlite directory. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'auxilio-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  // One process (node with the tsx loader), so SIGTERM reaches the server itself and it closes.
  const api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      // The journeys run the demo (its data, members and sandbox card) on purpose (decision 505).
      DEMO_MODE: 'true',
      PUBLIC_ORIGIN: baseUrl,
      LOG_LEVEL: 'warn',
      // Every spec talks from 127.0.0.1: per-IP rate limits (decision 471) would throttle the suite.
      RATE_LIMIT_ENABLED: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, api);
  project.provide('baseUrl', baseUrl);
  return async () => {
    if (api.exitCode === null) {
      const exited = new Promise((resolve) => api.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}

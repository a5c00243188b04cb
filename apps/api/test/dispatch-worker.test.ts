import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm run worker` (src/worker.ts, docs/decisions/760) dispatches on the PostgreSQL the API uses.
// The embedded database is open in the API process only: without DATABASE_URL the worker refuses
// to start and says why, rather than open a second copy of it.

const WORKER = fileURLToPath(new URL('../src/worker.ts', import.meta.url));

function runWorker(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
    }, 20_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('npm run worker', () => {
  it('refuses to start without DATABASE_URL, saying why', async () => {
    const { code, stderr } = await runWorker({ DATABASE_URL: '' });
    expect(code).toBe(1);
    expect(stderr).toContain('needs DATABASE_URL');
  });
});

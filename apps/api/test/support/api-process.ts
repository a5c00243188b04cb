import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// The real API entry (src/server.ts) in a process of its own, as a replica runs in production.

const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
const RUNNING = /running on (http:\/\/\S+)/;

export interface ApiProcess {
  baseUrl: string;
  close(): Promise<void>;
}

/** Starts `src/server.ts` with `env` on a free loopback port; resolves once it listens. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const url = RUNNING.exec(line)?.[1];
      if (url) resolve(url.replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => {
      reject(new Error(`the API process exited (${String(code)}) before it listened`));
    });
  });
  return {
    baseUrl,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

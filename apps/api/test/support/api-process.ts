import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// The real API entry (src/server.ts) in a process of its own, as a replica runs in production.

const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
const RUNNING = /running on (http:\/\/\S+)/;

export interface ApiProcess {
  baseUrl: string;
  /**
   * Sends `signal` (SIGTERM as a deploy does, SIGKILL as a crash) and resolves once the process
   * has exited: its exit code, or the signal that ended it, and the time it took.
   */
  stop(signal: NodeJS.Signals): Promise<ApiProcessExit>;
  close(): Promise<void>;
}

export interface ApiProcessExit {
  /** The exit code; null when a signal ended the process. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Milliseconds from the signal to the exit. */
  ms: number;
}

/**
 * Starts `src/server.ts` with `env` on a free loopback port; resolves once it listens. With
 * `compiled`, the given build of it instead (dist/server.js), run by plain `node` as in production.
 */
export async function startApiProcess(
  env: Record<string, string>,
  options: { compiled?: string } = {},
): Promise<ApiProcess> {
  const args = options.compiled ? [options.compiled] : ['--import', 'tsx', SERVER];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
    });
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
    stop: async (signal) => {
      const sent = Date.now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const exit = await exited;
      return { ...exit, ms: Date.now() - sent };
    },
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
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

export interface ApiProcessRun {
  /** The exit code; null when it was stopped by a signal. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `src/server.ts` with only `env` (and PATH) until it exits; with `stopWhen`, stops it with
 * SIGTERM once its standard output matches. Rejects after `timeoutMs`.
 */
export function runApiProcess(
  env: Record<string, string>,
  options: { stopWhen?: RegExp; timeoutMs?: number } = {},
): Promise<ApiProcessRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    if (options.stopWhen?.test(stdout)) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API process ran over ${String(options.timeoutMs)} ms:\n${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { closedLocalPort } from '../fixture-servers/closed-port.ts';

// A Redis of the test's own (Debian's `redis-server`), so a test can pause it, stop it and start
// it again without touching the shared Redis of other tests and engineers.

/** Whether `redis-server` can be started here; tests that need one run only then. */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

export interface OwnRedisServer {
  url: string;
  /** Ends the server process; the port then refuses connections. */
  stop(): Promise<void>;
  /** Starts the server again on the same port, empty. */
  start(): Promise<void>;
}

/** Whether a Redis answers PING at `url` (quickly: a missing server is a closed port). */
export async function answersPing(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 300,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export async function startOwnRedisServer(): Promise<OwnRedisServer> {
  const port = await closedLocalPort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const start = async () => {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(url))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        throw new Error(`redis-server on port ${port} did not start`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  return { url, start, stop };
}

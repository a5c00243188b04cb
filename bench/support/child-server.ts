import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// Starts a benchmark server (a TypeScript file of bench/support) in its own Node process, so that
// the load generator and the server do not share an event loop. With BENCH_CPU_PROF_DIR set, each
// server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).

export interface ChildServer {
  baseUrl: string;
  /** The server's process id (its CPU time and memory are read from /proc). */
  pid: number;
  /** The rest of the READY line (e.g. the app key). */
  extra: string[];
  close(): Promise<void>;
}

export async function startChildServer(
  script: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<ChildServer> {
  const path = fileURLToPath(new URL(script, import.meta.url));
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(
    process.execPath,
    [...profile, '--expose-gc', '--import', 'tsx', path, ...args],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const ready = await readyLine(child);
  const [baseUrl = '', ...extra] = ready.split(' ').slice(1);
  return {
    baseUrl,
    pid: child.pid ?? 0,
    extra,
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

function readyLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!child.stdout) throw new Error('the server was started without a stdout pipe');
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve(line);
    });
    child.once('exit', (code) => {
      reject(new Error(`server exited (${String(code)}) before it was ready`));
    });
  });
}

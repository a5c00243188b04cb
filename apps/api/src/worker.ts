import pino from 'pino';
import { ConfigError, loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { createRepositories } from './repositories/index.ts';
import { createDispatchLoop } from './services/dispatch/loop.ts';

// `npm run worker`: the dispatch engine as a process of its own (docs/decisions/760), against the
// same DATABASE_URL as the API (then started with DISPATCH_ENGINE=false). Any number of workers
// and API processes may dispatch together: they skip each other's locked rows. SIGTERM or SIGINT
// stops it after the running tick. The embedded database (PGlite) belongs to the one API process
// that opened it: without DATABASE_URL the worker refuses to start (the API then dispatches itself).

/** Why the worker does not start without a shared PostgreSQL. */
const WORKER_NEEDS_DATABASE_URL =
  'npm run worker needs DATABASE_URL, the PostgreSQL the API uses: the embedded database (PGlite) ' +
  'is open in the API process only, and the API runs the dispatch engine itself by default ' +
  '(DISPATCH_ENGINE).';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new ConfigError(WORKER_NEEDS_DATABASE_URL);
  const log = pino({ level: config.logLevel });
  const handle = await openDatabase({ url: config.databaseUrl });
  await migrateDatabase(handle);
  const loop = createDispatchLoop(createRepositories(handle.db), {
    offerSeconds: config.dispatchOfferSeconds,
    onError: (error) => {
      log.warn({ err: error }, 'dispatch tick failed; trying again');
    },
  });
  loop.start();
  log.info('dispatch worker running');
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, stopping`);
    void loop
      .stop()
      .then(() => handle.close())
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', () => {
    stop('SIGTERM');
  });
  process.on('SIGINT', () => {
    stop('SIGINT');
  });
  // The loop's timer does not hold the process open on its own.
  setInterval(() => undefined, 60_000);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else console.error(error);
  process.exit(1);
});

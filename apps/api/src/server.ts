import { createRequire } from 'node:module';
import closeWithGrace from 'close-with-grace';
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, demoModeWarning, loadConfig, type Config } from './config/env.ts';
import { TEXTS_CLOSE_WAIT_MS } from './plugins/app/customer-texts.ts';
import { DRAIN_DEADLINE_MS } from './plugins/app/draining.ts';

// The process entry (CONVENTIONS "The API in plugin layers"): logger, listen, graceful close.
// Production runs it compiled (`node dist/server.js`, docs/decisions/780); development through tsx.

/**
 * Decision 494: the longest a stop (SIGTERM from a deploy or a scale-in, SIGINT) may take. The
 * server drains its connections for up to DRAIN_DEADLINE_MS, queues the customer texts still on
 * their way (TEXTS_CLOSE_WAIT_MS at most), then closes the database; a process still running after
 * this is stuck and exits with code 1.
 */
const SHUTDOWN_LIMIT_MS = DRAIN_DEADLINE_MS + TEXTS_CLOSE_WAIT_MS + 2_000;

/** Human-readable logs on a terminal, JSON lines otherwise (files, containers, log shippers). */
function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const base = { level: config.logLevel };
  if (!process.stdout.isTTY) return base;
  try {
    // pino-pretty is a dev dependency: absent in a production install, then plain JSON.
    createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return base;
  }
  return {
    ...base,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
    },
  };
}

/** Demo links printed at start: at least three brands by query, and one brand by host name. */
function demoLinks(port: number): string[] {
  const base = `http://localhost:${port}`;
  return [
    `${base}/?brand=connect`,
    `${base}/?brand=mmm`,
    `${base}/?brand=otium`,
    `${base}/?brand=connect&lang=en`,
    `http://honda.localhost:${port}/  (brand by host name: Honda's corporate home)`,
    `${base}/geotext/landing?roomId=geotext-demo-pr&phoneNumber=7875550100  (location by text message)`,
    `${base}/entry?name=Ana%20Rivera&memberId=M1234567  (entry link of a partner)`,
    `${base}/driver?brand=connect  (driver app: carlos.pagan.1@flota.example, PIN 1234)`,
    `${base}/dispatcher  (dispatcher's console: despacho.pr@auxilio.example, PIN 1234)`,
    `${base}/docs  (API documentation)`,
  ];
}

/**
 * What this server is for, by its database (issue "Scale"): the embedded one runs queries on the
 * event loop of this one process (docs/decisions/781), PostgreSQL takes replicas (decision 780).
 */
function scaleNote(database: 'pglite' | 'postgres'): string {
  return database === 'pglite'
    ? 'Embedded database (PGlite): for development and demos, one process and a few dozen drivers at once. For production set DATABASE_URL (README, "Production").'
    : 'PostgreSQL: for production, run two or more of these processes behind a proxy (README, "Production").';
}

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config, logger: loggerOptions(config) });
  // Decision 505: a production server that runs the demo on purpose says so once.
  const demoWarning = demoModeWarning(config);
  if (demoWarning) app.log.warn(demoWarning);

  closeWithGrace({ delay: SHUTDOWN_LIMIT_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info(`${signal ?? 'close'} received, draining`);
    // app.close() refuses new requests and stops listening, lets running requests finish, ends
    // the event streams with a retry hint (plugins/app/draining.ts), then closes the database.
    await app.close();
    app.log.info('closed');
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `Auxilio is running on http://localhost:${port}`,
    ...demoLinks(port).map((link) => `  ${link}`),
    '',
    scaleNote(app.database.kind),
    '',
  ];
  if (!app.webShell) lines.push('  (web app not built: run `npm run build`)', '');
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  // A bad environment is the operator's to fix: one line naming the variables, no stack trace.
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else console.error(error);
  process.exit(1);
});

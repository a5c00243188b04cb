import { createRequire } from 'node:module';
import closeWithGrace from 'close-with-grace';
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config/env.ts';

// The process entry (CONVENTIONS "The API in plugin layers"): logger, listen, graceful close.
// `npm start` runs this file through tsx (docs/decisions/160).

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
    `http://honda.localhost:${port}/  (brand by host name)`,
    `${base}/docs  (API documentation)`,
  ];
}

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config, logger: loggerOptions(config) });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info(`${signal ?? 'close'} received, closing`);
    // app.close() stops accepting connections, drains requests, then runs onClose (database).
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `Auxilio is running on http://localhost:${port}`,
    ...demoLinks(port).map((link) => `  ${link}`),
    '',
  ];
  if (!app.webShell) lines.push('  (web app not built: run `npm run build`)', '');
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { withLogRedaction } from './lib/log-redaction.ts';
import { parseSerializerCompiler } from './lib/zod-serializer.ts';
import appKeyPlugin from './plugins/app/app-key.ts';
import databasePlugin from './plugins/app/database.ts';
import drainingPlugin from './plugins/app/draining.ts';
import errorHandlerPlugin, {
  clientErrorReply,
  frameworkErrorReply,
} from './plugins/app/error-handler.ts';
import pushNotificationsPlugin from './plugins/app/push-notifications.ts';
import customerTextsPlugin from './plugins/app/customer-texts.ts';
import repositoriesPlugin from './plugins/app/repositories.ts';
import objectStorePlugin from './plugins/app/object-store.ts';
import paymentsPlugin from './plugins/app/payments.ts';
import serverKeysPlugin from './plugins/app/server-keys.ts';
import webShellPlugin from './plugins/app/web-shell.ts';
import compressPlugin from './plugins/external/compress.ts';
import corsPlugin from './plugins/external/cors.ts';
import helmetPlugin from './plugins/external/helmet.ts';
import rateLimitPlugin from './plugins/external/rate-limit.ts';
import staticPlugin from './plugins/external/static.ts';
import swaggerUiPlugin from './plugins/external/swagger-ui.ts';
import swaggerPlugin from './plugins/external/swagger.ts';
import routes from './routes/index.ts';
import serviceEventsBusPlugin from './plugins/app/service-events-bus.ts';
import streamLimitsPlugin from './plugins/app/stream-limits.ts';
import identityPlugin from './services/identity/identity-plugin.ts';
import serviceReadCachePlugin from './plugins/app/service-read-cache.ts';
import dispatchPlugin from './services/dispatch/dispatch-plugin.ts';
import { createDriverSimulator } from './services/driver-simulator.ts';
import { createMessageDelivery } from './services/messaging/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The parsed environment (src/config/env.ts). */
    config: Config;
  }
}

export interface BuildAppOptions {
  config: Config;
  /**
   * An open database to use as is (tests: already migrated and seeded; the caller closes it).
   * Without it the app opens the database of `config`, migrates it, seeds it when SEED_DEMO, and
   * closes it with the server.
   */
  db?: DatabaseHandle;
  /**
   * Pino options or `false`; default: JSON logs at LOG_LEVEL. Credentials in URLs and headers are
   * redacted whatever the options (docs/decisions/501).
   */
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** The zod compilers as Fastify's factories (typed there for Ajv; any compiler is accepted). */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => parseSerializerCompiler,
} as unknown as CompilersFactory;

/** Honours an incoming `x-request-id` when it is a sane token, so logs join across services. */
function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
    ? incoming
    : randomUUID();
}

/**
 * The whole API as a Fastify instance, not listening (server.ts listens; tests call `app.inject`).
 * Layers as CONVENTIONS "The API in plugin layers": external plugins, then app plugins, then routes.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: withLogRedaction(options.logger ?? { level: config.logLevel }),
    genReqId: generateRequestId,
    // Request ids are parsed by generateRequestId (validated), not taken verbatim.
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    // find-my-way answers 404 "Route not found" for a path parameter over maxParamLength (100 by
    // default); at Node's whole request-head limit (16 KiB) the zod params schemas decide instead:
    // 400 naming the parameter (`params.id`).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16_384 },
    // Request bodies are capped (docs/decisions/471): 413 PAYLOAD_TOO_LARGE above it.
    bodyLimit: config.security.bodyLimitBytes,
    // A URL that does not decode, an over-long path parameter: our error body (decision 490).
    frameworkErrors: frameworkErrorReply,
    // Slow senders (decision 500): the headers, then the whole request, must arrive in time, or
    // 408 REQUEST_TIMEOUT and the socket is closed. Both end when the request has arrived, so a
    // long response (an event stream) is never cut. Node checks them on an interval: a quarter of
    // the headers timeout, at most 5 s.
    requestTimeout: config.security.requestTimeoutMs,
    http: {
      headersTimeout: config.security.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(
        5_000,
        Math.max(100, Math.floor(config.security.headersTimeoutMs / 4)),
      ),
    },
    clientErrorHandler: clientErrorReply,
    // Requests that arrive while the server closes are refused by plugins/app/draining.ts with our
    // `{ code, message }` body and Retry-After (decision 494), not by Fastify's own 503.
    return503OnClosing: false,
    // Every schema is zod (set below as well): given here, Fastify does not load Ajv and
    // fast-json-stringify, which it would never use, and a start is about 0.1 s shorter.
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(parseSerializerCompiler);
  app.decorate('config', config);
  // Hooks on every request are plain callbacks, not async functions: a promise per hook per request
  // is a measurable share of the hot read (ARCHITECTURE "Performance budgets").
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // Third-party plugins, one file each.
  // JSON answers compressed on the fly (docs/decisions/710): first, as it works through onRoute.
  await app.register(compressPlugin);
  await app.register(swaggerPlugin);
  await app.register(swaggerUiPlugin);
  await app.register(staticPlugin);
  // Security headers and CORS (docs/decisions/472-473): before the routes, whose onRoute they read.
  await app.register(helmetPlugin);
  await app.register(corsPlugin);
  // Decision 494: refuses new requests once the server closes; before the rate limits (a refusal
  // costs the client nothing) and before the event bus (streams opening then end at once).
  await app.register(drainingPlugin);
  await app.register(rateLimitPlugin);

  // Application plugins: error handler first so that it covers everything after it.
  await app.register(errorHandlerPlugin);
  await app.register(databasePlugin, { db: options.db });
  await app.register(repositoriesPlugin);
  // The object store of accident photos (decisions 403, 660), shared by /storage and /common.
  await app.register(objectStorePlugin);
  await app.register(serverKeysPlugin);
  await app.register(paymentsPlugin);
  // Web Push (decision 451): listens to the service write path before anything writes a service.
  await app.register(pushNotificationsPlugin);
  // Texts to the customer with links that open the service on any phone (decisions 610, 611).
  await app.register(customerTextsPlugin);
  await app.register(appKeyPlugin);
  await app.register(serviceEventsBusPlugin);
  // The dispatch engine and the driver app's wake-ups (docs/decisions/760).
  await app.register(dispatchPlugin);
  await app.register(streamLimitsPlugin);
  await app.register(serviceReadCachePlugin);
  await app.register(webShellPlugin);
  await app.register(identityPlugin);

  await app.register(routes);

  // ARCHITECTURE decision 8: the embedded demo's simulated drivers use the driver app API over
  // HTTP, once the server listens (off in tests; docs/decisions/760).
  if (config.driverSimulator) {
    let simulator: ReturnType<typeof createDriverSimulator> | undefined;
    app.addHook('onListen', () => {
      const address = app.server.address();
      if (!address || typeof address === 'string') return Promise.resolve();
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      const loopback = host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host;
      simulator = createDriverSimulator(app.repositories, {
        baseUrl: `http://${loopback}:${String(address.port)}`,
        appKey: config.appKey,
        tokenKey: app.serverKeys.simulatedDriver,
        skip: config.driverSimulatorSkip,
        onError: (error) => {
          app.log.warn({ err: error }, 'driver simulator step failed');
        },
      });
      simulator.start();
      return Promise.resolve();
    });
    app.addHook('preClose', async () => {
      await simulator?.stop();
    });
  }

  // ARCHITECTURE decision 7: queued texts and e-mails leave through the configured adapter, right
  // after they are queued and on a timer for retries (docs/decisions/440).
  const messageDelivery = createMessageDelivery(
    config.messaging,
    app.repositories.messages,
    app.log,
  );
  app.addHook('onReady', () => {
    messageDelivery.start();
    return Promise.resolve();
  });
  app.addHook('onClose', () => messageDelivery.stop());
  return app;
}

import type {
  FastifyInstance,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.ts';

// ARCHITECTURE decision 9 / SPEC 7 "All go to the common API with a fixed API key header": the
// `x-api-key` header names the calling app. The key is public (it is in /app-config.json), so it is
// not a secret; it keeps stray clients out and lets a later key rotation retire an old app build.

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: 401 unless the request carries the app key in `x-api-key`. */
    requireAppKey: onRequestHookHandler;
    /**
     * The same for event streams, which EventSource opens without headers: `?key=` stands in for
     * the header (decision 222).
     */
    requireStreamAppKey: onRequestHookHandler;
  }
}

export const APP_KEY_HEADER = 'x-api-key';

function appKeyPlugin(app: FastifyInstance): void {
  const expected = app.config.appKey;
  const problem = (given: unknown): string | undefined => {
    if (typeof given !== 'string' || given === '') return `Missing ${APP_KEY_HEADER} header`;
    // A plain comparison: the key is public, so its timing gives nothing away (and it runs on
    // every request of the common API, the hot read included).
    return given === expected ? undefined : `Unknown ${APP_KEY_HEADER}`;
  };
  // A plain callback, not a promise: it runs on every request of the common API.
  const check = (given: unknown, done: HookHandlerDoneFunction): void => {
    const message = problem(given);
    done(message ? new AppError('UNAUTHORIZED', message) : undefined);
  };
  app.decorate('requireAppKey', (request: FastifyRequest, _reply, done) => {
    check(request.headers[APP_KEY_HEADER], done);
  });
  app.decorate('requireStreamAppKey', (request: FastifyRequest, _reply, done) => {
    const { key } = request.query as { key?: unknown };
    check(request.headers[APP_KEY_HEADER] ?? key, done);
  });
}

export default fp(appKeyPlugin, { name: 'app-key' });

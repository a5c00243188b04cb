import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.ts';

// ARCHITECTURE decision 9 / SPEC 7 "All go to the common API with a fixed API key header": the
// `x-api-key` header names the calling app. The key is public (it is in /app-config.json), so it is
// not a secret; it keeps stray clients out and lets a later key rotation retire an old app build.

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: 401 unless the request carries the app key in `x-api-key`. */
    requireAppKey: onRequestAsyncHookHandler;
    /**
     * The same for event streams, which EventSource opens without headers: `?key=` stands in for
     * the header (decision 222).
     */
    requireStreamAppKey: onRequestAsyncHookHandler;
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
  const check = (given: unknown): Promise<void> => {
    const message = problem(given);
    return message ? Promise.reject(new AppError('UNAUTHORIZED', message)) : Promise.resolve();
  };
  app.decorate('requireAppKey', (request: FastifyRequest) =>
    check(request.headers[APP_KEY_HEADER]),
  );
  app.decorate('requireStreamAppKey', (request: FastifyRequest) => {
    const { key } = request.query as { key?: unknown };
    return check(request.headers[APP_KEY_HEADER] ?? key);
  });
}

export default fp(appKeyPlugin, { name: 'app-key' });

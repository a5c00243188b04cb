import type { ApiError } from '@auxilio/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Decision 494: a deploy or a scale-in stops a replica with SIGTERM, and the replica drains. From
// the moment the server starts closing, no new request is served: each one that arrives on a
// connection already open is answered 503 `UNAVAILABLE` with `Connection: close` before any route
// handles it, so its client (or the load balancer) sends it to another replica. Requests
// already running finish; event streams end with a short `retry:` hint, so browsers reconnect
// promptly elsewhere; what is still open after DRAIN_DEADLINE_MS is closed, so the process always
// exits in time.

/** Retry-After of a request refused while draining: another replica answers it right away. */
export const DRAINING_RETRY_AFTER_SECONDS = 1;

/**
 * How long a closing server waits for its connections (requests still running, a client still
 * sending its body) before it closes them: below the process's own limit (server.ts), which also
 * has to close the database, and below the 10 s most orchestrators give before SIGKILL.
 */
export const DRAIN_DEADLINE_MS = 8_000;

/** How often a closing server closes the connections that went idle (their response was sent). */
const IDLE_SWEEP_MS = 100;

export interface Draining {
  /** True once the server is closing: new requests are refused, open streams ended. */
  active(): boolean;
  /** Calls `listener` once when draining starts (at once if it has); returns the removal. */
  onStart(listener: () => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    draining: Draining;
  }
}

const DRAINING_BODY: ApiError = {
  code: 'UNAVAILABLE',
  message: 'This server is shutting down; try again',
};

function drainingPlugin(app: FastifyInstance): void {
  let active = false;
  const listeners = new Set<() => void>();
  let deadline: ReturnType<typeof setTimeout> | undefined;
  let sweep: ReturnType<typeof setInterval> | undefined;

  app.decorate('draining', {
    active: () => active,
    onStart(listener: () => void) {
      if (active) {
        listener();
        return () => undefined;
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  });

  // Fastify's own refusal while closing is off (app.ts `return503OnClosing`): it would answer its
  // own body, not `{ code, message }`, and without Retry-After. Registered before the rate limits,
  // so a refused request costs its client nothing; after CORS, so a browser can read the 503.
  // Both hooks run on every request: plain callbacks, no promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    if (!active) {
      done();
      return;
    }
    request.log.info('request refused: the server is draining');
    reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', String(DRAINING_RETRY_AFTER_SECONDS))
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(DRAINING_BODY));
  });

  // A response sent while draining tells its client not to reuse the connection, and Node closes
  // it once the response is sent.
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (active) reply.header('connection', 'close');
    done();
  });

  // preClose runs before the server stops listening and waits for its connections; this plugin is
  // registered before the event bus, so streams opened from now on see `active()` before the bus
  // ends the ones it knows.
  app.addHook('preClose', () => {
    active = true;
    for (const listener of [...listeners]) listener();
    listeners.clear();
    if (!app.server.listening) return Promise.resolve();
    // Node closes the idle keep-alive connections once, when the server stops listening; those
    // whose response ends later (an event stream, a request that was running) would otherwise
    // stay open until their keep-alive timeout.
    sweep = setInterval(() => {
      app.server.closeIdleConnections();
    }, IDLE_SWEEP_MS);
    sweep.unref();
    deadline = setTimeout(() => {
      app.log.warn(
        `connections still open ${String(DRAIN_DEADLINE_MS)} ms after the close began: closed`,
      );
      app.server.closeAllConnections();
    }, DRAIN_DEADLINE_MS);
    deadline.unref();
    return Promise.resolve();
  });
  app.addHook('onClose', () => {
    clearInterval(sweep);
    clearTimeout(deadline);
    return Promise.resolve();
  });
}

export default fp(drainingPlugin, { name: 'draining' });

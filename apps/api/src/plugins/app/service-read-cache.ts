import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serviceChanges } from '../../lib/service-changes.ts';
import {
  createServiceReadCache,
  type ServiceReadCache,
} from '../../services/service-requests/read-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Views of recently read services for GET /services/{id} (decision 480). */
    serviceReadCache: ServiceReadCache;
  }
}

function serviceReadCachePlugin(app: FastifyInstance): void {
  const bus = app.serviceEventsBus;
  const cache = createServiceReadCache({
    changes: serviceChanges,
    // Caching starts once this process LISTENs; until then every read goes to the database.
    notified: () => {
      if (!bus.listening()) bus.ready().catch(() => undefined);
      return bus.listening();
    },
  });
  bus.watch((serviceId) => {
    cache.evict(serviceId);
  });
  // Listen from the start, so that the notifications of the first changes already come back.
  app.addHook('onReady', () => {
    bus.ready().catch((error: unknown) => {
      app.log.warn({ err: error }, 'LISTEN failed: service reads skip the cache until it works');
    });
    return Promise.resolve();
  });
  app.decorate('serviceReadCache', cache);
}

export default fp(serviceReadCachePlugin, {
  name: 'service-read-cache',
  dependencies: ['service-events-bus'],
});

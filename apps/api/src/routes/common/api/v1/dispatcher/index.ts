import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import auditRoutes from './audit-routes.ts';
import boardRoutes from './board-routes.ts';
import geotextRoutes from './geotext-routes.ts';
import serviceRoutes from './service-routes.ts';
import sessionRoutes from './session-routes.ts';

// The dispatcher's console (docs/decisions/762): sign-in, the live board, a service's detail and
// the actions on it, geotext rooms and the audit log. Every route but the sign-in needs a
// dispatcher token and answers only within the dispatcher's scope. The streams, which EventSource
// opens with the key and token in the query, are registered apart (streams.ts).

const dispatcherRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  void app.register(sessionRoutes);
  void app.register(boardRoutes);
  void app.register(serviceRoutes);
  void app.register(geotextRoutes);
  void app.register(auditRoutes);
  done();
};

export default dispatcherRoutes;

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import boardStreamRoutes from './board-stream-routes.ts';
import geotextStreamRoutes from './geotext-stream-routes.ts';

// The console's Server-Sent Events streams: EventSource sends no headers, so the app key comes as
// `?key=` (decision 222) and the dispatcher token as `?token=`; each route checks both.

const dispatcherStreamRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.addHook('onRequest', app.requireStreamAppKey);
  void app.register(boardStreamRoutes);
  void app.register(geotextStreamRoutes);
  done();
};

export default dispatcherStreamRoutes;

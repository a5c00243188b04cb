import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';

const routes: FastifyPluginCallbackZod = (_app, _options, done) => {
  done();
};

export default routes;

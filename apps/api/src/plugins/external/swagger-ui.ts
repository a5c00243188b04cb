import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Interactive API documentation at /docs; the document itself at /docs/json. */
async function swaggerUiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, { routePrefix: '/docs' });
}

export default fp(swaggerUiPlugin, { name: 'swagger-ui', dependencies: ['swagger'] });

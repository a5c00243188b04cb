import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

// ARCHITECTURE decision 1: one OpenAPI document generated from the zod schemas, served at /docs.

/** Routes that are plumbing, not API: kept out of the document. */
const SKIP_LIST = [
  '/docs',
  '/docs/',
  '/docs/json',
  '/docs/yaml',
  '/docs/initOAuth',
  '/docs/uiConfig',
  '/docs/static/*',
  '/docs/*',
];

async function swaggerPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Auxilio API',
        description:
          'Common API of the Auxilio assistance PWA (SPEC 7 paths under /common), runtime config, ' +
          'brand assets and health. Errors are `{ code, message }` with stable codes.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          // ARCHITECTURE decision 9: the public app key names the calling app.
          appKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: SKIP_LIST }),
    transformObject: jsonSchemaTransformObject,
  });
}

export default fp(swaggerPlugin, { name: 'swagger' });

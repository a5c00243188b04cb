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

/**
 * Answers the HTTP server gives before any route sees the request (app.ts `clientErrorHandler`),
 * so they are listed once for the whole API rather than under each path.
 */
const ANSWERS_BEFORE_ROUTING = [
  '| status | code | when |',
  '| --- | --- | --- |',
  '| 400 | `BAD_REQUEST` | the request is not valid HTTP (request line, header syntax) |',
  '| 408 | `REQUEST_TIMEOUT` | the headers, or the whole request, did not arrive in time |',
  '| 431 | `BAD_REQUEST` | the request line and headers together are over 16 KiB |',
].join('\n');

const DESCRIPTION = [
  'Common API of the Auxilio assistance PWA (SPEC 7 paths under /common), runtime config, ' +
    'brand assets and health. Errors are `{ code, message }` with stable codes.',
  'Whatever the path, these come before routing, with the same body, and the connection is ' +
    'then closed:',
  ANSWERS_BEFORE_ROUTING,
].join('\n\n');

async function swaggerPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Auxilio API',
        description: DESCRIPTION,
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          // ARCHITECTURE decision 9: the public app key names the calling app.
          appKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          // Decision 600: the operator's secret key (OPERATOR_API_KEY) as a bearer token.
          operatorKey: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: SKIP_LIST }),
    transformObject: jsonSchemaTransformObject,
  });
}

export default fp(swaggerPlugin, { name: 'swagger' });

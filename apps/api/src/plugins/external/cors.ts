import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isAllowedOrigin } from '../../services/cors-origins.ts';

// Issue 4 "CORS allow-list from the brand hosts" (docs/decisions/472). The PWA sends its bearer
// token and app key in headers, never cookies, so credentials stay off.

/** Headers the PWA sends across origins (the app key, the service token, resumable streams). */
const ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  'x-api-key',
  'x-request-id',
  'last-event-id',
];

async function corsPlugin(app: FastifyInstance): Promise<void> {
  const extraOrigins = app.config.security.corsOrigins;
  await app.register(cors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      const allowed =
        typeof origin === 'string' &&
        isAllowedOrigin(origin, {
          ownOrigin: `${request.protocol}://${request.host}`,
          extraOrigins,
        });
      callback(null, {
        origin: allowed ? origin : false,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ALLOWED_HEADERS,
        exposedHeaders: ['x-request-id', 'retry-after', 'etag'],
        credentials: false,
        maxAge: 600,
        // A preflight from a foreign origin still answers 204, only without allow headers.
        strictPreflight: false,
      });
    },
  });
}

export default fp(corsPlugin, { name: 'cors' });

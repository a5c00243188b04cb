import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isAllowedOrigin } from '../../services/cors-origins.ts';

// CORS allows the brands' host names only (docs/decisions/472). The PWA sends its bearer
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
  // Options fixed at start; only the origin is decided per request. Same-origin calls (the PWA on
  // a brand host, partner webviews opening our origin) need no CORS headers at all.
  await app.register(cors, {
    origin: (origin, callback) => {
      callback(null, typeof origin === 'string' && isAllowedOrigin(origin, extraOrigins));
    },
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: ['x-request-id', 'retry-after', 'etag'],
    credentials: false,
    maxAge: 600,
    // A preflight from a foreign origin still answers 204, only without allow headers.
    strictPreflight: false,
  });
}

export default fp(corsPlugin, { name: 'cors' });

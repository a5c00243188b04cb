import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';
import {
  contentSecurityPolicy,
  docsContentSecurityPolicy,
  serializeCsp,
} from '../../services/content-security-policy.ts';

// Issue 4 "security headers including a Content-Security-Policy" (docs/decisions/473): one set of
// headers on every response, the API's JSON as well as the PWA's pages and files. The helmet
// middleware is built once here (@fastify/helmet builds it again on every request: a measurable
// share of the hot read, decision 480).

/** One year, with subdomains: sent only on https requests (TRUST_PROXY reads X-Forwarded-Proto). */
const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

function helmetPlugin(app: FastifyInstance): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(app.config),
    },
    // Set below, only when the request came over https: on plain http it means nothing.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
  const docsPolicy = serializeCsp(docsContentSecurityPolicy(app.config));
  // On the raw response, so hijacked replies (event streams) carry the headers too.
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => {
      if (request.protocol === 'https') {
        reply.raw.setHeader('strict-transport-security', HSTS_VALUE);
      }
      // The /docs routes come from a plugin registered before this one: matched by path here.
      const path = request.url.split('?')[0] ?? '';
      if (path === '/docs' || path.startsWith('/docs/')) {
        reply.raw.setHeader('content-security-policy', docsPolicy);
      }
      done(error instanceof Error ? error : undefined);
    });
  });
}

export default fp(helmetPlugin, { name: 'helmet' });

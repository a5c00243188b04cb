import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';
import {
  contentSecurityPolicy,
  docsContentSecurityPolicy,
  serializeCsp,
} from '../../services/content-security-policy.ts';

// Security headers with a Content-Security-Policy (docs/decisions/473): the PWA's
// pages and files get helmet's full set with the PWA's policy; the JSON APIs get the short set of
// the OWASP REST Security Cheat Sheet, whose policy allows nothing (a JSON answer loads nothing).
// Both are built once here (@fastify/helmet builds the middleware again on every request).

/** One year, with subdomains: sent only on https requests (TRUST_PROXY reads X-Forwarded-Proto). */
const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** The JSON APIs: the common API and the auto-dispatch service (ARCHITECTURE decision 1). */
const JSON_API_PREFIXES = ['/common/', '/autodispatch/'];

const JSON_API_HEADERS: [string, string][] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

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
    if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS_VALUE);
    reply.raw.removeHeader('x-powered-by');
    if (JSON_API_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      for (const [name, value] of JSON_API_HEADERS) reply.raw.setHeader(name, value);
      done();
      return;
    }
    setHeaders(request.raw, reply.raw, (error) => {
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

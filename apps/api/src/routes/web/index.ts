import { LanguageSchema } from '@auxilio/domain';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { routeNotFound } from '../../lib/errors.ts';
import { addVary, sendCompressible } from '../../lib/response-compression.ts';
import { resolveBrandContext } from '../../services/brand-context.ts';
import {
  contentSecurityPolicy,
  serializeCsp,
  withInlineStyles,
} from '../../services/content-security-policy.ts';
import { firstPaintHtml } from '../../services/first-paint.ts';
import { buildRuntimeConfig } from '../../services/runtime-config.ts';
import { pageServiceOf } from '../../services/tracking-page-service.ts';
import {
  brandThemeStyle,
  fileCacheControl,
  isPrecompressedCopy,
  isSharedLinkLanding,
  renderIndexHtml,
  SHARED_LINK_HEAD_TAGS,
  SHARED_LINK_HEADERS,
} from '../../services/web-shell.ts';

// The built PWA (ARCHITECTURE "apps/api ... serves the built PWA in production mode"): its files,
// and index.html with the brand injected for every client-side route (SPEC 2 route table).

/** Paths that belong to the API: never answered with index.html. */
const API_PREFIXES = [
  '/common',
  '/storage',
  '/autodispatch',
  '/docs',
  '/health',
  '/ready',
  '/brands',
  '/app-config.json',
  '/manifest.webmanifest',
  // The map style and data (found by the OpenAPI fuzz test: a bad tile path answered index.html).
  '/map',
];

const NOT_BUILT_MESSAGE =
  'The Auxilio web app is not built, so there is nothing to show here yet.\n' +
  'Run `npm run build` (or `npm start`, which builds it first) and restart the server.\n' +
  'The API itself is running: see /docs and /health.\n';

function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * True when the client wants a page: it asks for HTML, or it takes anything (`*∕*`, no Accept) and
 * the path does not look like a file. A missing /assets/x.js must stay a 404, not become HTML.
 */
function wantsPage(request: FastifyRequest, path: string): boolean {
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/html')) return true;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  const looksLikeFile = /\.[A-Za-z0-9]+$/.test(lastSegment);
  return !looksLikeFile && (accept === '' || accept.includes('*/*'));
}

/** The texts (locale namespace) of the tracking screen (apps/web route table). */
const TRACKING_TEXTS = ['tracking'] as const;

/** /tracking itself, the one page painted with the phone's service. */
function isTrackingPage(path: string): boolean {
  return path.replace(/\/+$/, '') === '/tracking';
}

function decodePath(rawUrl: string): string | undefined {
  const path = rawUrl.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** The query string of a request URL, without its `?`. */
function searchOf(rawUrl: string): string {
  const at = rawUrl.indexOf('?');
  return at === -1 ? '' : rawUrl.slice(at + 1);
}

const webRoutes: FastifyPluginCallback = (app, _options, done) => {
  const pagePolicy = contentSecurityPolicy(app.config);
  const sendPage = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const shell = app.webShell;
    if (!shell) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_MESSAGE);
    }
    const query = request.query as Record<string, unknown>;
    const path = decodePath(request.url) ?? '/';
    // /tracking paints the phone's service when its cookie opens it (docs/decisions/752), read
    // beside the brand rather than after it.
    const trackingPage = isTrackingPage(path);
    const serviceRead = trackingPage
      ? pageServiceOf(
          { cache: app.serviceReadCache, repos: app.repositories },
          request.headers.cookie,
        )
      : undefined;
    const context = await resolveBrandContext(app.repositories, {
      brand: typeof query.brand === 'string' ? query.brand : undefined,
      account: typeof query.account === 'string' ? query.account : undefined,
      host: request.host,
    });
    // The shared-link landing is neither indexed nor leaks its link (docs/decisions/474).
    const landing = isSharedLinkLanding(path, query);
    if (landing) reply.headers(SHARED_LINK_HEADERS);
    const lang = LanguageSchema.safeParse(query.lang).data;
    const service = await serviceRead;
    const runtimeConfig = buildRuntimeConfig(
      app.config,
      context,
      app.pushNotifications.vapidPublicKey,
    );
    const html = renderIndexHtml(
      shell.template,
      context.brand,
      runtimeConfig,
      landing ? SHARED_LINK_HEAD_TAGS : '',
      {
        // The manifest in the page's language and the brand's PNG icons (docs/decisions/740).
        lang,
        files: shell.files,
        // The tracking screen's texts, with the page rather than after its scripts.
        screenTexts: trackingPage ? TRACKING_TEXTS : undefined,
        // The screen painted before the scripts arrive (docs/decisions/770).
        firstPaint: firstPaintHtml({
          path,
          query: new URLSearchParams(searchOf(request.url)),
          brand: context.brand,
          language: lang ?? runtimeConfig.defaultLanguage,
          texts: shell.text,
          service,
        }),
      },
    );
    // The page's one inline style, the brand's theme, is allowed by its hash alone.
    reply.header(
      'content-security-policy',
      serializeCsp(withInlineStyles(pagePolicy, [brandThemeStyle(context.brand).hash])),
    );
    // A page with the service's data is the phone's alone: kept by no cache, not even its own.
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', service ? 'private, no-store' : 'no-cache');
    addVary(reply, 'Host');
    if (trackingPage) addVary(reply, 'Cookie');
    // Built per request, so compressed here, cheaply (docs/decisions/710).
    return sendCompressible(reply, request.headers['accept-encoding'], html);
  };

  // `compress: false`: the files are sent as the build compressed them (their .br/.gz copies, by
  // plugins/external/static.ts), never compressed again on the fly; the page compresses itself.
  app.get('/*', { schema: { hide: true }, compress: false }, async (request, reply) => {
    const path = decodePath(request.url);
    if (path === undefined) throw routeNotFound(request.method, request.url);

    const shell = app.webShell;
    if (
      shell &&
      path !== '/index.html' &&
      shell.files.has(path) &&
      !isPrecompressedCopy(path, shell.files)
    ) {
      reply.header('cache-control', fileCacheControl(path));
      return reply.sendFile(path.slice(1), { cacheControl: false });
    }
    if (isApiPath(path) || !wantsPage(request, path)) throw routeNotFound(request.method, path);
    return sendPage(request, reply);
  });
  done();
};

export default webRoutes;

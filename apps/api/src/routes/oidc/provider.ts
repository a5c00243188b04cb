import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { OIDC_MOUNT_PATH } from '../../services/identity/embedded-provider.ts';

type RawRequest = IncomingMessage & { originalUrl?: string };

/**
 * oidc-provider is a Koa application: its handler gets the raw request, untouched. The URL loses the
 * mount path and keeps it in `originalUrl`, from which the provider builds its own URLs.
 */
export default function providerRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  // Leave every body unread: the provider parses its own (form posts to /token).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, parsed) => {
    parsed(null, undefined);
  });
  app.all('/*', { schema: { hide: true } }, async (request, reply) => {
    const provider = await app.identity.embeddedProvider();
    reply.hijack();
    const raw: RawRequest = request.raw;
    const url = raw.url ?? '/';
    raw.originalUrl = url;
    raw.url = url.slice(OIDC_MOUNT_PATH.length) || '/';
    await provider.callback()(raw, reply.raw);
  });
  done();
}

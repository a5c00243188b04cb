import {
  ApiErrorSchema,
  ServiceIdSchema,
  ShareLinkResponseSchema,
  SharedServiceSchema,
} from '@auxilio/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { mintShareLink, readSharedService } from '../../../../../services/share-links.ts';
import { SHARED_LINK_HEADERS } from '../../../../../services/web-shell.ts';

// ARCHITECTURE decision 9 "Shared tracking links carry their own expiring token and get a
// redacted view"; issue 4 "Referrer-Policy: no-referrer, noindex". Docs/decisions/474.

/** Link-bearing answers: the link must not travel in a Referer, nor be indexed or cached. */
function shareLinkHeaders(reply: FastifyReply): void {
  reply.headers({ ...SHARED_LINK_HEADERS, 'cache-control': 'no-store' });
}

const params = z.object({ id: ServiceIdSchema });

const shareLinksRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/:id/share',
    {
      schema: {
        tags: ['services'],
        summary: 'Mint the shared tracking link token of a service',
        description:
          'Needs `Authorization: Bearer <token>` of the service. Answers a new link token (256 ' +
          'bits; only its hash is kept) that replaces any earlier one. The share link is ' +
          '`{host}/{serviceId}?account={brand}&redirect=tracking/loading&t={shareToken}`; it ' +
          'works until 24 h after the service ends.',
        security: APP_KEY_SECURITY,
        params,
        response: {
          200: ShareLinkResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          401: ApiErrorSchema.describe('Missing or wrong `x-api-key`, or no bearer token'),
          403: ApiErrorSchema.describe(
            'The bearer token does not open that service (or it does not exist)',
          ),
          410: ApiErrorSchema.describe('The service ended more than 24 h ago'),
        },
      },
    },
    async (request, reply) => {
      shareLinkHeaders(reply);
      return mintShareLink(app.repositories, request.headers.authorization, request.params.id);
    },
  );

  app.get(
    '/:id/shared',
    {
      schema: {
        tags: ['services'],
        summary: 'The redacted view of a service for the holder of its shared link',
        description:
          'Needs `Authorization: Bearer <shareToken>` (the `t` of the share link). Status, trip, ' +
          "places, and the driver's first name, vehicle, position and ETA; never the customer's " +
          'phone, e-mail or name, prices or tokens.',
        security: APP_KEY_SECURITY,
        params,
        response: {
          200: SharedServiceSchema,
          ...APP_KEY_ERROR_RESPONSES,
          401: ApiErrorSchema.describe('Missing or wrong `x-api-key`, or no link token'),
          403: ApiErrorSchema.describe('The link token does not open that service'),
          410: ApiErrorSchema.describe('The link expired (24 h after the service ended)'),
        },
      },
    },
    async (request, reply) => {
      shareLinkHeaders(reply);
      return readSharedService(app.repositories, request.headers.authorization, request.params.id);
    },
  );
  done();
};

export default shareLinksRoutes;

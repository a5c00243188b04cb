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
import {
  authorizeShareLink,
  mintShareLink,
  readSharedService,
  redactServiceEvent,
} from '../../../../../services/share-links.ts';
import {
  createEventStreamReply,
  LastEventIdSchema,
  streamAuthorization,
} from '../../../../../lib/service-event-stream.ts';
import { SHARED_LINK_HEADERS } from '../../../../../services/web-shell.ts';

// ARCHITECTURE decision 9 "Shared tracking links carry their own expiring token and get a
// redacted view"; link-bearing answers are sent with Referrer-Policy: no-referrer and noindex
// (docs/decisions/474).

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
          401: ApiErrorSchema.with(z.describe('Missing or wrong `x-api-key`, or no bearer token')),
          403: ApiErrorSchema.with(
            z.describe('The bearer token does not open that service (or it does not exist)'),
          ),
          410: ApiErrorSchema.with(z.describe('The service ended more than 24 h ago')),
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
          401: ApiErrorSchema.with(z.describe('Missing or wrong `x-api-key`, or no link token')),
          403: ApiErrorSchema.with(z.describe('The link token does not open that service')),
          410: ApiErrorSchema.with(z.describe('The link expired (24 h after the service ended)')),
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

/**
 * GET /api/v1/services/{id}/shared/events: the service's event stream for a link holder, with ids
 * and types only (no payloads). Registered outside the app-key hook of /common: EventSource sends
 * no headers, so `key` and `token` may come in the query, as on the service's own stream.
 */
export const sharedEventsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const replyWithStream = createEventStreamReply(app);
  app.get(
    '/:id/shared/events',
    {
      schema: {
        tags: ['services'],
        summary: 'Live changes of a shared service (Server-Sent Events, ids and types only)',
        description:
          'Like `/{id}/events`, for the holder of a shared link: each message is `id: <seq>`, ' +
          '`event: <type>`, `data: {}`; refetch `/{id}/shared` when one arrives. `key` replaces ' +
          '`x-api-key` and `token` (the link token) replaces `Authorization: Bearer` for ' +
          'EventSource. Resumable with Last-Event-ID. A link token holds at most ' +
          'STREAM_MAX_PER_SHARE_TOKEN open streams (default 30) and a client address ' +
          'STREAM_MAX_PER_ADDRESS (default 500); beyond them 429.',
        security: APP_KEY_SECURITY,
        params,
        querystring: z.object({
          key: z.string().max(256).optional().describe('The app key'),
          token: z.string().max(256).optional().describe('The link token'),
        }),
        headers: z.looseObject({ 'last-event-id': LastEventIdSchema.optional() }),
        response: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...APP_KEY_ERROR_RESPONSES,
          401: ApiErrorSchema.with(z.describe('Missing or wrong `x-api-key`, or no link token')),
          403: ApiErrorSchema.with(z.describe('The link token does not open that service')),
          410: ApiErrorSchema.with(z.describe('The link expired (24 h after the service ended)')),
          429: ApiErrorSchema.with(
            z.describe(
              'RATE_LIMITED: too many requests, or too many open streams with this link or from ' +
                'this address (decision 500); see Retry-After, poll meanwhile',
            ),
          ),
          503: ApiErrorSchema.with(z.describe('Live updates are unavailable: poll `/{id}/shared`')),
        },
      },
      onRequest: app.requireStreamAppKey,
    },
    async (request, reply) => {
      const { id } = request.params;
      await authorizeShareLink(
        app.repositories,
        streamAuthorization(request, request.query.token),
        id,
      );
      await replyWithStream(request, reply, {
        serviceId: id,
        kind: 'shared',
        lastEventId: request.headers['last-event-id'],
        headers: SHARED_LINK_HEADERS,
        redact: redactServiceEvent,
      });
    },
  );
  done();
};

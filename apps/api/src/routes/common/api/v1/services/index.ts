import {
  ApiErrorSchema,
  LocationUpdateSchema,
  ServiceIdSchema,
  ServiceSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { authorizeService } from '../../../../../services/service-tokens.ts';
import { updateSituationLocation } from '../../../../../services/service-requests/updates.ts';
import {
  createEventStreamReply,
  LastEventIdSchema,
  streamAuthorization,
} from '../../../../../lib/service-event-stream.ts';

// ARCHITECTURE decision 3, live updates: GET /common/api/v1/services/{id}/events.
// EventSource cannot send headers, so the app key and the service token may come in the query
// (decision 222); request logs print those values as [REDACTED] (decision 501).

const serviceEventsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const replyWithStream = createEventStreamReply(app);

  app.get(
    '/:id/events',
    {
      schema: {
        tags: ['services'],
        summary: 'Live events of one service (Server-Sent Events, resumable with Last-Event-ID)',
        description:
          'Answers `text/event-stream`: first every event after `Last-Event-ID` (or `lastEventId`), ' +
          'then each new one as it is written. Each message is `id: <seq>`, `event: <type>`, ' +
          '`data: <json payload>`; a `: heartbeat` comment every 15 s. For EventSource, which ' +
          'cannot send headers, `key` replaces `x-api-key` and `token` replaces ' +
          '`Authorization: Bearer <token>`. A service token holds at most STREAM_MAX_PER_TOKEN ' +
          'open streams (default 6) and a client address STREAM_MAX_PER_ADDRESS (default 500); ' +
          'beyond them 429.',
        security: APP_KEY_SECURITY,
        params: z.object({ id: ServiceIdSchema }),
        querystring: z.object({
          key: z
            .string()
            .max(256)
            .optional()
            .describe('The app key, when `x-api-key` cannot be sent'),
          token: z
            .string()
            .max(256)
            .optional()
            .describe('The service token, when no Authorization'),
          lastEventId: LastEventIdSchema.optional(),
        }),
        // Loose: the parsed headers replace request.headers, which must keep authorization.
        headers: z.looseObject({ 'last-event-id': LastEventIdSchema.optional() }),
        response: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...APP_KEY_ERROR_RESPONSES,
          401: ApiErrorSchema.with(z.describe('No app key, or no service token')),
          403: ApiErrorSchema.with(
            z.describe('The token does not open that service (or it does not exist)'),
          ),
          429: ApiErrorSchema.with(
            z.describe(
              'RATE_LIMITED: too many requests, or too many open streams with this token or from ' +
                'this address (decision 500); see Retry-After, poll meanwhile',
            ),
          ),
          503: ApiErrorSchema.with(
            z.describe('The database cannot be listened to: poll the service'),
          ),
        },
      },
      // Decision 222: `?key=` stands in for the header on this route only.
      onRequest: app.requireStreamAppKey,
    },
    async (request, reply) => {
      const { id } = request.params;
      const { token, lastEventId } = request.query;
      await authorizeService(app.repositories, streamAuthorization(request, token), id);
      await replyWithStream(request, reply, {
        serviceId: id,
        kind: 'service',
        lastEventId: request.headers['last-event-id'] ?? lastEventId,
      });
    },
  );

  app.patch(
    '/:id/locations',
    {
      // Registered outside the app-key hook of /common (for the event stream): checked here.
      onRequest: app.requireAppKey,
      schema: {
        tags: ['services'],
        summary: "Move the service's situation to the customer's position; answers the service",
        description:
          'Needs `Authorization: Bearer <token>` of the service. SPEC 5: a position with ' +
          '`accuracy` over 20 m is refused (400 `body.accuracy`); zero coordinates are refused. ' +
          'A finished or cancelled service is a 409 (decision 255).',
        security: APP_KEY_SECURITY,
        params: z.object({ id: ServiceIdSchema }),
        body: LocationUpdateSchema,
        response: {
          200: ServiceSchema,
          ...APP_KEY_ERROR_RESPONSES,
          403: ApiErrorSchema.with(z.describe('The bearer token does not open that service')),
          409: ApiErrorSchema.with(z.describe('The service is finished or cancelled')),
        },
      },
    },
    (request) =>
      updateSituationLocation(
        app.repositories,
        request.headers.authorization,
        request.params.id,
        request.body,
      ),
  );
  done();
};

export default serviceEventsRoutes;

import { ApiErrorSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LastEventIdSchema } from '../../../../../lib/service-event-stream.ts';
import {
  authenticateDispatcher,
  dispatcherTokenOf,
} from '../../../../../services/dispatcher/dispatcher-auth.ts';
import { assertRoomVisible } from '../../../../../services/dispatcher/geotext.ts';
import { streamGeotextRoom } from '../operator/geotext-rooms/room-stream.ts';
import { DISPATCHER_RESPONSES, RoomParamsSchema } from './action-schemas.ts';
import { endWhenSignedOut } from './session-watch.ts';

// A geotext room's answers live at the console (docs/decisions/762): the operator's stream
// (decision 600), opened by EventSource with `?key=` and the dispatcher's `?token=`, and ended
// within seconds once that session is gone (session-watch.ts).

const geotextStreamRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/geotext-rooms/:roomId/events',
    {
      schema: {
        tags: ['dispatcher'],
        summary: "A geotext room's answers as they arrive (Server-Sent Events, resumable)",
        description:
          'Needs `?key=<app key>&token=<dispatcher token>` (EventSource sends no headers). The ' +
          "same events as the operator's stream: `located` or `failed` with the answer as data. " +
          'The stream ends within seconds of a sign-out or an expired session.',
        params: RoomParamsSchema,
        querystring: z.looseObject({ token: z.string().max(256).optional() }),
        headers: z.looseObject({ 'last-event-id': LastEventIdSchema.optional() }),
        response: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...DISPATCHER_RESPONSES,
          503: ApiErrorSchema.with(z.describe('The database cannot be listened to: read the room')),
        },
      },
    },
    async (request, reply) => {
      const token = dispatcherTokenOf(request.headers.authorization, request.query.token);
      const context = await authenticateDispatcher(app.repositories, token, request.log);
      const { roomId } = request.params;
      await assertRoomVisible(app.repositories, context, roomId);
      await streamGeotextRoom(app, request, reply, roomId, request.headers['last-event-id']);
      endWhenSignedOut(reply.raw, app.repositories, token ?? '', request.log);
    },
  );
  done();
};

export default geotextStreamRoutes;

import { ApiErrorSchema, CreateGeotextRoomRequestSchema, GeotextRoomSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorKeyCheck } from '../../../../../../lib/operator-key.ts';
import { ERROR_RESPONSES } from '../../../../../../lib/route-schemas.ts';
import { LastEventIdSchema } from '../../../../../../lib/service-event-stream.ts';
import { createGeotextRoom, readGeotextRoom } from '../../../../../../services/geotext.ts';
import { publicOriginOf } from '../../../../../../lib/public-origin.ts';
import { streamGeotextRoom } from './room-stream.ts';

// SPEC 1 "confirm their location through a text-message link (geotext flow)": the operator's side
// (decision 600). Every call needs `Authorization: Bearer <OPERATOR_API_KEY>`, never the public
// app key: an operator texts customers and reads their positions.

const OPERATOR_SECURITY = [{ operatorKey: [] }];
const OPERATOR_ERROR_RESPONSES = {
  ...ERROR_RESPONSES,
  401: ApiErrorSchema.with(z.describe('Missing or wrong operator key (`Authorization: Bearer`)')),
} as const;
const RoomParamsSchema = z.object({ roomId: z.string().min(1).max(64) });

const operatorGeotextRoomsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.addHook('onRequest', operatorKeyCheck(app.config.operatorApiKey));

  app.post(
    '/',
    {
      schema: {
        tags: ['operator'],
        summary: 'Text a customer a link to confirm their location (geotext room)',
        description:
          'Creates a room for the phone (E.164, e.g. +17875550100), tied to `serviceId` when ' +
          "given (it must exist; a confirmed position becomes that open service's situation), and " +
          'queues the text message with the link on PUBLIC_ORIGIN in the outbox, which the SMS ' +
          'adapter delivers. The link answers for 24 h. Answers the room with its link.',
        security: OPERATOR_SECURITY,
        body: CreateGeotextRoomRequestSchema,
        response: {
          201: GeotextRoomSchema,
          ...OPERATOR_ERROR_RESPONSES,
          404: ApiErrorSchema.with(z.describe('No service has that id (field body.serviceId)')),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createGeotextRoom(app.repositories, request.body, publicOriginOf(app))),
  );

  app.get(
    '/:roomId',
    {
      schema: {
        tags: ['operator'],
        summary: 'A geotext room: its status, link and every answer (positions included)',
        security: OPERATOR_SECURITY,
        params: RoomParamsSchema,
        response: {
          200: GeotextRoomSchema,
          ...OPERATOR_ERROR_RESPONSES,
          404: ApiErrorSchema.with(z.describe('No room has that id')),
        },
      },
    },
    (request) => readGeotextRoom(app.repositories, request.params.roomId, publicOriginOf(app)),
  );

  app.get(
    '/:roomId/events',
    {
      schema: {
        tags: ['operator'],
        summary: "A room's answers as they arrive (Server-Sent Events, resumable)",
        description:
          'Answers `text/event-stream`: every answer after `Last-Event-ID` (all of them without ' +
          "one), then each new one as it is stored. Each message is `id: <n>` (the answer's " +
          'number in the room), `event: located` or `event: failed`, `data: <the answer as JSON>` ' +
          '(`_id`, `roomId`, `success`, `lat`, `lng`, `address`, `createdAt`).',
        security: OPERATOR_SECURITY,
        params: RoomParamsSchema,
        headers: z.looseObject({ 'last-event-id': LastEventIdSchema.optional() }),
        response: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...OPERATOR_ERROR_RESPONSES,
          404: ApiErrorSchema.with(z.describe('No room has that id')),
          503: ApiErrorSchema.with(z.describe('The database cannot be listened to: read the room')),
        },
      },
    },
    async (request, reply) => {
      const { roomId } = request.params;
      await readGeotextRoom(app.repositories, roomId, publicOriginOf(app));
      await streamGeotextRoom(app, request, reply, roomId, request.headers['last-event-id']);
    },
  );
  done();
};

export default operatorGeotextRoomsRoutes;

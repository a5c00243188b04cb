import { ApiErrorSchema, CreateGeotextRoomRequestSchema, GeotextRoomSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOriginOf } from '../../../../../lib/public-origin.ts';
import {
  createConsoleGeotextRoom,
  readConsoleGeotextRoom,
} from '../../../../../services/dispatcher/geotext.ts';
import {
  DISPATCHER_NOTE,
  DISPATCHER_RESPONSES,
  DISPATCHER_SECURITY,
  dispatcherOf,
  RoomParamsSchema,
} from './action-schemas.ts';

// Geotext from the console (docs/decisions/762, decision 600): a dispatcher texts a caller the
// location link and follows the answer. The live answers are `GET /geotext-rooms/{roomId}/events`
// (streams.ts).

const geotextRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const repos = app.repositories;

  app.post(
    '/geotext-rooms',
    {
      schema: {
        tags: ['dispatcher'],
        summary: 'Texts a caller a link to confirm their location (geotext room)',
        description:
          `${DISPATCHER_NOTE} \`serviceId\`, when given, must be a service of the scope (404 on ` +
          '`body.serviceId` otherwise). The room records the dispatcher who created it.',
        security: DISPATCHER_SECURITY,
        body: CreateGeotextRoomRequestSchema,
        response: {
          201: GeotextRoomSchema,
          ...DISPATCHER_RESPONSES,
          404: ApiErrorSchema.with(
            z.describe('No service of the scope has that id (body.serviceId)'),
          ),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createConsoleGeotextRoom(
            repos,
            await dispatcherOf(app, request),
            request.body,
            publicOriginOf(app),
          ),
        ),
  );

  app.get(
    '/geotext-rooms/:roomId',
    {
      schema: {
        tags: ['dispatcher'],
        summary: 'A geotext room: its status, link and answers',
        description: `${DISPATCHER_NOTE} Visible to its creator and to a scope that covers its service.`,
        security: DISPATCHER_SECURITY,
        params: RoomParamsSchema,
        response: { 200: GeotextRoomSchema, ...DISPATCHER_RESPONSES },
      },
    },
    async (request) =>
      readConsoleGeotextRoom(
        repos,
        await dispatcherOf(app, request),
        request.params.roomId,
        publicOriginOf(app),
      ),
  );

  done();
};

export default geotextRoutes;

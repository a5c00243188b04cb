import { BoardDriverSchema, BoardSnapshotSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { readBoardDrivers, readBoardSnapshot } from '../../../../../services/dispatcher/board.ts';
import { dispatcherOf, UNAUTHORIZED_RESPONSE } from './action-schemas.ts';

// The live board once (docs/decisions/762): the open services and drivers of the dispatcher's
// scope. The console keeps it current through the board stream (board-stream-routes.ts); these
// answer a first paint and a manual refresh. Never cached: the board is live.

const BOARD_NOTE =
  'Needs `x-api-key` and `Authorization: Bearer <dispatcher token>`; only what the ' +
  "dispatcher's scope covers.";

const BOARD_RESPONSES = { ...APP_KEY_ERROR_RESPONSES, ...UNAUTHORIZED_RESPONSE } as const;

const boardRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/board',
    {
      schema: {
        tags: ['dispatcher'],
        summary: 'Open services and drivers of the scope, at the database clock',
        description: BOARD_NOTE,
        security: APP_KEY_SECURITY,
        response: { 200: BoardSnapshotSchema, ...BOARD_RESPONSES },
      },
    },
    async (request, reply) => {
      const context = await dispatcherOf(app, request);
      void reply.header('cache-control', 'no-store');
      return readBoardSnapshot(app.repositories, context);
    },
  );

  app.get(
    '/drivers',
    {
      schema: {
        tags: ['dispatcher'],
        summary: "Drivers of the scope's branches, with the trip they work when it is in scope",
        description: BOARD_NOTE,
        security: APP_KEY_SECURITY,
        response: { 200: z.object({ drivers: z.array(BoardDriverSchema) }), ...BOARD_RESPONSES },
      },
    },
    async (request, reply) => {
      const context = await dispatcherOf(app, request);
      void reply.header('cache-control', 'no-store');
      return { drivers: await readBoardDrivers(app.repositories, context) };
    },
  );
  done();
};

export default boardRoutes;

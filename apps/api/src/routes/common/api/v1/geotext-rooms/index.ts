import { ApiErrorSchema, GeotextRoomStateSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { readGeotextRoomState } from '../../../../../services/geotext.ts';

/** SPEC 2 /geotext/landing: whether the texted link still answers, before asking for a position. */
const geotextRoomsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/:roomId',
    {
      schema: {
        tags: ['geotext'],
        summary: 'Whether a location-by-text link still answers (open, answered or expired)',
        description:
          "The customer's link asks before requesting the position (decision 600): `open` " +
          'takes an answer; `answered` (a location was already confirmed) and `expired` send the ' +
          'customer to /geotext/error/roomid. 404 for an unknown room or one sent to another ' +
          'number (the same answer, so rooms cannot be probed).',
        security: APP_KEY_SECURITY,
        params: z.object({ roomId: z.string().min(1).max(64) }),
        querystring: z.object({
          phoneNumber: z.string().regex(/^\d{7,15}$/, 'Expected 7-15 digits'),
        }),
        response: {
          200: GeotextRoomStateSchema,
          ...APP_KEY_ERROR_RESPONSES,
          404: ApiErrorSchema.with(
            z.describe('No room with that id was sent to that phone number'),
          ),
        },
      },
    },
    (request) =>
      readGeotextRoomState(app.repositories, request.params.roomId, request.query.phoneNumber),
  );
  done();
};

export default geotextRoomsRoutes;

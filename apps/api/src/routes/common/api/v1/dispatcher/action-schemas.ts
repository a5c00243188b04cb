import { ApiErrorSchema } from '@auxilio/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import {
  authenticateDispatcher,
  dispatcherTokenOf,
  type DispatcherContext,
} from '../../../../../services/dispatcher/dispatcher-auth.ts';

// What the console's action routes share (docs/decisions/762): the dispatcher of the request, the
// error answers they document, and the id parameters.

export const DISPATCHER_NOTE =
  'Needs `x-api-key` and `Authorization: Bearer <dispatcher token>`. Anything outside the ' +
  "dispatcher's scope answers 404, as an unknown id.";

export const DISPATCHER_SECURITY = APP_KEY_SECURITY;

/** The 401 of every console route but the sign-in. */
export const UNAUTHORIZED_RESPONSE = {
  401: ApiErrorSchema.with(
    z.describe(
      'Missing or wrong app key (`x-api-key`, `?key=` on streams), or a missing, unknown or ' +
        'expired dispatcher token',
    ),
  ),
} as const;

export const DISPATCHER_RESPONSES = {
  ...APP_KEY_ERROR_RESPONSES,
  ...UNAUTHORIZED_RESPONSE,
  404: ApiErrorSchema.with(z.describe("No such id in the dispatcher's scope")),
} as const;

export const CONFLICT_RESPONSE = {
  409: ApiErrorSchema.with(z.describe('The service or driver is not in a state that allows it')),
} as const;

export const ServiceParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const RoomParamsSchema = z.object({ roomId: z.string().min(1).max(64) });

/** The signed-in dispatcher of a request, by its bearer token (401 otherwise). */
export function dispatcherOf(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<DispatcherContext> {
  return authenticateDispatcher(
    app.repositories,
    dispatcherTokenOf(request.headers.authorization, undefined),
    request.log,
  );
}

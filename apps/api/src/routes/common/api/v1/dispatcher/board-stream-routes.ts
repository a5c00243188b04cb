import { ApiErrorSchema } from '@auxilio/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import {
  STREAM_CAP_RETRY_AFTER_SECONDS,
  takeStreamSlot,
} from '../../../../../lib/service-event-stream.ts';
import {
  readBoardDrivers,
  readBoardServices,
  readBoardSnapshot,
} from '../../../../../services/dispatcher/board.ts';
import {
  openBoardStream,
  type BoardReader,
} from '../../../../../services/dispatcher/board-stream.ts';
import {
  authenticateDispatcher,
  dispatcherContextOf,
  dispatcherTokenOf,
  type DispatcherContext,
} from '../../../../../services/dispatcher/dispatcher-auth.ts';
import { hashServiceToken } from '../../../../../services/service-tokens.ts';
import { UNAUTHORIZED_RESPONSE } from './action-schemas.ts';

// The live board's one stream (docs/decisions/762), opened by EventSource with `?key=` (checked
// by streams.ts) and the dispatcher's `?token=`, checked here. What it sends is board-stream.ts.

/** Longest time a stream follows a scope without reading its branches again. */
const SCOPE_REFRESH_MS = 60_000;

const boardStreamRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const repos = app.repositories;

  /**
   * The reads of one stream, in the scope of its dispatcher. The session is looked up by its hash
   * at each check; the scope and the branches it gives are read again when the stored scope changed,
   * and at least every SCOPE_REFRESH_MS (an account may have joined a brand of the scope).
   */
  function readerOf(
    initial: DispatcherContext,
    token: string,
    log: FastifyBaseLogger,
  ): BoardReader {
    let context = initial;
    let refreshedAt = Date.now();
    const tokenHash = hashServiceToken(token);
    return {
      snapshot: () => readBoardSnapshot(repos, context),
      services: (now, ids) => readBoardServices(repos, context, now, ids),
      drivers: () => readBoardDrivers(repos, context),
      stillSignedIn: async () => {
        const dispatcher = await repos.dispatchers.findBySessionHash(tokenHash, new Date());
        if (!dispatcher) return false;
        const scopeChanged =
          JSON.stringify(dispatcher.scope) !== JSON.stringify(context.dispatcher.scope);
        if (scopeChanged || Date.now() - refreshedAt >= SCOPE_REFRESH_MS) {
          context = await dispatcherContextOf(repos, dispatcher, log);
          refreshedAt = Date.now();
        }
        return true;
      },
    };
  }

  app.get(
    '/board/events',
    {
      schema: {
        tags: ['dispatcher'],
        summary: 'The live board: a snapshot, then each change (Server-Sent Events)',
        description:
          'Needs `?key=<app key>&token=<dispatcher token>` (EventSource sends no headers; ' +
          '`Authorization: Bearer` works too). First `event: snapshot` with the board, then ' +
          '`event: service` with a changed board row, or `{_id, removed: true}` when a service ' +
          'closed or left the scope, and `event: driver` with a changed driver (re-read every ' +
          '3 s); a `: heartbeat` comment every 15 s. No resume: a reconnect gets a new snapshot. ' +
          'The stream ends within seconds of a sign-out or an expired session. ' +
          'A dispatcher holds at most STREAM_MAX_PER_TOKEN open streams (default 6); beyond, 429.',
        security: APP_KEY_SECURITY,
        querystring: z.looseObject({
          key: z
            .string()
            .max(256)
            .optional()
            .describe('The app key, when `x-api-key` cannot be sent'),
          token: z
            .string()
            .max(256)
            .optional()
            .describe('The dispatcher token, when no Authorization'),
        }),
        response: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...APP_KEY_ERROR_RESPONSES,
          ...UNAUTHORIZED_RESPONSE,
          429: ApiErrorSchema.with(
            z.describe(
              'RATE_LIMITED: too many requests, or too many open streams; see Retry-After',
            ),
          ),
          503: ApiErrorSchema.with(
            z.describe('The database cannot be listened to: read GET /board instead'),
          ),
        },
      },
    },
    async (request, reply) => {
      const token = dispatcherTokenOf(request.headers.authorization, request.query.token);
      const context = await authenticateDispatcher(repos, token, request.log);
      // The consoles of one dispatcher share the cap of one token (decision 500).
      const slot = await takeStreamSlot(app, request, reply, {
        kind: 'service',
        key: `dispatcher-board:${context.dispatcher.id}`,
        capped: () => `Too many open board streams; retry in ${STREAM_CAP_RETRY_AFTER_SECONDS} s`,
        unavailable: 'Live updates are unavailable; read the board instead',
      });
      reply.hijack();
      try {
        openBoardStream({
          reader: readerOf(context, token ?? '', request.log),
          bus: app.serviceEventsBus,
          raw: reply.raw,
          headers: { 'x-request-id': request.id },
          log: request.log,
          draining: app.draining,
          onClose: () => {
            slot.release();
          },
        });
      } catch (error) {
        // Past hijack() Fastify answers nothing: drop the connection, the client reconnects.
        request.log.error({ err: error }, 'Board stream could not start');
        slot.release();
        reply.raw.destroy();
      }
    },
  );
  done();
};

export default boardStreamRoutes;

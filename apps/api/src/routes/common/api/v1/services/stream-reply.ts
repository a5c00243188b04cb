import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../../../lib/errors.ts';
import { singleFlight } from '../../../../../lib/single-flight.ts';
import type { ServiceEventRecord } from '../../../../../repositories/service-events.ts';
import { openServiceEventStream } from './event-stream.ts';

export interface EventStreamReplyOptions {
  serviceId: string;
  /** Last seq the client has (Last-Event-ID); 0 replays the whole history. */
  afterSeq: number;
  /** Extra response headers besides x-request-id. */
  headers?: Record<string, string>;
  /** What a stream of this kind may see of each event (shared links: no payloads). */
  redact?: (event: ServiceEventRecord) => ServiceEventRecord;
}

/**
 * The one way a route answers with a service's event stream (decisions 221, 481): 503 when the
 * database cannot be listened to (the PWA polls instead), else the stream, whose reads are shared
 * by the streams of one service that wake together.
 */
export function createEventStreamReply(
  app: FastifyInstance,
): (
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamReplyOptions,
) => Promise<void> {
  const listAfter = singleFlight(
    (serviceId: string, afterSeq: number, limit: number) => `${serviceId}:${afterSeq}:${limit}`,
    (serviceId: string, afterSeq: number, limit: number) =>
      app.repositories.serviceEvents.listAfter(serviceId, afterSeq, limit),
  );
  return async (request, reply, { serviceId, afterSeq, headers, redact }) => {
    try {
      await app.serviceEventsBus.ready();
    } catch (error) {
      request.log.error({ err: error }, 'LISTEN failed');
      throw new AppError('UNAVAILABLE', 'Live updates are unavailable; poll instead');
    }
    reply.hijack();
    openServiceEventStream({
      serviceId,
      afterSeq,
      listAfter: redact ? async (...args) => (await listAfter(...args)).map(redact) : listAfter,
      bus: app.serviceEventsBus,
      raw: reply.raw,
      headers: { 'x-request-id': request.id, ...headers },
      log: request.log,
    });
  };
}

/** The credentials of an event stream: the Authorization header, or `?token=` (decision 222). */
export function streamAuthorization(request: FastifyRequest, token: string | undefined) {
  return request.headers.authorization ?? (token === undefined ? undefined : `Bearer ${token}`);
}

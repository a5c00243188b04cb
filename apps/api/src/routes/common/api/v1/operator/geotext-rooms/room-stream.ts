import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  openServiceEventStream,
  parseLastEventId,
  takeStreamSlot,
} from '../../../../../../lib/service-event-stream.ts';
import {
  geotextRoomStreamKey,
  listGeotextStreamEvents,
} from '../../../../../../services/geotext.ts';

// A geotext room's answers as Server-Sent Events (decision 600), for whoever the caller already
// allowed to read the room: the operator's route and the dispatcher's console share it. Every
// answer after `Last-Event-ID`, then each new one as it is stored.

export async function streamGeotextRoom(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  roomId: string,
  lastEventId: string | undefined,
): Promise<void> {
  const key = geotextRoomStreamKey(roomId);
  const slot = await takeStreamSlot(app, request, reply, {
    kind: 'service',
    key,
    capped: () => 'Too many open streams of this room',
    unavailable: 'Live updates are unavailable; read the room instead',
  });
  reply.hijack();
  openServiceEventStream({
    serviceId: key,
    afterSeq: lastEventId === undefined ? 0 : (parseLastEventId(lastEventId) ?? 0),
    listAfter: (_key, afterSeq, limit) =>
      listGeotextStreamEvents(app.repositories, roomId, afterSeq, limit),
    bus: app.serviceEventsBus,
    raw: reply.raw,
    headers: { 'x-request-id': request.id },
    log: request.log,
    draining: app.draining,
    onClose: () => {
      slot.release();
    },
  });
}

import type { CreateGeotextRoomRequest, GeotextRoom } from '@auxilio/domain';
import { isServiceInScope } from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';
import type { NewGeotextRoomRow } from '../../repositories/geotext.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { NewMessageRow } from '../../repositories/messages.ts';
import { createGeotextRoom, readGeotextRoom } from '../geotext.ts';
import { auditLineOf } from './audit.ts';
import type { DispatcherContext } from './dispatcher-auth.ts';

// Geotext from the console (docs/decisions/762, decision 600): a dispatcher sends the
// location-by-text link, for a service of the scope or for a caller with no service yet. The room
// records its creator; it is visible to them and to any dispatcher whose scope covers its service,
// and to nobody else (404, as an unknown room). The room, its text in the outbox and the audit line
// are one transaction; the line names the room, not the caller's phone number (the log is kept for
// good; the room holds the number).

type GeotextRepos = Pick<Repositories, 'auditLog' | 'geotext' | 'messages' | 'services'>;

const unknownRoom = () => new AppError('NOT_FOUND', 'No geotext room has that id');

export async function createConsoleGeotextRoom(
  repos: GeotextRepos,
  context: DispatcherContext,
  request: CreateGeotextRoomRequest,
  origin: string,
): Promise<GeotextRoom> {
  const record =
    request.serviceId === undefined ? undefined : await repos.services.findById(request.serviceId);
  if (
    request.serviceId !== undefined &&
    (!record || !isServiceInScope(context.scope, record.service))
  ) {
    throw new AppError('NOT_FOUND', 'No service has that id', 'body.serviceId');
  }
  let queued: NewMessageRow | undefined;
  const room = await repos.auditLog.appendWith(async (tx) => {
    const inTransaction = {
      // The service was read above; nothing else is read while the transaction is open.
      services: { ...repos.services, findById: () => Promise.resolve(record) },
      geotext: {
        ...repos.geotext,
        createRoom: (row: NewGeotextRoomRow) => repos.geotext.createRoom(row, tx),
      },
      messages: {
        ...repos.messages,
        enqueueOnce: async (message: NewMessageRow) => {
          const isNew = await repos.messages.enqueueOnce(message, tx);
          if (isNew) queued = message;
          return isNew;
        },
      },
    };
    const created = await createGeotextRoom(inTransaction, request, origin, new Date(), {
      createdBy: context.dispatcher.id,
    });
    return {
      result: created,
      line: auditLineOf(context, {
        action: 'geotext_created',
        serviceId: created.serviceId,
        after: { roomId: created._id },
      }),
    };
  });
  // Committed: the delivery worker may send the link now.
  if (queued) repos.messages.announceQueued(queued);
  return room;
}

/** 404 unless the dispatcher created the room or their scope covers its service. */
export async function assertRoomVisible(
  repos: Pick<Repositories, 'geotext' | 'services'>,
  context: DispatcherContext,
  roomId: string,
): Promise<void> {
  const room = await repos.geotext.findRoom(roomId);
  if (!room) throw unknownRoom();
  if (room.createdBy === context.dispatcher.id) return;
  const record = room.serviceId ? await repos.services.findById(room.serviceId) : undefined;
  if (!record || !isServiceInScope(context.scope, record.service)) throw unknownRoom();
}

export async function readConsoleGeotextRoom(
  repos: Pick<Repositories, 'geotext' | 'services'>,
  context: DispatcherContext,
  roomId: string,
  origin: string,
): Promise<GeotextRoom> {
  await assertRoomVisible(repos, context, roomId);
  return readGeotextRoom(repos, roomId, origin);
}

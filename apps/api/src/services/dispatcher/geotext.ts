import type { CreateGeotextRoomRequest, GeotextRoom } from '@auxilio/domain';
import { isServiceInScope } from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import { createGeotextRoom, readGeotextRoom } from '../geotext.ts';
import { auditLineOf } from './audit.ts';
import type { DispatcherContext } from './dispatcher-auth.ts';

// Geotext from the console (docs/decisions/762, decision 600): a dispatcher sends the
// location-by-text link, for a service of the scope or for a caller with no service yet. The room
// records its creator; it is visible to them and to any dispatcher whose scope covers its service,
// and to nobody else (404, as an unknown room).

type GeotextRepos = Pick<Repositories, 'auditLog' | 'geotext' | 'messages' | 'services'>;

const unknownRoom = () => new AppError('NOT_FOUND', 'No geotext room has that id');

export async function createConsoleGeotextRoom(
  repos: GeotextRepos,
  context: DispatcherContext,
  request: CreateGeotextRoomRequest,
  origin: string,
): Promise<GeotextRoom> {
  if (request.serviceId !== undefined) {
    const record = await repos.services.findById(request.serviceId);
    if (!record || !isServiceInScope(context.scope, record.service)) {
      throw new AppError('NOT_FOUND', 'No service has that id', 'body.serviceId');
    }
  }
  const room = await createGeotextRoom(repos, request, origin, new Date(), {
    createdBy: context.dispatcher.id,
  });
  await repos.auditLog.append(
    auditLineOf(context, {
      action: 'geotext_created',
      serviceId: room.serviceId,
      after: { roomId: room._id, phoneNumber: room.phoneNumber },
    }),
  );
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

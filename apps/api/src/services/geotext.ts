import { randomBytes, randomUUID } from 'node:crypto';
import {
  buildGeotextLink,
  buildGeotextMessage,
  GEOTEXT_ROOM_TTL_MS,
  geotextRoomStatus,
  isValidCoordinate,
  type CreateGeotextRoomRequest,
  type GeotextAnswer,
  type GeotextResponse,
  type GeotextResponseRequest,
  type GeotextRoom,
  type GeotextRoomState,
} from '@auxilio/domain';
import { AppError } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import {
  GeotextRoomAnsweredError,
  geotextRoomStreamKey,
  type GeotextResponseRow,
  type GeotextRoomRow,
} from '../repositories/geotext.ts';
import type { ServiceEventRecord } from '../repositories/service-events.ts';

// SPEC 1 "confirm their location through a text-message link (geotext flow)"; SPEC 7 POST
// /api/v1/geotext-responses {lat, lng, address, roomId, phoneNumber, success}; SPEC 8 "Geotext
// location error: Failed response sent to the server". Decisions 413 and 600.

type Repos = Pick<Repositories, 'geotext' | 'services' | 'messages'>;

/** The key of a room's answer stream (its operator follows it live). */
export { geotextRoomStreamKey };

/** The same 404 for an unknown room and a room sent to another number, so rooms cannot be probed. */
function unknownRoom(field: 'body.roomId' | 'params.roomId' = 'body.roomId'): AppError {
  return new AppError(
    'NOT_FOUND',
    'No geotext room with that id was sent to that phone number',
    field,
  );
}

function sentTo(room: GeotextRoomRow, phoneDigits: string): boolean {
  return room.phoneNumber.replace(/\D/g, '') === phoneDigits;
}

function toAnswer(row: GeotextResponseRow): GeotextAnswer {
  return {
    _id: row.id,
    success: row.success,
    lat: row.lat,
    lng: row.lng,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A room as the operator reads it (decision 600). */
export function toGeotextRoom(
  room: GeotextRoomRow,
  answers: readonly GeotextResponseRow[],
  origin: string,
  now: Date = new Date(),
): GeotextRoom {
  return {
    _id: room.id,
    phoneNumber: room.phoneNumber,
    serviceId: room.serviceId,
    status: geotextRoomStatus(room, answers, now),
    link: buildGeotextLink(origin, room.id, room.phoneNumber),
    createdAt: room.createdAt.toISOString(),
    expiresAt: room.expiresAt.toISOString(),
    answers: answers.map(toAnswer),
  };
}

/**
 * The room's answers after the first `afterSeq`, as events of its stream (decision 600): `located`
 * or `failed`, numbered from 1 in the order they came, with the answer as payload.
 */
export async function listGeotextStreamEvents(
  repos: Pick<Repositories, 'geotext'>,
  roomId: string,
  afterSeq: number,
  limit: number,
): Promise<ServiceEventRecord[]> {
  const numbered = await repos.geotext.listResponsesAfter(roomId, afterSeq, limit);
  return numbered.map(({ seq, response }) => ({
    id: seq,
    serviceId: geotextRoomStreamKey(roomId),
    seq,
    type: response.success ? 'located' : 'failed',
    payload: { ...toAnswer(response), roomId },
    createdAt: response.createdAt,
  }));
}

/**
 * The operator, or a dispatcher at the console (`createdBy`, docs/decisions/762), sends a
 * location-by-text link (decision 600): a room for the phone, tied to the service when one is
 * named (it must exist), and the text message with the link queued in the outbox, which the SMS
 * adapter delivers (decision 440).
 */
export async function createGeotextRoom(
  repos: Repos,
  request: CreateGeotextRoomRequest,
  origin: string,
  now: Date = new Date(),
  options: { createdBy?: string } = {},
): Promise<GeotextRoom> {
  if (request.serviceId !== undefined && !(await repos.services.findById(request.serviceId))) {
    throw new AppError('NOT_FOUND', 'No service has that id', 'body.serviceId');
  }
  // 128 random bits: the link is the customer's only credential besides the phone number.
  const room = await repos.geotext.createRoom({
    id: randomBytes(16).toString('base64url'),
    phoneNumber: request.phoneNumber,
    serviceId: request.serviceId ?? null,
    createdBy: options.createdBy ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + GEOTEXT_ROOM_TTL_MS),
  });
  const answer = toGeotextRoom(room, [], origin, now);
  await repos.messages.enqueueOnce({
    id: `geotext-${room.id}`,
    serviceId: room.serviceId,
    kind: 'sms',
    direction: 'outbound',
    to: room.phoneNumber,
    body: buildGeotextMessage(answer.link),
  });
  return answer;
}

/** The operator reads a room and its answers; an unknown id is a 404. */
export async function readGeotextRoom(
  repos: Pick<Repositories, 'geotext'>,
  roomId: string,
  origin: string,
): Promise<GeotextRoom> {
  const room = await repos.geotext.findRoom(roomId);
  if (!room) throw new AppError('NOT_FOUND', 'No geotext room has that id');
  return toGeotextRoom(room, await repos.geotext.listResponses(room.id), origin);
}

/**
 * What the customer's link learns before asking for the position (SPEC 2 /geotext/error/roomid):
 * whether the room still answers. Only with the phone number the link was sent to.
 */
export async function readGeotextRoomState(
  repos: Pick<Repositories, 'geotext'>,
  roomId: string,
  phoneDigits: string,
  now: Date = new Date(),
): Promise<GeotextRoomState> {
  const room = await repos.geotext.findRoom(roomId);
  if (!room || !sentTo(room, phoneDigits)) throw unknownRoom('params.roomId');
  const answers = await repos.geotext.listResponses(room.id);
  return { roomId: room.id, status: geotextRoomStatus(room, answers, now) };
}

/**
 * Stores the customer's answer to a geotext link. The room must exist and have been sent to that
 * phone number (404 naming `body.roomId` otherwise, the same answer for both, so rooms cannot be
 * probed), must not have expired (409), and must not have a confirmed position yet (409: the
 * first one stays, decision 600). A successful answer needs non-zero coordinates (SPEC 5) and,
 * when the room belongs to an open service, becomes that service's situation.
 */
export async function recordGeotextResponse(
  repos: Pick<Repositories, 'geotext' | 'services'>,
  request: GeotextResponseRequest,
  now: Date = new Date(),
): Promise<GeotextResponse> {
  const room = await repos.geotext.findRoom(request.roomId);
  if (!room || !sentTo(room, request.phoneNumber)) throw unknownRoom();
  if (room.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('CONFLICT', 'This geotext link has expired');
  }
  if (request.success && !isValidCoordinate({ lat: request.lat ?? 0, lng: request.lng ?? 0 })) {
    throw new AppError('BAD_REQUEST', 'Coordinates must both be non-zero', 'body.lat');
  }
  try {
    const { response } = await repos.services.recordGeotextResponse(
      {
        id: randomUUID(),
        roomId: room.id,
        lat: request.lat,
        lng: request.lng,
        address: request.address,
        phoneNumber: request.phoneNumber,
        success: request.success,
        createdAt: now,
      },
      room,
    );
    return {
      _id: response.id,
      roomId: response.roomId,
      success: response.success,
      createdAt: response.createdAt.toISOString(),
    };
  } catch (error) {
    if (error instanceof GeotextRoomAnsweredError) {
      throw new AppError('CONFLICT', 'This geotext link already has a confirmed location');
    }
    throw error;
  }
}

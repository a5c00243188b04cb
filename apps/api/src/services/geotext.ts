import { randomUUID } from 'node:crypto';
import {
  isValidCoordinate,
  type GeotextResponse,
  type GeotextResponseRequest,
} from '@auxilio/domain';
import { AppError } from '../lib/errors.ts';
import type { GeotextRepository } from '../repositories/geotext.ts';

// SPEC 7 POST /api/v1/geotext-responses {lat, lng, address, roomId, phoneNumber, success}; SPEC 8
// "Geotext location error: Failed response sent to the server". Decision 413.

/**
 * Stores the customer's answer to a geotext link. The room must exist and have been sent to that
 * phone number (404 naming `body.roomId` otherwise, the same answer for both, so rooms cannot be
 * probed) and must not have expired (409). A successful answer needs non-zero coordinates (SPEC 5)
 * and, when the room belongs to an open service, becomes that service's situation.
 */
export async function recordGeotextResponse(
  geotext: GeotextRepository,
  request: GeotextResponseRequest,
  now: Date = new Date(),
): Promise<GeotextResponse> {
  const room = await geotext.findRoom(request.roomId);
  if (!room || room.phoneNumber.replace(/\D/g, '') !== request.phoneNumber) {
    throw new AppError(
      'NOT_FOUND',
      'No geotext room with that id was sent to that phone number',
      'body.roomId',
    );
  }
  if (room.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('CONFLICT', 'This geotext link has expired');
  }
  if (request.success && !isValidCoordinate({ lat: request.lat ?? 0, lng: request.lng ?? 0 })) {
    throw new AppError('BAD_REQUEST', 'Coordinates must both be non-zero', 'body.lat');
  }
  const { response } = await geotext.recordResponse(
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
}

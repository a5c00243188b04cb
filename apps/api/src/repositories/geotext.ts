import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { geotextResponses, geotextRooms, services } from '../db/schema.ts';
import { appendServiceEvent } from './service-events.ts';

export type GeotextRoomRow = typeof geotextRooms.$inferSelect;
export type GeotextResponseRow = typeof geotextResponses.$inferSelect;
export type NewGeotextResponseRow = typeof geotextResponses.$inferInsert;

/** Service statuses whose situation no longer moves (as for the location update, decision 255). */
const CLOSED_STATUSES = ['Finished', 'Pending Audit', 'Cancelled', 'Void'];

/** The location-by-text flow's rooms and responses (decision 413). */
export interface GeotextRepository {
  findRoom(roomId: string): Promise<GeotextRoomRow | undefined>;
  /**
   * Stores the response and, when it succeeded and the room belongs to an open service, moves the
   * service's situation there with a `location` event: all in one transaction. `movedService`
   * says whether the service moved.
   */
  recordResponse(
    response: NewGeotextResponseRow,
    room: GeotextRoomRow,
  ): Promise<{ response: GeotextResponseRow; movedService: boolean }>;
}

export function createGeotextRepository(db: Db): GeotextRepository {
  return {
    findRoom: async (roomId) =>
      (await db.select().from(geotextRooms).where(eq(geotextRooms.id, roomId)).limit(1))[0],

    recordResponse: (response, room) =>
      db.transaction(async (tx) => {
        const [stored] = await tx.insert(geotextResponses).values(response).returning();
        if (!stored) throw new Error(`geotext response ${response.id} returned no row`);
        const { lat, lng } = stored;
        if (!stored.success || lat === null || lng === null || !room.serviceId) {
          return { response: stored, movedService: false };
        }
        const [service] = await tx
          .select({ id: services.id, status: services.status })
          .from(services)
          .where(eq(services.id, room.serviceId))
          .for('update')
          .limit(1);
        if (!service || CLOSED_STATUSES.includes(service.status)) {
          return { response: stored, movedService: false };
        }
        const address = stored.address ?? '';
        await tx
          .update(services)
          .set({
            situationLat: lat,
            situationLng: lng,
            situationAddress: address,
            situationPrettyAddress: address,
            situationAccuracy: null,
            locationPermission: 'GRANTED',
            updatedAt: new Date(),
          })
          .where(eq(services.id, service.id));
        await appendServiceEvent(tx, service.id, 'location', {
          lat,
          lng,
          address,
          accuracy: null,
          source: 'geotext',
          at: stored.createdAt.toISOString(),
        });
        return { response: stored, movedService: true };
      }),
  };
}

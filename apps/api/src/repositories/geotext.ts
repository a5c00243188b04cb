import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { geotextResponses, geotextRooms } from '../db/schema.ts';
import { SERVICE_EVENTS_CHANNEL } from './service-events.ts';

// The location-by-text flow's rooms and responses (decisions 413, 600). A successful response moves
// the situation of the room's service: the services repository writes both
// (`recordGeotextResponse`), calling the functions below inside its transaction.

export type GeotextRoomRow = typeof geotextRooms.$inferSelect;
export type NewGeotextRoomRow = typeof geotextRooms.$inferInsert;
export type GeotextResponseRow = typeof geotextResponses.$inferSelect;
export type NewGeotextResponseRow = typeof geotextResponses.$inferInsert;

/** A response with its place in the room's history (1 for the first): the stream's event id. */
export interface NumberedGeotextResponse {
  seq: number;
  response: GeotextResponseRow;
}

/**
 * Key of a room on the event bus. Rooms have no service events; their wake-ups share the service
 * events' channel under a key no service id can take (ids never contain '/').
 */
export function geotextRoomStreamKey(roomId: string): string {
  return `geotext-room/${roomId}`;
}

/** A room's answers, oldest first (the first successful one is the one that counts). */
async function responsesOf(db: Db, roomId: string): Promise<GeotextResponseRow[]> {
  return db
    .select()
    .from(geotextResponses)
    .where(eq(geotextResponses.roomId, roomId))
    .orderBy(asc(geotextResponses.createdAt), asc(geotextResponses.id));
}

/** The room already has a confirmed position (decision 600): nothing was stored. */
export class GeotextRoomAnsweredError extends Error {
  override name = 'GeotextRoomAnsweredError';
  constructor(roomId: string) {
    super(`geotext room ${roomId} already has a confirmed position`);
  }
}

export interface GeotextRepository {
  findRoom(roomId: string): Promise<GeotextRoomRow | undefined>;
  /** Stores a new room, inside the caller's transaction when `tx` is given. */
  createRoom(room: NewGeotextRoomRow, tx?: Db): Promise<GeotextRoomRow>;
  /** The room's answers, oldest first. */
  listResponses(roomId: string): Promise<GeotextResponseRow[]>;
  /** The answers after the first `afterSeq`, numbered from 1 (the room's event stream). */
  listResponsesAfter(
    roomId: string,
    afterSeq: number,
    limit: number,
  ): Promise<NumberedGeotextResponse[]>;
}

/**
 * Inside `tx`: locks the room (so two answers at the same moment are taken one after the other)
 * and answers its responses so far.
 */
export async function lockRoomResponses(tx: Db, roomId: string): Promise<GeotextResponseRow[]> {
  await tx.execute(sql`select ${geotextRooms.id} from ${geotextRooms}
    where ${geotextRooms.id} = ${roomId} for update`);
  return responsesOf(tx, roomId);
}

/**
 * Stores a response inside `tx`, then notifies the room's stream (delivered on commit only, like
 * the service events, decision 220), and answers the stored row with its number in the room.
 */
export async function insertGeotextResponse(
  tx: Db,
  response: NewGeotextResponseRow,
  seq: number,
): Promise<GeotextResponseRow> {
  const [stored] = await tx.insert(geotextResponses).values(response).returning();
  if (!stored) throw new Error(`geotext response ${response.id} returned no row`);
  const key = geotextRoomStreamKey(stored.roomId);
  await tx.execute(sql`select pg_notify(${SERVICE_EVENTS_CHANNEL}, ${`${key}:${seq}`})`);
  return stored;
}

export function createGeotextRepository(db: Db): GeotextRepository {
  return {
    findRoom: async (roomId) =>
      (await db.select().from(geotextRooms).where(eq(geotextRooms.id, roomId)).limit(1))[0],
    createRoom: async (room, tx = db) => {
      const [stored] = await tx.insert(geotextRooms).values(room).returning();
      if (!stored) throw new Error(`geotext room ${room.id} returned no row`);
      return stored;
    },
    listResponses: (roomId) => responsesOf(db, roomId),
    listResponsesAfter: async (roomId, afterSeq, limit) => {
      const rows = await db
        .select()
        .from(geotextResponses)
        .where(eq(geotextResponses.roomId, roomId))
        .orderBy(asc(geotextResponses.createdAt), asc(geotextResponses.id))
        .offset(afterSeq)
        .limit(limit);
      return rows.map((response, index) => ({ seq: afterSeq + index + 1, response }));
    },
  };
}

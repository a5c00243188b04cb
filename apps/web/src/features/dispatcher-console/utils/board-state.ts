import {
  BoardDriverSchema,
  BoardServiceRemovedSchema,
  BoardServiceSchema,
  BoardSnapshotSchema,
  type BoardDriver,
  type BoardService,
} from '@auxilio/domain';

// The live board as the console holds it (docs/decisions/762): the stream's `snapshot` replaces it
// whole (every reconnect starts with one, so nothing missed while away survives), then each
// `service` and `driver` event replaces or removes one row. An event that does not parse is
// ignored: the next snapshot repairs the board.

export interface BoardState {
  /** The server's clock minus this browser's when the snapshot arrived, in ms. */
  clockOffsetMs: number;
  services: BoardService[];
  drivers: BoardDriver[];
}

/** The board from a `snapshot` event's data, or null when it does not parse. */
export function boardFromSnapshot(data: unknown, receivedAt: number): BoardState | null {
  const parsed = BoardSnapshotSchema.safeParse(data);
  if (!parsed.success) return null;
  const serverTime = Date.parse(parsed.data.serverTime);
  return {
    clockOffsetMs: Number.isNaN(serverTime) ? 0 : serverTime - receivedAt,
    services: sortServices(parsed.data.services),
    drivers: sortDrivers(parsed.data.drivers),
  };
}

/** The board after a `service` event: the row replaced or added, or removed when it left. */
export function applyServiceEvent(board: BoardState, data: unknown): BoardState {
  const removed = BoardServiceRemovedSchema.safeParse(data);
  if (removed.success) {
    return { ...board, services: board.services.filter((row) => row._id !== removed.data._id) };
  }
  const row = BoardServiceSchema.safeParse(data);
  if (!row.success) return board;
  const others = board.services.filter((service) => service._id !== row.data._id);
  return { ...board, services: sortServices([...others, row.data]) };
}

/** The board after a `driver` event: that driver replaced or added. */
export function applyDriverEvent(board: BoardState, data: unknown): BoardState {
  const driver = BoardDriverSchema.safeParse(data);
  if (!driver.success) return board;
  const others = board.drivers.filter((row) => row.id !== driver.data.id);
  return { ...board, drivers: sortDrivers([...others, driver.data]) };
}

/** Oldest request first: the one waiting longest is at the top. */
function sortServices(services: readonly BoardService[]): BoardService[] {
  return [...services].sort(
    (a, b) =>
      Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.serviceNumber - b.serviceNumber,
  );
}

/** Online drivers first, then by name. */
function sortDrivers(drivers: readonly BoardDriver[]): BoardDriver[] {
  return [...drivers].sort(
    (a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name),
  );
}

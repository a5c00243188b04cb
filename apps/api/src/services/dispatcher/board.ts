import {
  boardBreachesOf,
  boardStageOf,
  isServiceInScope,
  parseTripStatus,
  ServiceCategorySchema,
  type BoardDriver,
  type BoardService,
  type BoardSnapshot,
} from '@auxilio/domain';
import type { BoardDriverRecord, BoardServiceRecord } from '../../repositories/dispatcher-board.ts';
import type { Repositories } from '../../repositories/index.ts';
import { servicesInScope, type DispatcherContext } from './dispatcher-auth.ts';

// What the dispatcher's board shows (docs/decisions/762): open services as rows with their stage
// and breached targets (domain rules), and drivers with the trip they work when that trip is in the
// dispatcher's scope.

type BoardRepos = Pick<Repositories, 'dispatcherBoard' | 'dispatch'>;

export function toBoardService(record: BoardServiceRecord, now: Date): BoardService | undefined {
  const tripStatus = parseTripStatus(record.tripStatus) ?? null;
  const stage = boardStageOf({
    status: record.status,
    tripStatus,
    driverId: record.driverId,
    hasPendingOffer: record.offeredToId !== null,
    dispatchAttempts: record.dispatchAttempts,
  });
  if (!stage) return undefined;
  const createdAt = record.createdAt.toISOString();
  const schedule = record.schedule?.toISOString() ?? null;
  const etaSeconds = record.driverEtaSeconds;
  const category = ServiceCategorySchema.safeParse(record.serviceType);
  return {
    _id: record.id,
    serviceNumber: record.serviceNumber,
    accountId: record.accountId,
    brand: record.brand,
    branch: record.branch,
    situation: record.situation,
    serviceType: category.success ? category.data : 'road',
    stage,
    status: record.status,
    tripStatus,
    createdAt,
    schedule,
    etaSeconds,
    address: record.situationPrettyAddress ?? record.situationAddress,
    location:
      record.situationLat === null || record.situationLng === null
        ? null
        : { lat: record.situationLat, lng: record.situationLng },
    driver:
      record.driverId === null ? null : { id: record.driverId, name: record.driverName ?? '' },
    offeredTo:
      record.offeredToId === null
        ? null
        : { id: record.offeredToId, name: record.offeredToName ?? '' },
    breaches: boardBreachesOf({ stage, createdAt, schedule, etaSeconds }, now),
    updatedAt: now.toISOString(),
  };
}

export function toBoardDriver(context: DispatcherContext, record: BoardDriverRecord): BoardDriver {
  const serviceVisible =
    record.serviceId !== null &&
    record.serviceAccountId !== null &&
    record.serviceBranch !== null &&
    isServiceInScope(context.scope, {
      accountId: record.serviceAccountId,
      brand: record.serviceBrand,
      branch: record.serviceBranch,
    });
  return {
    id: record.id,
    name: record.name,
    branch: record.branch,
    vehicleType: record.vehicleType,
    online: record.online,
    status: record.status,
    currentService:
      serviceVisible && record.serviceId !== null && record.serviceNumber !== null
        ? { _id: record.serviceId, serviceNumber: record.serviceNumber }
        : null,
    busyElsewhere: record.serviceId !== null && !serviceVisible,
    position:
      record.lastLat === null || record.lastLng === null
        ? null
        : { lat: record.lastLat, lng: record.lastLng },
    lastSeenAt: record.lastSeenAt?.toISOString() ?? null,
  };
}

/** Open services of the scope as board rows; only those of `ids` when given. */
export async function readBoardServices(
  repos: BoardRepos,
  context: DispatcherContext,
  now: Date,
  ids?: readonly string[],
): Promise<BoardService[]> {
  const records = await repos.dispatcherBoard.listServices(servicesInScope(context.scope), ids);
  return records.flatMap((record) => toBoardService(record, now) ?? []);
}

export async function readBoardDrivers(
  repos: BoardRepos,
  context: DispatcherContext,
): Promise<BoardDriver[]> {
  const records = await repos.dispatcherBoard.listDrivers(context.driverBranches);
  return records.map((record) => toBoardDriver(context, record));
}

/** Everything the board shows, at the database's clock. */
export async function readBoardSnapshot(
  repos: BoardRepos,
  context: DispatcherContext,
): Promise<BoardSnapshot> {
  const now = await repos.dispatch.databaseNow();
  const [services, drivers] = await Promise.all([
    readBoardServices(repos, context, now),
    readBoardDrivers(repos, context),
  ]);
  return { serverTime: now.toISOString(), services, drivers };
}

import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { drivers, services } from '../db/schema.ts';
import { appendServiceEvent, type ServiceEventRecord } from './service-events.ts';
import type { NewServiceEvent, NewServiceRow, ServiceRow } from './services.ts';

export type DriverRow = typeof drivers.$inferSelect;
export type DriverPatch = Partial<
  Pick<
    DriverRow,
    'status' | 'pendingSituation' | 'lastLat' | 'lastLng' | 'lastHeading' | 'lastAccuracy'
  >
> & { lastSeenAt?: Date };

/** What a dispatch step decided: the service change, its history events and a driver change. */
export interface DispatchPlan {
  servicePatch: Partial<NewServiceRow>;
  /** Appended in order in the same transaction (decision 3: every change is in the history). */
  events: NewServiceEvent[];
  driver?: { id: string; patch: DriverPatch };
}

export interface DispatchOutcome {
  service: ServiceRow;
  events: ServiceEventRecord[];
}

export interface DriversRepository {
  listAll(): Promise<DriverRow[]>;
  findById(id: string): Promise<DriverRow | undefined>;
  findByTokenHash(tokenHash: string): Promise<DriverRow | undefined>;
  /** Available drivers of a branch that have reported a position (suggestion candidates). */
  listAvailableWithPosition(branch: string): Promise<DriverRow[]>;
  setTokenHash(id: string, tokenHash: string): Promise<boolean>;
  updateDriver(id: string, patch: DriverPatch): Promise<void>;
  /** Active services whose driver is set (the simulator's work list). */
  listAssignedActive(): Promise<ServiceRow[]>;
  /**
   * Frees busy drivers whose service was cancelled or voided under them and who have no other
   * Active service; returns their ids.
   */
  /** The driver's current Active service, if any. */
  findActiveServiceOf(driverId: string): Promise<ServiceRow | undefined>;
  /**
   * True when an Active service of this driver has `tokenHash` as its bearer token hash (decision
   * 415). Found through services_driver_id_idx, among that driver's services.
   */
  isServingTokenHash(driverId: string, tokenHash: string): Promise<boolean>;
  /**
   * Takes the oldest Queued service without a driver (FOR UPDATE SKIP LOCKED, so two dispatchers
   * never take the same one), lets `pick` choose among the branch's available drivers (also locked,
   * skipping locked ones) and applies the plan in one transaction. Undefined when nothing was queued
   * or `pick` returned undefined.
   */
  assignNextQueued(
    pick: (service: ServiceRow, candidates: DriverRow[]) => DispatchPlan | undefined,
  ): Promise<DispatchOutcome | undefined>;
  /**
   * Locks a service and applies `decide`'s plan (service patch, events, driver patch) in one
   * transaction. Undefined when there is no such service; `keep` writes nothing.
   */
  changeService(
    serviceId: string,
    decide: (service: ServiceRow) => DispatchPlan | 'keep',
  ): Promise<DispatchOutcome | undefined>;
}

async function applyPlan(
  tx: Db,
  service: ServiceRow,
  plan: DispatchPlan,
): Promise<DispatchOutcome> {
  const [updated] = await tx
    .update(services)
    .set({ ...plan.servicePatch, updatedAt: new Date() })
    .where(eq(services.id, service.id))
    .returning();
  if (!updated) throw new Error(`service ${service.id} update returned no row`);
  if (plan.driver) {
    await tx.update(drivers).set(plan.driver.patch).where(eq(drivers.id, plan.driver.id));
  }
  const events: ServiceEventRecord[] = [];
  for (const event of plan.events) {
    events.push(await appendServiceEvent(tx, service.id, event.type, event.payload));
  }
  return { service: updated, events };
}

export function createDriversRepository(db: Db): DriversRepository {
  return {
    listAll: () => db.select().from(drivers).orderBy(asc(drivers.branch), asc(drivers.id)),

    findById: async (id) => (await db.select().from(drivers).where(eq(drivers.id, id)).limit(1))[0],

    findByTokenHash: async (tokenHash) =>
      (await db.select().from(drivers).where(eq(drivers.tokenHash, tokenHash)).limit(1))[0],

    listAvailableWithPosition: (branch) =>
      db
        .select()
        .from(drivers)
        .where(
          and(
            eq(drivers.branch, branch),
            eq(drivers.status, 'available'),
            isNotNull(drivers.lastLat),
            isNotNull(drivers.lastLng),
          ),
        ),

    setTokenHash: async (id, tokenHash) => {
      const rows = await db
        .update(drivers)
        .set({ tokenHash })
        .where(eq(drivers.id, id))
        .returning({ id: drivers.id });
      return rows.length > 0;
    },

    updateDriver: async (id, patch) => {
      await db.update(drivers).set(patch).where(eq(drivers.id, id));
    },

    listAssignedActive: () =>
      db
        .select()
        .from(services)
        .where(and(eq(services.status, 'Active'), isNotNull(services.driverId)))
        .orderBy(asc(services.createdAt)),

    findActiveServiceOf: async (driverId) =>
      (
        await db
          .select()
          .from(services)
          .where(and(eq(services.driverId, driverId), eq(services.status, 'Active')))
          .orderBy(asc(services.createdAt))
          .limit(1)
      )[0],

    isServingTokenHash: async (driverId, tokenHash) => {
      const rows = await db
        .select({ id: services.id })
        .from(services)
        .where(
          and(
            eq(services.driverId, driverId),
            eq(services.status, 'Active'),
            eq(services.tokenHash, tokenHash),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    assignNextQueued: (pick) =>
      db.transaction(async (tx) => {
        const [service] = await tx
          .select()
          .from(services)
          .where(
            and(
              eq(services.status, 'Queued'),
              isNull(services.driverId),
              isNull(services.schedule),
              isNotNull(services.situationLat),
              isNotNull(services.situationLng),
            ),
          )
          .orderBy(asc(services.createdAt))
          .for('update', { skipLocked: true })
          .limit(1);
        if (!service) return undefined;
        const candidates = await tx
          .select()
          .from(drivers)
          .where(
            and(
              eq(drivers.branch, service.branch),
              eq(drivers.status, 'available'),
              isNotNull(drivers.lastLat),
              isNotNull(drivers.lastLng),
            ),
          )
          .for('update', { skipLocked: true });
        const plan = pick(service, candidates);
        if (!plan) return undefined;
        if (plan.driver && !candidates.some((d) => d.id === plan.driver?.id)) {
          throw new Error(`driver ${plan.driver.id} was not a locked candidate`);
        }
        return applyPlan(tx, service, plan);
      }),

    changeService: (serviceId, decide) =>
      db.transaction(async (tx) => {
        const [service] = await tx
          .select()
          .from(services)
          .where(eq(services.id, serviceId))
          .for('update')
          .limit(1);
        if (!service) return undefined;
        const plan = decide(service);
        if (plan === 'keep') return { service, events: [] };
        return applyPlan(tx, service, plan);
      }),
  };
}

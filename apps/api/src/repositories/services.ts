import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contracts, drivers, idempotencyRecords, services } from '../db/schema.ts';
import {
  appendServiceEvent,
  type ServiceEventRecord,
  type ServiceEventType,
} from './service-events.ts';

export type ServiceRow = typeof services.$inferSelect;
export type NewServiceRow = typeof services.$inferInsert;
export type ServiceDriverRow = typeof drivers.$inferSelect;

/** A service with its assigned driver (null until one is assigned). */
export interface ServiceRecord {
  service: ServiceRow;
  driver: ServiceDriverRow | null;
}

export interface NewServiceEvent {
  type: ServiceEventType;
  payload: Record<string, unknown>;
}

export interface CreateServiceInput<R> {
  /** Idempotency key (ARCHITECTURE decision 10: derived from the id the PWA generated). */
  key: string;
  scope: string;
  /** sha-256 hex of the canonical request body. */
  requestHash: string;
  statusCode: number;
  /** The row to insert; `serviceNumber` comes from the identity sequence. */
  row: Omit<NewServiceRow, 'serviceNumber'>;
  event: NewServiceEvent;
  /** Builds the stored answer from what the insert produced. */
  respond: (created: { serviceNumber: number; event: ServiceEventRecord }) => R;
}

export type CreateServiceOutcome<R> =
  | { kind: 'created'; statusCode: number; response: R }
  | { kind: 'existing'; requestHash: string; statusCode: number; response: unknown }
  /** A service with that id exists without a creation record (made by another path). */
  | { kind: 'taken' };

/** Thrown inside the creation transaction to undo the key claim when the id is already a service. */
class ServiceIdTakenError extends Error {}

export interface ServicesRepository {
  /**
   * Creates the service, its first event and the idempotency record in one transaction (decision
   * 200). When the key is already taken (a retry, or a concurrent duplicate that won), nothing is
   * written and the stored record is returned for the caller to compare.
   */
  createIdempotent<R>(input: CreateServiceInput<R>): Promise<CreateServiceOutcome<R>>;
  findById(id: string): Promise<ServiceRecord | undefined>;
  /** sha-256 hex of the service's bearer token, or undefined when there is no such service. */
  findTokenHash(id: string): Promise<string | undefined>;
}

export function createServicesRepository(db: Db): ServicesRepository {
  return {
    createIdempotent: async <R>(input: CreateServiceInput<R>): Promise<CreateServiceOutcome<R>> => {
      const created = await db
        .transaction(async (tx) => {
          // Claim the key first: a concurrent duplicate waits here on PostgreSQL until this
          // transaction ends, then finds the key taken and reads the stored answer.
          const claimed = await tx
            .insert(idempotencyRecords)
            .values({
              key: input.key,
              scope: input.scope,
              requestHash: input.requestHash,
              statusCode: input.statusCode,
              response: null,
            })
            .onConflictDoNothing()
            .returning({ key: idempotencyRecords.key });
          if (claimed.length === 0) return undefined;

          // The contract id the PWA sent is kept as a snapshot; the foreign key only when it exists.
          const contractId = input.row.contractId
            ? ((
                await tx
                  .select({ id: contracts.id })
                  .from(contracts)
                  .where(eq(contracts.id, input.row.contractId))
                  .limit(1)
              )[0]?.id ?? null)
            : null;
          const [inserted] = await tx
            .insert(services)
            .values({ ...input.row, contractId })
            .onConflictDoNothing({ target: services.id })
            .returning({ id: services.id, serviceNumber: services.serviceNumber });
          // The id is taken by a service created another way: undo the claim.
          if (!inserted) throw new ServiceIdTakenError(input.key);
          const event = await appendServiceEvent(
            tx,
            inserted.id,
            input.event.type,
            input.event.payload,
          );
          const response = input.respond({ serviceNumber: inserted.serviceNumber, event });
          await tx
            .update(idempotencyRecords)
            .set({ response })
            .where(eq(idempotencyRecords.key, input.key));
          return { response };
        })
        .catch((error: unknown) => {
          if (error instanceof ServiceIdTakenError) return 'taken' as const;
          throw error;
        });
      if (created === 'taken') return { kind: 'taken' };
      if (created !== undefined) {
        return { kind: 'created', statusCode: input.statusCode, response: created.response };
      }
      const [record] = await db
        .select()
        .from(idempotencyRecords)
        .where(eq(idempotencyRecords.key, input.key))
        .limit(1);
      if (!record) throw new Error(`idempotency record ${input.key} vanished`);
      return {
        kind: 'existing',
        requestHash: record.requestHash,
        statusCode: record.statusCode,
        response: record.response,
      };
    },

    findById: async (id) => {
      const [row] = await db
        .select({ service: services, driver: drivers })
        .from(services)
        .leftJoin(drivers, eq(drivers.id, services.driverId))
        .where(eq(services.id, id))
        .limit(1);
      return row;
    },

    findTokenHash: async (id) => {
      const [row] = await db
        .select({ tokenHash: services.tokenHash })
        .from(services)
        .where(eq(services.id, id))
        .limit(1);
      return row?.tokenHash;
    },
  };
}

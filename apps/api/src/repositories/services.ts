import type {
  CreatedEventData,
  ServiceHistoryEvent,
  SurveyEventData,
  TipEventData,
} from '@auxilio/domain';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contracts, drivers, idempotencyRecords, services } from '../db/schema.ts';
import {
  GeotextRoomAnsweredError,
  insertGeotextResponse,
  lockRoomResponses,
  type GeotextResponseRow,
  type GeotextRoomRow,
  type NewGeotextResponseRow,
} from './geotext.ts';
import { claimPayment, PaymentAlreadyClaimedError, type PaymentClaim } from './payment-claims.ts';
import { storeSubscriptionChoice, type NewPushSubscription } from './push-subscriptions.ts';
import type { ServiceEventRecord } from './service-events.ts';
import {
  insertNoteOnce,
  type NewNote,
  type NoteRow,
  type SituationSpecification,
} from './service-notes.ts';
import type {
  CommittedServiceChange,
  NewServiceRow,
  ServiceChange,
  ServiceChangeListener,
  ServiceDriverRow,
  ServiceRow,
  ServiceWritePath,
} from './service-writes.ts';
import { insertSurveyOnce, type NewSurveyRow } from './surveys.ts';
import { countRecordedPhotos, recordPhotoInTransaction, type RecordedPhotoRow } from './uploads.ts';
import { findTipOfService, insertTip, type NewTipRow, type TipRow } from './tips.ts';

// The services repository: the service requests customers make, read here and written only here.
// Every write below goes through the one service write path (service-writes.ts): lock the row,
// change it, append its typed events, publish after the commit (docs/decisions/204).

export type {
  CommittedServiceChange,
  DriverPatch,
  NewServiceRow,
  ServiceChange,
  ServiceChangeListener,
  ServiceDriverRow,
  ServiceRow,
} from './service-writes.ts';

/** A service with its assigned driver (null until one is assigned). */
export interface ServiceRecord {
  service: ServiceRow;
  driver: ServiceDriverRow | null;
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
  /** The data of the service's first event. */
  created: CreatedEventData;
  /** Builds the stored answer from what the insert produced. */
  respond: (created: { serviceNumber: number; event: ServiceEventRecord }) => R;
  /** The payment the service is paid with, claimed in the same transaction (decision 434). */
  paymentClaim?: PaymentClaim | undefined;
}

export type CreateServiceOutcome<R> =
  | { kind: 'created'; statusCode: number; response: R }
  | { kind: 'existing'; requestHash: string; statusCode: number; response: unknown }
  /** A service with that id exists without a creation record (made by another path). */
  | { kind: 'taken' };

/**
 * Dispatch's choice for a queued service among its branch's locked available drivers: the change
 * that assigns one of them, or undefined to leave the service queued.
 */
export type DispatchPick = (
  service: ServiceRow,
  candidates: ServiceDriverRow[],
) => ServiceChange | undefined;

/** The service change that goes with a first survey; its event is the `survey` event. */
export interface SurveyChange {
  patch: Partial<NewServiceRow>;
  event: SurveyEventData;
}

export type SurveyOutcome = 'created' | 'existing' | 'no-service';

export type TipOutcome =
  | { kind: 'created'; tip: TipRow }
  | { kind: 'existing'; tip: TipRow }
  | { kind: 'no-service' }
  /** The tip's payment already pays for something else (decision 434): nothing written. */
  | { kind: 'claimed' };

/** Service statuses whose situation no longer moves (as for the location update, decision 255). */
const CLOSED_STATUSES = ['Finished', 'Pending Audit', 'Cancelled', 'Void'];

/** Thrown inside the creation transaction to undo the key claim when the id is already a service. */
class ServiceIdTakenError extends Error {}

export interface ServicesRepository {
  // --- Reads ---

  /** Whether a creation was recorded under this idempotency key. */
  hasCreationRecord(key: string): Promise<boolean>;
  findById(id: string): Promise<ServiceRecord | undefined>;
  /** sha-256 hex of the service's bearer token, or undefined when there is no such service. */
  findTokenHash(id: string): Promise<string | undefined>;

  // --- Writes: each one transaction of the service write path ---

  /**
   * Creates the service, its `created` event and the idempotency record in one transaction
   * (decision 200). When the key is already taken (a retry, or a concurrent duplicate that won),
   * nothing is written and the stored record is returned for the caller to compare.
   */
  createIdempotent<R>(input: CreateServiceInput<R>): Promise<CreateServiceOutcome<R>>;
  /**
   * Locks a service and applies `decide`'s change (columns, driver, events). Undefined when there
   * is no such service; 'keep' writes nothing; `decide` throws to refuse (nothing written).
   * Status, trip, positions, cancellation, confirmed data and the customer's location go here.
   */
  change(
    serviceId: string,
    decide: (service: ServiceRow) => ServiceChange | 'keep',
  ): Promise<CommittedServiceChange | undefined>;
  /**
   * For each driver of `driverIds` working an Active service (their oldest, as
   * `drivers.findActiveServiceOf`), locks it and its driver and applies `decide`'s change, all in
   * one transaction: the services locked at once in id order, then their drivers in id order, so
   * two such transactions never wait on each other in a circle. `decide` sees the driver's row as
   * locked (their stored position). Answers the committed change by driver id; a driver without an
   * Active service is absent.
   */
  changeActiveOfDrivers(
    driverIds: readonly string[],
    decide: (service: ServiceRow, driver: ServiceDriverRow) => ServiceChange | 'keep',
  ): Promise<Map<string, CommittedServiceChange>>;
  /**
   * Like `change`, with a `decide` that may also write rows of its own in the transaction `tx`
   * before the change is applied (dispatch's records of who served the service).
   */
  changeWith(
    serviceId: string,
    decide: (service: ServiceRow, tx: Db) => Promise<ServiceChange | 'keep'>,
  ): Promise<CommittedServiceChange | undefined>;
  /**
   * Takes the oldest Queued service without a driver (FOR NO KEY UPDATE SKIP LOCKED, so two dispatchers
   * never take the same one), lets `pick` choose among the branch's available drivers (also locked,
   * skipping locked ones) and applies its change. Undefined when nothing was queued or `pick`
   * returned undefined.
   */
  assignNextQueued(pick: DispatchPick): Promise<CommittedServiceChange | undefined>;
  /**
   * Records the service's one tip, the claim of its payment and a `tip` event, after
   * `check(service)` on the locked row (it throws to refuse). When the service already has a tip,
   * nothing is written and the stored tip is answered ('existing').
   */
  recordTip(
    tip: NewTipRow,
    claim: PaymentClaim | undefined,
    check: (service: ServiceRow) => void,
  ): Promise<TipOutcome>;
  /**
   * Stores the service's survey and applies `decide(service)` (may throw to refuse) with its
   * `survey` event. A service that already has a survey is left as it is ('existing').
   */
  submitSurvey(
    survey: NewSurveyRow,
    decide: (service: ServiceRow) => SurveyChange,
  ): Promise<SurveyOutcome>;
  /**
   * Stores a note for the driver with a `note` event, after `check(service)` on the locked row. A
   * note with an id already stored writes nothing and answers the stored one. Undefined when there
   * is no service.
   */
  addNoteOnce(note: NewNote, check: (service: ServiceRow) => void): Promise<NoteRow | undefined>;
  /**
   * Replaces the situation specification (no event), its imagesCount the number of photos recorded
   * on the service (decision 660); undefined when there is no service.
   */
  setSituationSpecification(
    serviceId: string,
    specification: Omit<SituationSpecification, 'imagesCount'>,
    check: (service: ServiceRow) => void,
  ): Promise<SituationSpecification | undefined>;
  /**
   * Records an uploaded photo on the service after `check(service)` on the locked row, and sets the
   * situation specification's imagesCount to the photos recorded (decision 660). Recording it again
   * changes nothing. `no-photo` when the service has no upload with that photo id.
   */
  recordPhoto(
    photo: { serviceId: string; photoId: string; size: number; now: Date },
    check: (service: ServiceRow) => void,
  ): Promise<
    | { kind: 'recorded'; photo: RecordedPhotoRow; imagesCount: number }
    | { kind: 'no-service' }
    | { kind: 'no-photo' }
  >;
  /**
   * Stores the customer's push choice (a `pushOptIn` event only when it changes), then their
   * browser's subscription (push-subscriptions.ts). Undefined when there is no such service.
   */
  recordPushOptIn(
    serviceId: string,
    pushOptIn: boolean,
    subscription: NewPushSubscription | undefined,
  ): Promise<{ pushOptIn: boolean } | undefined>;
  /**
   * Stores a location-by-text response and, when it succeeded and the room belongs to an open
   * service, moves the service's situation there with a `location` event (decision 413). Throws
   * GeotextRoomAnsweredError when the room already has a successful one (decision 600).
   */
  recordGeotextResponse(
    response: NewGeotextResponseRow,
    room: GeotextRoomRow,
  ): Promise<{ response: GeotextResponseRow; movedService: boolean }>;
  /** Stores a new shared-link token hash (the previous link stops working); no event. */
  setShareToken(serviceId: string, tokenHash: string, expiresAt: Date | null): Promise<void>;

  /** Calls `listener` after the commit of each change with events (status notifications). */
  onCommitted(listener: ServiceChangeListener): () => void;
}

export function createServicesRepository(db: Db, writes: ServiceWritePath): ServicesRepository {
  return {
    hasCreationRecord: async (key) =>
      (
        await db
          .select({ key: idempotencyRecords.key })
          .from(idempotencyRecords)
          .where(eq(idempotencyRecords.key, key))
          .limit(1)
      ).length > 0,

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

    createIdempotent: async <R>(input: CreateServiceInput<R>): Promise<CreateServiceOutcome<R>> => {
      const created = await writes
        .run(async ({ tx, insert, apply }) => {
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
          const inserted = await insert({ ...input.row, contractId });
          // The id is taken by a service created another way: undo the claim.
          if (!inserted) throw new ServiceIdTakenError(input.key);
          if (input.paymentClaim) await claimPayment(tx, input.paymentClaim);
          const { events } = await apply(inserted, {
            events: [{ type: 'created', payload: input.created }],
          });
          const [event] = events;
          if (!event) throw new Error(`service ${inserted.id} got no created event`);
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

    change: (serviceId, decide) =>
      writes.run(async ({ lock, apply }) => {
        const service = await lock(serviceId);
        if (!service) return undefined;
        const change = decide(service);
        if (change === 'keep') return { service, events: [] };
        return apply(service, change);
      }),

    changeActiveOfDrivers: (driverIds, decide) =>
      writes.run(async ({ tx, lockDrivers, applyAll }) => {
        const committed = new Map<string, CommittedServiceChange>();
        if (driverIds.length === 0) return committed;
        const locked = await tx
          .select()
          .from(services)
          .where(and(inArray(services.driverId, [...driverIds]), eq(services.status, 'Active')))
          .orderBy(asc(services.id))
          .for('update');
        const oldestFirst = [...locked].sort(
          (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
        );
        const served = new Map<string, ServiceRow>();
        for (const service of oldestFirst) {
          if (service.driverId && !served.has(service.driverId)) {
            served.set(service.driverId, service);
          }
        }
        if (served.size === 0) return committed;
        // The service first, then its driver (the write path's lock order).
        const lockedDrivers = await lockDrivers([...served.keys()]);
        const driverOf = new Map(lockedDrivers.map((driver) => [driver.id, driver]));
        const changes: { service: ServiceRow; change: ServiceChange }[] = [];
        for (const service of locked) {
          const driver = driverOf.get(service.driverId ?? '');
          if (!driver || served.get(driver.id) !== service) continue;
          const change = decide(service, driver);
          if (change === 'keep') committed.set(driver.id, { service, events: [] });
          else changes.push({ service, change });
        }
        // Written together: a handful of statements for the whole batch (decision 781).
        const written = await applyAll(changes);
        written.forEach((change, index) => {
          const driverId = changes[index]?.service.driverId;
          if (driverId) committed.set(driverId, change);
        });
        return committed;
      }),

    changeWith: (serviceId, decide) =>
      writes.run(async ({ tx, lock, apply }) => {
        const service = await lock(serviceId);
        if (!service) return undefined;
        const change = await decide(service, tx);
        if (change === 'keep') return { service, events: [] };
        return apply(service, change);
      }),

    assignNextQueued: (pick) =>
      writes.run(async ({ tx, apply }) => {
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
          // NO KEY UPDATE: a row that another transaction only references (a text being inserted
          // for it takes KEY SHARE through its foreign key) is not skipped; another dispatcher's
          // lock, or a change of the service itself, is.
          .for('no key update', { skipLocked: true })
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
        const change = pick(service, candidates);
        if (!change) return undefined;
        if (change.driver && !candidates.some((d) => d.id === change.driver?.id)) {
          throw new Error(`driver ${change.driver.id} was not a locked candidate`);
        }
        return apply(service, change);
      }),

    recordTip: (tip, claim, check) =>
      writes
        .run(async ({ tx, lock, apply }): Promise<TipOutcome> => {
          const service = await lock(tip.serviceId);
          if (!service) return { kind: 'no-service' };
          const stored = await findTipOfService(tx, service.id);
          if (stored) return { kind: 'existing', tip: stored };
          check(service);
          const inserted = await insertTip(tx, tip);
          if (claim) await claimPayment(tx, claim);
          const payload: TipEventData = {
            tipId: inserted.id,
            amount: inserted.amountCents,
            currency: inserted.currency,
            paymentMethod: inserted.paymentType,
          };
          await apply(service, { events: [{ type: 'tip', payload }] });
          return { kind: 'created', tip: inserted };
        })
        .catch((error: unknown): TipOutcome => {
          if (error instanceof PaymentAlreadyClaimedError) return { kind: 'claimed' };
          throw error;
        }),

    submitSurvey: (survey, decide) =>
      writes.run(async ({ tx, lock, apply }): Promise<SurveyOutcome> => {
        const service = await lock(survey.serviceId);
        if (!service) return 'no-service';
        // May throw (a cancelled service): nothing is written then.
        const decided = decide(service);
        if (!(await insertSurveyOnce(tx, survey))) return 'existing';
        await apply(service, {
          patch: decided.patch,
          events: [{ type: 'survey', payload: decided.event }],
        });
        return 'created';
      }),

    addNoteOnce: (note, check) =>
      writes.run(async ({ tx, lock, apply }) => {
        const service = await lock(note.serviceId);
        if (!service) return undefined;
        check(service);
        const stored = await insertNoteOnce(tx, note, service.driverId);
        if (stored.inserted) {
          await apply(service, {
            events: [
              {
                type: 'note',
                payload: {
                  noteId: stored.note.id,
                  body: stored.note.body,
                  createdAt: stored.note.createdAt.toISOString(),
                },
              },
            ],
          });
        }
        return stored.note;
      }),

    setSituationSpecification: (serviceId, given, check) =>
      writes.run(async ({ tx, lock, apply }) => {
        const service = await lock(serviceId);
        if (!service) return undefined;
        check(service);
        // Decision 660: the count is the photos the service holds, never the caller's number.
        const specification: SituationSpecification = {
          hasComment: given.hasComment,
          imagesCount: await countRecordedPhotos(tx, serviceId),
          updatedAt: given.updatedAt,
        };
        await apply(service, {
          patch: { situationSpecification: { ...specification } },
          events: [],
        });
        return specification;
      }),

    recordPhoto: (photo, check) =>
      writes.run(async ({ tx, lock, apply }) => {
        const service = await lock(photo.serviceId);
        if (!service) return { kind: 'no-service' } as const;
        check(service);
        const recorded = await recordPhotoInTransaction(tx, photo);
        if (!recorded) return { kind: 'no-photo' } as const;
        const imagesCount = await countRecordedPhotos(tx, photo.serviceId);
        if (recorded.first) {
          const hasComment = service.situationSpecification?.['hasComment'] === true;
          const specification: SituationSpecification = {
            hasComment,
            imagesCount,
            updatedAt: photo.now.toISOString(),
          };
          await apply(service, {
            patch: { situationSpecification: { ...specification } },
            events: [],
          });
        }
        return { kind: 'recorded', photo: recorded.photo, imagesCount } as const;
      }),

    recordPushOptIn: (serviceId, pushOptIn, subscription) =>
      writes.run(async ({ tx, lock, apply }) => {
        const service = await lock(serviceId);
        if (!service) return undefined;
        if (service.pushOptIn !== pushOptIn) {
          await apply(service, {
            patch: { pushOptIn },
            events: [{ type: 'pushOptIn', payload: { pushOptIn } }],
          });
        }
        await storeSubscriptionChoice(tx, serviceId, pushOptIn, subscription);
        return { pushOptIn };
      }),

    recordGeotextResponse: (response, room) =>
      writes.run(async ({ tx, lock, apply }) => {
        // Decision 600: the first confirmed position stays; a later answer is refused.
        const earlier = await lockRoomResponses(tx, room.id);
        if (earlier.some((answer) => answer.success)) throw new GeotextRoomAnsweredError(room.id);
        // Answers are numbered in the order they got the lock (the room stream's event ids), so
        // each one is stamped after every earlier answer even when its clock read came first.
        const createdAt = new Date(
          Math.max(
            response.createdAt?.getTime() ?? Date.now(),
            ...earlier.map((answer) => answer.createdAt.getTime() + 1),
          ),
        );
        const stored = await insertGeotextResponse(
          tx,
          { ...response, createdAt },
          earlier.length + 1,
        );
        const { lat, lng } = stored;
        if (!stored.success || lat === null || lng === null || !room.serviceId) {
          return { response: stored, movedService: false };
        }
        const service = await lock(room.serviceId);
        if (!service || CLOSED_STATUSES.includes(service.status)) {
          return { response: stored, movedService: false };
        }
        const address = stored.address ?? '';
        const moved: ServiceHistoryEvent = {
          type: 'location',
          payload: {
            lat,
            lng,
            address,
            accuracy: null,
            source: 'geotext',
            at: stored.createdAt.toISOString(),
          },
        };
        await apply(service, {
          patch: {
            situationLat: lat,
            situationLng: lng,
            situationAddress: address,
            situationPrettyAddress: address,
            situationAccuracy: null,
            locationPermission: 'GRANTED',
          },
          events: [moved],
        });
        return { response: stored, movedService: true };
      }),

    setShareToken: async (serviceId, tokenHash, expiresAt) => {
      await writes.run(async ({ lock, apply }) => {
        const service = await lock(serviceId);
        if (!service) return;
        await apply(service, {
          patch: { shareTokenHash: tokenHash, shareTokenExpiresAt: expiresAt },
          events: [],
        });
      });
    },

    onCommitted: (listener) => writes.onCommitted(listener),
  };
}

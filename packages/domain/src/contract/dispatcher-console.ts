import { z } from 'zod/mini';
import { TripStatusSchema } from '../service-status.ts';
import { ServiceCategorySchema } from '../service-types.ts';
import { DriverSignInRequestSchema, TripVehicleSchema } from './driver-app.ts';

// The dispatcher's console (docs/decisions/762), under `/common/api/v1/dispatcher`: every call
// needs the app key and `Authorization: Bearer <dispatcher token>` (streams: `?token=`), and
// answers only what the dispatcher's scope covers; anything outside it is a 404, as if it did not
// exist.

/** The columns of the live board, in the order a request goes through them. */
export const BOARD_STAGES = [
  'new',
  'queued',
  'offered',
  'accepted',
  'on_route',
  'arrived',
  'towed',
] as const;
export type BoardStage = (typeof BOARD_STAGES)[number];

/** Targets an open service may miss: nobody took it in time, or its ETA is too long. */
export const BOARD_BREACHES = ['unassigned', 'eta'] as const;
export type BoardBreach = (typeof BOARD_BREACHES)[number];

const ScopeSchema = z.object({
  accounts: z.array(z.string()),
  brands: z.array(z.string()),
  branches: z.array(z.string()),
});

/** Who is signed in at the console, and what they may see. */
export const DispatcherProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  scope: ScopeSchema,
  /** Branches whose drivers the dispatcher sees and may assign. */
  driverBranches: z.array(z.string()),
});
export type DispatcherProfile = z.infer<typeof DispatcherProfileSchema>;

/** `POST /dispatcher/session`: the console's sign-in code (PKCE S256), as the driver app sends. */
export const DispatcherSignInRequestSchema = DriverSignInRequestSchema;

export const DispatcherSessionSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  dispatcher: DispatcherProfileSchema,
});
export type DispatcherSession = z.infer<typeof DispatcherSessionSchema>;

const PointSchema = z.object({ lat: z.number(), lng: z.number() });

/** One open service as a row (and a pin) of the live board. */
export const BoardServiceSchema = z.object({
  _id: z.string(),
  serviceNumber: z.number().check(z.int()),
  accountId: z.string(),
  brand: z.nullable(z.string()),
  branch: z.string(),
  situation: z.string().check(z.describe("The service type's name (SPEC 3)")),
  serviceType: ServiceCategorySchema,
  stage: z.enum(BOARD_STAGES),
  status: z.string(),
  tripStatus: z.nullable(TripStatusSchema),
  createdAt: z.string(),
  schedule: z.nullable(z.string()),
  etaSeconds: z.nullable(z.number()),
  address: z.nullable(z.string()),
  location: z.nullable(PointSchema),
  driver: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** The driver being offered it right now (stage `offered`). */
  offeredTo: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** Targets it misses at `updatedAt` (the console re-checks them as time passes). */
  breaches: z.array(z.enum(BOARD_BREACHES)),
  updatedAt: z.string(),
});
export type BoardService = z.infer<typeof BoardServiceSchema>;

/** A driver on the console: the current trip only when that service is in the scope. */
export const BoardDriverSchema = z.object({
  id: z.string(),
  name: z.string(),
  branch: z.string(),
  vehicleType: z.string(),
  online: z.boolean(),
  status: z.string(),
  currentService: z.nullable(z.object({ _id: z.string(), serviceNumber: z.number() })),
  /** Busy with a service outside the dispatcher's scope (its details are not shown). */
  busyElsewhere: z.boolean(),
  position: z.nullable(PointSchema),
  lastSeenAt: z.nullable(z.string()),
});
export type BoardDriver = z.infer<typeof BoardDriverSchema>;

/** `GET /dispatcher/board` and the stream's `snapshot` event: everything the board shows. */
export const BoardSnapshotSchema = z.object({
  serverTime: z.string(),
  services: z.array(BoardServiceSchema),
  drivers: z.array(BoardDriverSchema),
});
export type BoardSnapshot = z.infer<typeof BoardSnapshotSchema>;

/** The stream's `service` event when a service left the board (closed) or the scope. */
export const BoardServiceRemovedSchema = z.object({ _id: z.string(), removed: z.literal(true) });

/** One line of a service's history as the console's timeline shows it. */
export const TimelineEntrySchema = z.object({
  seq: z.number(),
  at: z.string(),
  /** The history event's type: status, trip, driver, position, eta, note, dispatch, payment, ... */
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const AUDIT_ACTIONS = [
  'contact_opened',
  'assigned',
  'reassigned',
  'cancelled',
  'texted',
  'geotext_created',
] as const;

/** One line of the append-only audit log: who did what, when, why, and what changed. */
export const AuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  dispatcher: z.object({ id: z.string(), name: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  serviceId: z.nullable(z.string()),
  driverId: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const PlaceSchema = z.object({
  lat: z.nullable(z.number()),
  lng: z.nullable(z.number()),
  address: z.nullable(z.string()),
});

/** `GET /dispatcher/services/{id}`: the board row, its places, masked contact, history and audit. */
export const DispatcherServiceDetailSchema = z.object({
  service: BoardServiceSchema,
  customer: z.object({
    firstname: z.string(),
    /** Masked (`maskPhone`); the full number only through `POST .../contact`, which is logged. */
    phoneMasked: z.nullable(z.string()),
    hasEmail: z.boolean(),
  }),
  situation: PlaceSchema,
  destination: z.nullable(PlaceSchema),
  vehicle: TripVehicleSchema,
  notes: z.nullable(z.string()),
  cancellationReason: z.nullable(z.string()),
  timeline: z.array(TimelineEntrySchema),
  audit: z.array(AuditEntrySchema),
});
export type DispatcherServiceDetail = z.infer<typeof DispatcherServiceDetailSchema>;

const ReasonSchema = z.string().check(z.trim(), z.maxLength(500));
const RequiredReasonSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(500));

/** `POST /dispatcher/services/{id}/contact`: opens the customer's contact (logged). */
export const OpenContactRequestSchema = z.object({ reason: z.optional(ReasonSchema) });
export const CustomerContactSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
});
export type CustomerContact = z.infer<typeof CustomerContactSchema>;

/** One driver the engine would offer the service to, nearest by ETA first (SPEC 5). */
export const DriverSuggestionSchema = z.object({
  driverId: z.string(),
  name: z.string(),
  vehicleType: z.string(),
  etaSeconds: z.number(),
  distanceMeters: z.number(),
  lastSeenAt: z.nullable(z.string()),
});
export type DriverSuggestion = z.infer<typeof DriverSuggestionSchema>;
export const DriverSuggestionsSchema = z.object({ suggestions: z.array(DriverSuggestionSchema) });

/** `POST /dispatcher/services/{id}/assignment`: assign, or reassign, to this driver. */
export const AssignServiceRequestSchema = z.object({
  driverId: z.string().check(z.minLength(1), z.maxLength(64)),
  reason: z.optional(ReasonSchema),
});
export type AssignServiceRequest = z.infer<typeof AssignServiceRequestSchema>;

/** `POST /dispatcher/services/{id}/cancellation`: a reason is required. */
export const DispatcherCancelRequestSchema = z.object({ reason: RequiredReasonSchema });
export type DispatcherCancelRequest = z.infer<typeof DispatcherCancelRequestSchema>;

/** Longest text message a dispatcher sends (two SMS segments). */
export const DISPATCHER_TEXT_MAX = 320;

/** `POST /dispatcher/services/{id}/messages`: a text message to the customer's phone. */
export const DispatcherTextRequestSchema = z.object({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(DISPATCHER_TEXT_MAX)),
});
export const DispatcherTextAnswerSchema = z.object({ id: z.string(), queuedAt: z.string() });

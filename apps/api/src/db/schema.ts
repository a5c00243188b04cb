import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The single schema for PGlite and PostgreSQL (ARCHITECTURE decision 2). Migrations in ../../drizzle are
// generated from this file by drizzle-kit; never edit them by hand.
//
// This file imports only drizzle-orm so that drizzle-kit can load it on its own. The value lists in
// the check constraints mirror packages/domain; schema.test.ts fails when they drift apart.
//
// Conventions: snake_case columns, text ids, timestamptz, money in integer cents, jsonb where the
// shape is nested and read whole.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** Quoted list for an `IN (...)` check; the values are constants of this file, never user input. */
function inList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));
}

/** SPEC 9 "Short codes PR, PA, CR, CO, MX". */
export const DB_BRANCHES = ['PR', 'PA', 'CR', 'CO', 'MX'] as const;
/** SPEC 4 "Other statuses seen". */
export const DB_SERVICE_STATUSES = [
  'Queued',
  'Active',
  'HoldInspection',
  'Finished',
  'Cancelled',
  'Void',
  'Pending Audit',
] as const;
export const DB_DRIVER_STATUSES = ['available', 'busy', 'offline'] as const;
export const DB_MESSAGE_KINDS = ['sms', 'note', 'email'] as const;

// ---------------------------------------------------------------------------------------------------
// Reference data: service types, accounts, campaigns, integrations
// ---------------------------------------------------------------------------------------------------

/**
 * What the last demo seed wrote (src/db/seed): the hash of its data set and of the reference tables
 * after it. A start whose data set and tables are unchanged skips rewriting them (one query).
 */
export const demoSeed = pgTable('demo_seed', {
  id: text('id').primaryKey(),
  dataHash: text('data_hash').notNull(),
  contentHash: text('content_hash').notNull(),
  seededAt: timestamptz('seeded_at').notNull().defaultNow(),
});

/** SPEC 3 "Service type: name, category" (the 23 of SPEC 1). */
export const serviceTypes = pgTable(
  'service_types',
  {
    name: text('name').primaryKey(),
    category: text('category', { enum: ['road', 'home'] }).notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [check('service_types_category_check', sql`${t.category} in ('road', 'home')`)],
);

/** Cents by service type name (SPEC 3 Account "serviceFees (by service type)"). */
export type ServiceFeesJson = Partial<Record<string, number>>;

/** Shape of accounts.config; parsed with AccountConfigSchema of @auxilio/domain by repositories. */
export interface AccountConfigJson {
  policyLimitVersion: 'V1' | 'V2';
  finishedScreenAfterService: boolean;
  surveyStepShownAsFinished: boolean;
  socialStepWhenFinished: boolean;
  legacyReceiptPreview: boolean;
  otherTileHelpText: string | null;
  /** Decision 665: /payment offers cash. */
  cashPaymentAllowed?: boolean;
}

/** SPEC 3 "Account"; SPEC 1 "A Member and a Visitor account exist as separate accounts per branch". */
export const accounts = pgTable(
  'accounts',
  {
    /** 24 hex characters: sha256(`${brand}:${branch}:${kind}`) for seeded accounts. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    smsName: text('sms_name').notNull(),
    branch: text('branch').notNull(),
    /** Brand slug of packages/brands. */
    brand: text('brand').notNull(),
    kind: text('kind', { enum: ['member', 'visitor'] }).notNull(),
    phone: text('phone').notNull(),
    serviceCoordinationPhone: text('service_coordination_phone').notNull(),
    /** Salesforce account id of the branch. */
    salesforceId: text('salesforce_id').notNull(),
    config: jsonb('config').$type<AccountConfigJson>().notNull(),
    managementFeeCents: integer('management_fee_cents').notNull().default(0),
    serviceFees: jsonb('service_fees').$type<ServiceFeesJson>().notNull().default({}),
    taxLabel: text('tax_label').notNull(),
    /** Fraction: 0.115 is 11.5 %. */
    taxRate: doublePrecision('tax_rate').notNull(),
    homeServicesAllowed: text('home_services_allowed')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pwaHomeServicesAllowed: text('pwa_home_services_allowed')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pwaRoadServicesAllowed: text('pwa_road_services_allowed')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_salesforce_id_unique').on(t.salesforceId),
    uniqueIndex('accounts_brand_branch_kind_unique').on(t.brand, t.branch, t.kind),
    check('accounts_branch_check', sql`${t.branch} in (${inList(DB_BRANCHES)})`),
    check('accounts_kind_check', sql`${t.kind} in ('member', 'visitor')`),
    check('accounts_tax_rate_check', sql`${t.taxRate} >= 0 and ${t.taxRate} <= 1`),
  ],
);

/** SPEC 3 Session "campaign ... a campaign may carry serviceTypes"; the name is sent as DIDNumber. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    serviceTypes: text('service_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('campaigns_name_unique').on(t.name),
    index('campaigns_account_id_idx').on(t.accountId),
  ],
);

/** SPEC 3 Session "integrations"; config shapes are IntegrationSchema of @auxilio/domain. */
export const integrations = pgTable(
  'integrations',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('integrations_account_id_name_unique').on(t.accountId, t.name)],
);

// ---------------------------------------------------------------------------------------------------
// Contracts and vehicles (contract search, limit check)
// ---------------------------------------------------------------------------------------------------

/**
 * Coverage of one service type under a contract, the shape of CoverageLimitSchema in
 * @auxilio/domain (contract/customer-contracts.ts), so a row maps to the wire without reshaping.
 */
export interface CoverageLimitJson {
  /** Service type name; null covers every type. */
  serviceType: string | null;
  /** Services allowed per contract year; null is unlimited. */
  maxEvents: number | null;
  /** Services already used this contract year. */
  usedEvents: number;
  /** Amount covered per service in cents; null is unlimited. */
  maxAmount: number | null;
  /** Tow distance covered in kilometres; null is unlimited. */
  maxDistanceKm: number | null;
}

export const contracts = pgTable(
  'contracts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    branch: text('branch').notNull(),
    contractNumber: text('contract_number').notNull(),
    holderFullName: text('holder_full_name').notNull(),
    holderPhone: text('holder_phone').notNull().default(''),
    holderEmail: text('holder_email').notNull().default(''),
    memberId: text('member_id'),
    policyNumber: text('policy_number'),
    active: boolean('active').notNull().default(true),
    startsAt: timestamptz('starts_at').notNull(),
    /** Null: open-ended. A contract past this instant is expired even when `active`. */
    expiresAt: timestamptz('expires_at'),
    /** Limits and usage per service type (usage is updated when a service is covered). */
    coverageLimits: jsonb('coverage_limits').$type<CoverageLimitJson[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contracts_contract_number_unique').on(t.contractNumber),
    index('contracts_account_id_idx').on(t.accountId),
    index('contracts_member_id_idx').on(t.memberId),
    index('contracts_policy_number_idx').on(t.policyNumber),
    // Name search is case-insensitive: repositories compare lower(holder_full_name).
    index('contracts_holder_name_lower_idx').on(sql`lower(${t.holderFullName})`),
    check('contracts_branch_check', sql`${t.branch} in (${inList(DB_BRANCHES)})`),
  ],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: text('id').primaryKey(),
    contractId: text('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** SPEC 5: normalised, hyphens removed and upper case (not for policy-number brands' search term). */
    plate: text('plate').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    color: text('color').notNull(),
    /** Empty when unknown. */
    vin: text('vin').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('vehicles_plate_idx').on(t.plate),
    index('vehicles_contract_id_idx').on(t.contractId),
    index('vehicles_vin_idx').on(t.vin),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Drivers and media
// ---------------------------------------------------------------------------------------------------

/** SPEC 3 "Driver", plus its last reported position (ARCHITECTURE decision 8). */
export const drivers = pgTable(
  'drivers',
  {
    id: text('id').primaryKey(),
    branch: text('branch').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    iconset: text('iconset').notNull(),
    inspectorId: text('inspector_id'),
    vehicleType: text('vehicle_type').notNull(),
    vehiclePlate: text('vehicle_plate'),
    /** URL path of the photo, e.g. /common/media/<id>.svg (served from the media table). */
    employeeImage: text('employee_image'),
    vehicleImage: text('vehicle_image'),
    status: text('status').notNull().default('available'),
    /** Situation the driver is heading to before taking more work (SPEC 3 Driver "pendingSituation"). */
    pendingSituation: text('pending_situation'),
    /** sha-256 hex of the driver app token; never the token. */
    tokenHash: text('token_hash'),
    lastLat: doublePrecision('last_lat'),
    lastLng: doublePrecision('last_lng'),
    /** Degrees clockwise from north. */
    lastHeading: doublePrecision('last_heading'),
    /** Metres. */
    lastAccuracy: doublePrecision('last_accuracy'),
    lastSeenAt: timestamptz('last_seen_at'),
    /** The driver takes offers (the driver app's switch, docs/decisions/760); off until switched on. */
    online: boolean('online').notNull().default(false),
    /** Subject of the driver's account at the OIDC provider (driver sign-in); null: none linked. */
    oidcSubject: text('oidc_subject'),
    createdAt: createdAt(),
  },
  (t) => [
    index('drivers_branch_status_idx').on(t.branch, t.status),
    uniqueIndex('drivers_token_hash_unique').on(t.tokenHash),
    uniqueIndex('drivers_oidc_subject_unique').on(t.oidcSubject),
    check('drivers_status_check', sql`${t.status} in (${inList(DB_DRIVER_STATUSES)})`),
    check('drivers_branch_check', sql`${t.branch} in (${inList(DB_BRANCHES)})`),
  ],
);

/** Small generated files (driver photos, vehicle pictures) served at /common/media/<id>.svg. */
export const media = pgTable('media', {
  /** Without extension: the URL is /common/media/<id>.svg. */
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  body: text('body').notNull(),
  /** sha-256 hex of the body, usable as an ETag. */
  sha256: text('sha256').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------------
// Services and their history
// ---------------------------------------------------------------------------------------------------

/** SPEC 3 Service "payments (subtotal, tax, total)", in cents. */
export interface PaymentsJson {
  subtotal: number;
  tax: number;
  total: number;
}

export const services = pgTable(
  'services',
  {
    /** Random and unguessable (ARCHITECTURE decision 9); generated by the PWA (decision 10). */
    id: text('id').primaryKey(),
    /** Human-readable receipt number. */
    serviceNumber: integer('service_number')
      .notNull()
      .generatedByDefaultAsIdentity({ startWith: 100001 }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    accountPhone: text('account_phone'),
    branch: text('branch').notNull(),
    sfIdAccount: text('sf_id_account'),
    brand: text('brand'),
    priceCents: integer('price_cents').notNull().default(0),
    /** Fraction, copied from the account when the service is created. */
    taxRate: doublePrecision('tax_rate').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    /** SPEC 3 Service "date". */
    createdAt: createdAt(),
    endDate: timestamptz('end_date'),
    /** Service type name (SPEC 3 "situation"). */
    situation: text('situation').notNull(),
    /** Category road | home (SPEC 3 "serviceType"). */
    serviceType: text('service_type').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull().default(''),
    phone: text('phone'),
    email: text('email'),
    memberId: text('member_id'),
    /** Legacy status word (SPEC 4 "Other statuses seen"). */
    status: text('status').notNull().default('Queued'),
    /** SPEC 4 numbered status 1-9. */
    statusNumber: integer('status_number').notNull().default(1),
    schedule: timestamptz('schedule'),
    payments: jsonb('payments').$type<PaymentsJson>(),
    paymentMethod: text('payment_method'),
    /** Card/mobile payment references (customerIdStripe, chargeIdStripe, cardIdStripe, emailPayment). */
    paymentReferences: jsonb('payment_references').$type<Record<string, string | null>>(),
    /** SPEC 3 Service-request payload "priceDetails" (home track: priceRate and serviceCost). */
    priceDetails: jsonb('price_details').$type<Record<string, unknown>>(),
    isCovered: boolean('is_covered').notNull().default(false),
    externalId: text('external_id'),
    fromConnectApp: boolean('from_connect_app').notNull().default(false),
    salesforceServiceId: text('salesforce_service_id'),
    surveysAnswered: boolean('surveys_answered').notNull().default(false),
    surplusCents: integer('surplus_cents').notNull().default(0),
    contractId: text('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    /** Snapshot of the contract as sent in the request (SPEC 3 "customerContract"). */
    customerContract: jsonb('customer_contract').$type<Record<string, unknown>>(),
    messageConfirmationStatus: text('message_confirmation_status'),
    providerName: text('provider_name'),
    tripStatus: text('trip_status'),
    /** Trip status -> ISO timestamp of when it was reached. */
    tripStamps: jsonb('trip_stamps').$type<Partial<Record<string, string>>>().notNull().default({}),
    simulatedEtaSeconds: integer('simulated_eta_seconds'),
    driverEtaSeconds: integer('driver_eta_seconds'),
    driverDistanceMeters: integer('driver_distance_meters'),
    locationPermission: text('location_permission'),
    situationLat: doublePrecision('situation_lat'),
    situationLng: doublePrecision('situation_lng'),
    situationAccuracy: doublePrecision('situation_accuracy'),
    situationAddress: text('situation_address'),
    situationPlaceId: text('situation_place_id'),
    situationPrettyAddress: text('situation_pretty_address'),
    /** SPEC 3 "Reference address form" when there is no situation address. */
    situationReferenceAddress: jsonb('situation_reference_address').$type<Record<string, string>>(),
    destinationLat: doublePrecision('destination_lat'),
    destinationLng: doublePrecision('destination_lng'),
    destinationAddress: text('destination_address'),
    destinationPlaceId: text('destination_place_id'),
    destinationPrettyAddress: text('destination_pretty_address'),
    providerLat: doublePrecision('provider_lat'),
    providerLng: doublePrecision('provider_lng'),
    providerAddress: text('provider_address'),
    providerPlaceId: text('provider_place_id'),
    providerPrettyAddress: text('provider_pretty_address'),
    driverId: text('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
    vehiclePlate: text('vehicle_plate'),
    vehicleMake: text('vehicle_make'),
    vehicleModel: text('vehicle_model'),
    vehicleYear: integer('vehicle_year'),
    vehicleColor: text('vehicle_color'),
    vehicleVin: text('vehicle_vin'),
    passengers: integer('passengers'),
    /** Text beginning 'From Client: ' (SPEC 3 payload "notes"). */
    notes: text('notes'),
    /** SPEC 3 "Home notes" (subService, availability, date, comments). */
    home: jsonb('home').$type<Record<string, unknown>>(),
    /** SPEC 7 /utils/situation-specification {hasComment, imagesCount}. */
    situationSpecification: jsonb('situation_specification').$type<Record<string, unknown>>(),
    cancellationReason: text('cancellation_reason'),
    cancellationNotes: text('cancellation_notes'),
    pushOptIn: boolean('push_opt_in').notNull().default(false),
    /** sha-256 hex of the per-service bearer token (ARCHITECTURE decision 9); never the token. */
    tokenHash: text('token_hash').notNull(),
    shareTokenHash: text('share_token_hash'),
    shareTokenExpiresAt: timestamptz('share_token_expires_at'),
    /** Campaign name (sent as DIDNumber). */
    campaign: text('campaign'),
    policyNumber: text('policy_number'),
    isFromCheckLimit: boolean('is_from_check_limit').notNull().default(false),
    isMmmHod: boolean('is_mmm_hod').notNull().default(false),
    privacyPolicyAcceptanceDate: timestamptz('privacy_policy_acceptance_date'),
    sourceData: jsonb('source_data').$type<Record<string, unknown>>(),
    /** sha-256 hex of the creation request body (ARCHITECTURE decision 10). */
    requestPayloadHash: text('request_payload_hash'),
    /**
     * When dispatch next looks for a driver for this service (docs/decisions/760); null: the
     * service is not waiting for dispatch (assigned, closed, or made before the engine).
     */
    dispatchAt: timestamptz('dispatch_at'),
    /** Searches in a row that found no driver: the retry backoff grows with it. */
    dispatchAttempts: integer('dispatch_attempts').notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('services_service_number_unique').on(t.serviceNumber),
    index('services_dispatch_due_idx')
      .on(t.dispatchAt)
      .where(sql`${t.dispatchAt} is not null`),
    index('services_status_idx').on(t.status),
    index('services_driver_id_idx').on(t.driverId),
    index('services_account_id_idx').on(t.accountId),
    index('services_vehicle_plate_idx').on(t.vehiclePlate),
    check('services_status_check', sql`${t.status} in (${inList(DB_SERVICE_STATUSES)})`),
    check('services_status_number_check', sql`${t.statusNumber} between 1 and 9`),
    check('services_branch_check', sql`${t.branch} in (${inList(DB_BRANCHES)})`),
    check('services_service_type_check', sql`${t.serviceType} in ('road', 'home')`),
  ],
);

/** States of an offer of a service to a driver (docs/decisions/760). */
export const DB_DISPATCH_OFFER_STATES = [
  'pending',
  'accepted',
  'rejected',
  'expired',
  'withdrawn',
] as const;

/**
 * Offers of a service to one driver at a time (docs/decisions/760): the driver accepts or rejects
 * before `expires_at`. At most one pending offer per service and per driver.
 */
export const dispatchOffers = pgTable(
  'dispatch_offers',
  {
    id: text('id').primaryKey(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    driverId: text('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('pending'),
    /** Estimated drive to the situation when offered (seconds, metres). */
    etaSeconds: integer('eta_seconds').notNull(),
    distanceMeters: integer('distance_meters').notNull(),
    offeredAt: timestamptz('offered_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    answeredAt: timestamptz('answered_at'),
  },
  (t) => [
    uniqueIndex('dispatch_offers_pending_service_unique')
      .on(t.serviceId)
      .where(sql`${t.state} = 'pending'`),
    uniqueIndex('dispatch_offers_pending_driver_unique')
      .on(t.driverId)
      .where(sql`${t.state} = 'pending'`),
    index('dispatch_offers_service_id_idx').on(t.serviceId, t.driverId),
    index('dispatch_offers_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'pending'`),
    check('dispatch_offers_state_check', sql`${t.state} in (${inList(DB_DISPATCH_OFFER_STATES)})`),
  ],
);

/**
 * Append-only history of one service; `seq` counts per service and is the SSE event id
 * (Last-Event-ID resumes after it, ARCHITECTURE decision 3).
 */
export const serviceEvents = pgTable(
  'service_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** status | trip | driver | position | eta | note | ... */
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('service_events_service_id_seq_unique').on(t.serviceId, t.seq)],
);

// ---------------------------------------------------------------------------------------------------
// Post-service, messages, geotext, push, uploads, idempotency
// ---------------------------------------------------------------------------------------------------

/** SPEC 3 "Survey answers". One survey per service. */
export const surveys = pgTable(
  'surveys',
  {
    id: text('id').primaryKey(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    comments: text('comments'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('surveys_service_id_unique').on(t.serviceId)],
);

export const tips = pgTable(
  'tips',
  {
    id: text('id').primaryKey(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    paymentType: text('payment_type'),
    status: text('status').notNull().default('pending'),
    /** Card payment references of a card tip (decision 126); null for cash and mobile payments. */
    chargeIdStripe: text('charge_id_stripe'),
    cardIdStripe: text('card_id_stripe'),
    customerIdStripe: text('customer_id_stripe'),
    /** sha-256 hex of the tip request: a retry with the same body answers the stored tip. */
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tips_service_id_idx').on(t.serviceId),
    // One tip per service (decision 254): retries never charge or record twice.
    uniqueIndex('tips_service_id_unique').on(t.serviceId),
    check('tips_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/** SMS outbox, notes to the driver and e-mails (ARCHITECTURE decision 7: outbox + log by default). */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    serviceId: text('service_id').references(() => services.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** outbound (to the driver/customer) | inbound. */
    direction: text('direction').notNull().default('outbound'),
    to: text('to'),
    from: text('from'),
    subject: text('subject'),
    body: text('body').notNull(),
    /** queued | sending | sent | failed | delivered (delivery: docs/decisions/440). */
    status: text('status').notNull().default('queued'),
    /** Delivery attempts started so far; bounded by the dispatcher (decision 440). */
    attempts: integer('attempts').notNull().default(0),
    /** A queued message is not sent before this time (backoff after a 429/5xx). */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** When the last attempt was claimed; a `sending` row older than the lease is stale. */
    lastAttemptAt: timestamptz('last_attempt_at'),
    /** Why the last attempt did not send (provider code and message). */
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    /** The provider's id of the sent message (Twilio SID, SMTP Message-ID). */
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_service_id_idx').on(t.serviceId),
    index('messages_status_idx').on(t.status, t.nextAttemptAt),
    check('messages_kind_check', sql`${t.kind} in (${inList(DB_MESSAGE_KINDS)})`),
  ],
);

/** Location-by-text flow: a room is the link sent by text message. */
export const geotextRooms = pgTable('geotext_rooms', {
  id: text('id').primaryKey(),
  phoneNumber: text('phone_number').notNull(),
  serviceId: text('service_id').references(() => services.id, { onDelete: 'set null' }),
  /** The dispatcher who sent the link from the console (docs/decisions/762); null: the operator key. */
  createdBy: text('created_by').references(() => dispatchers.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/** SPEC 7 POST /api/v1/geotext-responses {lat, lng, address, roomId, phoneNumber, success}. */
export const geotextResponses = pgTable(
  'geotext_responses',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => geotextRooms.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    address: text('address'),
    phoneNumber: text('phone_number'),
    success: boolean('success').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('geotext_responses_room_id_idx').on(t.roomId)],
);

/** Web Push subscriptions, one per browser endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** { p256dh, auth } */
    keys: jsonb('keys').$type<Record<string, string>>().notNull(),
    /** Language of the notification texts (decision 450); SPEC 9 "Default language es". */
    language: text('language').notNull().default('es'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_service_id_idx').on(t.serviceId),
  ],
);

/** Who took a photo of a service. */
export type PhotoTaker = 'customer' | 'driver';

/** Accident documentation and other uploads; `key` is the storage object key. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull().default(0),
    /** The phone's id of the photo (decision 660): one upload per service and photo id. */
    photoId: text('photo_id'),
    /** When the photo was recorded on the service, its bytes stored; null until then. */
    recordedAt: timestamptz('recorded_at'),
    /**
     * Who took the photo: the customer (accident photos, counted in imagesCount) or the driver on
     * the trip (proof of the vehicle's condition, docs/decisions/761). Each side sees only its own.
     */
    takenBy: text('taken_by').$type<PhotoTaker>().notNull().default('customer'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploads_key_unique').on(t.key),
    index('uploads_service_id_idx').on(t.serviceId),
    uniqueIndex('uploads_service_photo_unique').on(t.serviceId, t.photoId),
    check('uploads_taken_by_check', sql`${t.takenBy} in ('customer', 'driver')`),
  ],
);

/** Stored results of idempotent requests (ARCHITECTURE decision 10). */
export const idempotencyRecords = pgTable('idempotency_records', {
  /** The idempotency key (for service creation: the service id the PWA generated). */
  key: text('key').primaryKey(),
  /** The operation, e.g. 'service-request'. */
  scope: text('scope').notNull(),
  /** sha-256 hex of the request body: a different body for the same key is a 409. */
  requestHash: text('request_hash').notNull(),
  response: jsonb('response'),
  statusCode: integer('status_code').notNull(),
  createdAt: createdAt(),
});

/**
 * Paying customers registered with the card payment provider by `POST /dispatch/cCustomer`
 * (decision 127): one per provider, account and e-mail, so a retry answers the same customer.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    /** The provider's customer id (SPEC 3 Payment "customerIdStripe"). */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    branch: text('branch').notNull(),
    name: text('name').notNull(),
    /** Lower case: the same address in another case is the same customer. */
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_customers_provider_account_email_unique').on(
      t.provider,
      t.accountId,
      t.email,
    ),
    check('payment_customers_branch_check', sql`${t.branch} in (${inList(DB_BRANCHES)})`),
  ],
);

/**
 * Card charges of the embedded sandbox provider (decision 291). No card data beyond brand and last
 * four digits; a retry with the same idempotency key answers the stored outcome.
 */
export const cardCharges = pgTable(
  'card_charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha-256 hex of the request without number and CVC: another body for the same key is a 409. */
    requestHash: text('request_hash').notNull(),
    provider: text('provider').notNull().default('sandbox'),
    /** succeeded | declined. */
    status: text('status').notNull(),
    /** card_declined | insufficient_funds | expired_card when declined. */
    declineCode: text('decline_code'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    email: text('email'),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    customerId: text('customer_id').notNull(),
    cardId: text('card_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('card_charges_idempotency_key_unique').on(t.idempotencyKey),
    check('card_charges_status_check', sql`${t.status} IN ('succeeded', 'declined')`),
    check('card_charges_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Which service a payment paid for (decision 434): one row per provider payment, claimed in the same
 * transaction as the service or tip it pays, so that one charge never pays two things.
 */
export const paymentClaims = pgTable(
  'payment_claims',
  {
    /** The provider's payment, qualified: `card:sandbox:<charge id>`, `mobile:athmovil:<id>`. */
    reference: text('reference').primaryKey(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    /** service | tip. */
    purpose: text('purpose').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_claims_service_id_idx').on(t.serviceId),
    check('payment_claims_purpose_check', sql`${t.purpose} IN ('service', 'tip')`),
  ],
);

/**
 * Mobile payments (ATH Móvil, decisions 433-434) this API started: the provider's ticket, what it
 * pays for and its last known state. The amount is the server's, never the client's.
 */
export const mobilePayments = pgTable(
  'mobile_payments',
  {
    /** The provider's payment id (ATH Móvil `ecommerceId`). */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    /** The provider's per-payment token (finds and completes this one payment only). */
    authToken: text('auth_token').notNull(),
    /** The client's key of this payment attempt: a retry answers the same payment. */
    idempotencyKey: text('idempotency_key').notNull(),
    serviceId: text('service_id').notNull(),
    /** service | tip. */
    purpose: text('purpose').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    currency: text('currency').notNull(),
    /** open | confirmed | completed | cancelled. */
    status: text('status').notNull(),
    referenceNumber: text('reference_number'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mobile_payments_idempotency_key_unique').on(t.idempotencyKey),
    index('mobile_payments_service_id_idx').on(t.serviceId),
    check('mobile_payments_purpose_check', sql`${t.purpose} IN ('service', 'tip')`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// The dispatcher's console (docs/decisions/762)
// ---------------------------------------------------------------------------------------------------

/** What a dispatcher may see: a service whose account, brand or branch is listed. */
export interface DispatcherScopeJson {
  accounts: string[];
  brands: string[];
  branches: string[];
}

/** People of the operations centre who steer dispatch; they sign in through OpenID Connect. */
export const dispatchers = pgTable(
  'dispatchers',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Subject of the dispatcher's account at the OIDC provider. */
    oidcSubject: text('oidc_subject').notNull(),
    scope: jsonb('scope').$type<DispatcherScopeJson>().notNull(),
    /** A disabled dispatcher's sessions stop working at once. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dispatchers_oidc_subject_unique').on(t.oidcSubject)],
);

/** One signed-in console: the token's hash, never the token; it ends at `expires_at` or sign-out. */
export const dispatcherSessions = pgTable(
  'dispatcher_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    dispatcherId: text('dispatcher_id')
      .notNull()
      .references(() => dispatchers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('dispatcher_sessions_dispatcher_id_idx').on(t.dispatcherId)],
);

/**
 * Every action a dispatcher takes, with why and what changed. Append-only: the database refuses
 * updates and deletes (migration 0012), and rows outlive the services they name.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull().defaultNow(),
    dispatcherId: text('dispatcher_id').notNull(),
    dispatcherName: text('dispatcher_name').notNull(),
    action: text('action').notNull(),
    serviceId: text('service_id'),
    driverId: text('driver_id'),
    reason: text('reason'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_service_id_idx').on(t.serviceId, t.id),
    index('audit_log_dispatcher_id_idx').on(t.dispatcherId, t.id),
  ],
);

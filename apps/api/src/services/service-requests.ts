import { createHash } from 'node:crypto';
import { BRANDS } from '@auxilio/brands';
import {
  customerFeeCents,
  evaluateLimitCheck,
  feeBreakdown,
  feesApply,
  servicePriceCents,
  type Account,
  ServiceRequestResponseSchema,
  ServiceSchema,
  statusNumberOf,
  type LocationPoint,
  type Service,
  type ServiceRequestPayload,
  type ServiceRequestResponse,
} from '@auxilio/domain';
import { AppError } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import type { ServiceDriverRow, ServiceRecord, ServiceRow } from '../repositories/services.ts';
import { getAccount } from './accounts.ts';
import { generateServiceToken, hashServiceToken } from './service-tokens.ts';

// SPEC 7 POST /api/v1/service-requests ("reads token and eventId (and serviceId)") and
// GET /services/{id} ("reads status, trip, driver, locations, situation, branch, sfIdAccount").

type Repos = Pick<
  Repositories,
  'accounts' | 'campaigns' | 'integrations' | 'services' | 'contracts' | 'serviceAccess'
>;

/** Scope of the idempotency records of service creation (ARCHITECTURE decision 10). */
export const SERVICE_REQUEST_SCOPE = 'service-request';

/** JSON with object keys sorted at every level, so equal bodies hash equally whatever the order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

/** sha-256 hex of the canonical form of a validated request body. */
export function hashRequestBody(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** HTTP status of a creation, stored with the answer and replayed with it. */
export const SERVICE_REQUEST_CREATED = 201;

/**
 * The price the server charges, in cents before tax, and the surplus (decision 257): the payload's
 * `price` is not trusted. The surplus comes from the limit check of the payload's contract against
 * the account's fee (decision 250); the price follows SPEC 9 (`servicePriceCents`).
 */
export async function serverPrice(
  repos: Pick<Repos, 'contracts'>,
  account: Account,
  payload: Pick<ServiceRequestPayload, 'situation' | 'customerContract' | 'vehPlate'>,
  now: Date,
): Promise<{ priceCents: number; surplusCents: number }> {
  const brand = BRANDS.find((candidate) => candidate.slug === account.brand);
  const feeCents =
    customerFeeCents({
      serviceFees: account.serviceFees,
      managementFee: account.managementFee,
      situation: payload.situation,
    }) ?? 0;
  const contract = payload.customerContract
    ? await repos.contracts.findById(payload.customerContract)
    : undefined;
  const verdict = contract
    ? evaluateLimitCheck({
        contract,
        situation: payload.situation,
        enteredPlate: payload.vehPlate,
        lookupMode: brand?.vehicleLookup ?? 'plate',
        costCents: feeCents,
        now,
      })
    : null;
  const surplusCents = verdict?.surplus?.amount ?? 0;
  const feesCharged = feesApply({
    brandFeesApply: brand?.feesApply ?? false,
    legacyReceiptPreview: account.config.legacyReceiptPreview,
  });
  return { priceCents: servicePriceCents({ surplusCents, feesCharged, feeCents }), surplusCents };
}

/** The creation answer as the idempotency record keeps it: everything but the token (decision 470). */
const StoredCreationSchema = ServiceRequestResponseSchema.omit({ token: true });

/** How long after creation a same-body retry still gets a (new) token (decision 470). */
export const TOKEN_REISSUE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Creates a service from the SPEC 3 service-request payload, idempotently on `serviceId`
 * (decisions 200, 470): a retry with the same body gets the first answer again with a freshly
 * minted token that replaces the first (only hashes are stored), a different body for the same id
 * is a 409, and concurrent duplicates create one service.
 */
export async function createServiceRequest(
  repos: Repos,
  payload: ServiceRequestPayload,
  now: Date = new Date(),
): Promise<ServiceRequestResponse> {
  const account = await getAccount(repos, payload.account_id);
  const requestHash = hashRequestBody(payload);
  const token = generateServiceToken();
  const { priceCents, surplusCents } = await serverPrice(repos, account, payload, now);
  const payments = feeBreakdown({ feeCents: priceCents, taxRate: account.tax.rate });
  const hasDestination = payload.destLatitude !== null && payload.destLongitude !== null;

  const outcome = await repos.services.createIdempotent({
    key: `${SERVICE_REQUEST_SCOPE}:${payload.serviceId}`,
    scope: SERVICE_REQUEST_SCOPE,
    requestHash,
    statusCode: SERVICE_REQUEST_CREATED,
    row: {
      id: payload.serviceId,
      accountId: account._id,
      accountPhone: account.phone,
      branch: account.branch,
      sfIdAccount: account.salesforce,
      brand: account.brand,
      priceCents,
      surplusCents,
      taxRate: account.tax.rate,
      currency: payload.currency,
      createdAt: now,
      situation: payload.situation,
      serviceType: payload.category,
      firstname: payload.clientName,
      lastname: payload.clientLastName,
      phone: payload.clientPhone1,
      email: payload.clientEmail || null,
      // SPEC 4: a new service is Queued, status number 1 (new), trip status NEW.
      status: 'Queued',
      statusNumber: statusNumberOf('new'),
      tripStatus: 'NEW',
      tripStamps: { NEW: now.toISOString() },
      schedule: payload.schedule ? new Date(payload.schedule) : null,
      payments: {
        subtotal: payments.subtotalCents,
        tax: payments.taxCents,
        total: payments.totalCents,
      },
      paymentMethod: payload.paymentMethod,
      paymentReferences: {
        customerIdStripe: payload.customerIdStripe,
        chargeIdStripe: payload.chargeIdStripe,
        cardIdStripe: payload.cardIdStripe,
        emailPayment: payload.email_payment,
      },
      priceDetails: payload.priceDetails,
      isCovered: payload.isCovered,
      externalId: payload.externalId,
      fromConnectApp: payload.fromConnectApp,
      contractId: payload.customerContract,
      customerContract: payload.customerContract ? { _id: payload.customerContract } : null,
      situationLat: payload.sitLatitude,
      situationLng: payload.sitLongitude,
      situationAddress: payload.sitAddress,
      situationPlaceId: payload.sitPlaceId ?? null,
      situationReferenceAddress: payload.sitReferenceAddress ?? null,
      destinationLat: hasDestination ? payload.destLatitude : null,
      destinationLng: hasDestination ? payload.destLongitude : null,
      destinationAddress: hasDestination ? payload.destAddress : null,
      destinationPlaceId: hasDestination ? payload.destPlaceId : null,
      vehiclePlate: payload.vehPlate || null,
      vehicleMake: payload.vehMake || null,
      vehicleModel: payload.vehModel || null,
      vehicleYear: payload.vehYear,
      vehicleColor: payload.vehColor || null,
      notes: payload.notes,
      home: payload.subService ? { subService: payload.subService } : null,
      pushOptIn: payload.pushOptIn,
      campaign: payload.DIDNumber,
      policyNumber: payload.policyNumber,
      isFromCheckLimit: payload.isFromCheckLimit,
      isMmmHod: payload.isMMMHOD,
      privacyPolicyAcceptanceDate: payload.privacyPolicyAcceptanceDate
        ? new Date(payload.privacyPolicyAcceptanceDate)
        : null,
      sourceData: payload.sourceData,
      tokenHash: hashServiceToken(token),
      requestPayloadHash: requestHash,
    },
    event: {
      type: 'created',
      payload: { status: 'Queued', statusNumber: statusNumberOf('new'), tripStatus: 'NEW' },
    },
    // Decision 470: the record never holds the token, only what a retry answers besides it.
    respond: ({ serviceNumber, event }) =>
      StoredCreationSchema.parse({
        eventId: String(event.id),
        serviceId: payload.serviceId,
        serviceNumber: String(serviceNumber),
      }),
  });

  if (outcome.kind === 'created') return { ...outcome.response, token };
  if (outcome.kind === 'taken' || outcome.requestHash !== requestHash) {
    throw new AppError(
      'CONFLICT',
      `Service '${payload.serviceId}' was already requested with a different body`,
    );
  }
  const stored = StoredCreationSchema.safeParse(outcome.response);
  if (!stored.success) {
    throw new AppError('CONFLICT', `Service '${payload.serviceId}' is being created; retry`);
  }
  return { ...stored.data, token: await reissueToken(repos, payload.serviceId, now) };
}

/**
 * Decision 470: a same-body retry (the first answer was lost) gets a new token whose hash replaces
 * the service's, so the plaintext never has to be kept. Only within TOKEN_REISSUE_WINDOW_MS of
 * creation: later the service is followed with the token already held, and a replay is a 409.
 */
async function reissueToken(
  repos: Pick<Repositories, 'services' | 'serviceAccess'>,
  serviceId: string,
  now: Date,
): Promise<string> {
  const record = await repos.services.findById(serviceId);
  const createdAt = record?.service.createdAt.getTime() ?? 0;
  if (now.getTime() - createdAt > TOKEN_REISSUE_WINDOW_MS) {
    throw new AppError(
      'CONFLICT',
      `Service '${serviceId}' was created more than 24 hours ago; its token is not reissued`,
    );
  }
  const token = generateServiceToken();
  const key = `${SERVICE_REQUEST_SCOPE}:${serviceId}`;
  if (!(await repos.serviceAccess.reissueToken(serviceId, key, hashServiceToken(token)))) {
    throw new AppError('CONFLICT', `Service '${serviceId}' is being created; retry`);
  }
  return token;
}

function point(
  lat: number | null,
  lng: number | null,
  address: string | null,
  placeId: string | null,
  prettyAddress: string | null,
): LocationPoint | null {
  if (lat === null || lng === null) return null;
  return {
    lat,
    lng,
    address: address ?? '',
    placeId: placeId ?? '',
    prettyAddress: prettyAddress ?? '',
  };
}

function toDriver(driver: ServiceDriverRow, service: ServiceRow): NonNullable<Service['driver']> {
  return {
    _id: driver.id,
    id: driver.id,
    branch: driver.branch as NonNullable<Service['driver']>['branch'],
    name: driver.name,
    email: driver.email,
    phone: driver.phone,
    iconset: driver.iconset,
    inspectorId: driver.inspectorId,
    vehicleType: driver.vehicleType,
    employeeImage: driver.employeeImage,
    vehicleImage: driver.vehicleImage,
    status: driver.status,
    pendingSituation: driver.pendingSituation,
    lat: driver.lastLat,
    lng: driver.lastLng,
    eta: service.driverEtaSeconds,
    distance: service.driverDistanceMeters,
  };
}

/** A service row to the wire shape of SPEC 3 "Service" (validated, so a bad row fails here). */
export function toService({ service: row, driver }: ServiceRecord): Service {
  const payments = row.payments ?? feeBreakdownOf(row);
  return ServiceSchema.parse({
    _id: row.id,
    serviceNumber: String(row.serviceNumber),
    account: row.accountId,
    accountPhone: row.accountPhone ?? '',
    branch: row.branch,
    sfIdAccount: row.sfIdAccount ?? '',
    price: row.priceCents,
    taxRate: row.taxRate,
    date: row.createdAt.toISOString(),
    endDate: row.endDate?.toISOString() ?? null,
    situation: row.situation,
    serviceType: row.serviceType,
    firstname: row.firstname,
    status: row.status,
    schedule: row.schedule?.toISOString() ?? '',
    payments,
    external: { id: row.externalId },
    flags: { fromConnectApp: row.fromConnectApp },
    salesforce: { serviceId: row.salesforceServiceId },
    surveys: { answered: row.surveysAnswered },
    surplus: row.surplusCents > 0 ? { amount: row.surplusCents, coveredAmount: null } : null,
    customerContract: row.contractId ?? stringField(row.customerContract, '_id'),
    messageConfirmation: { status: row.messageConfirmationStatus ?? 'pending' },
    provider: row.providerName ? { name: row.providerName } : null,
    trip: {
      status: row.tripStatus,
      stamps: row.tripStamps,
      simulatedEta: row.simulatedEtaSeconds,
    },
    locations: {
      situation: point(
        row.situationLat,
        row.situationLng,
        row.situationAddress,
        row.situationPlaceId,
        row.situationPrettyAddress,
      ),
      destination: point(
        row.destinationLat,
        row.destinationLng,
        row.destinationAddress,
        row.destinationPlaceId,
        row.destinationPrettyAddress,
      ),
      provider: point(
        row.providerLat,
        row.providerLng,
        row.providerAddress,
        row.providerPlaceId,
        row.providerPrettyAddress,
      ),
    },
    driver: driver ? toDriver(driver, row) : null,
  });
}

function feeBreakdownOf(row: ServiceRow): Service['payments'] {
  const fees = feeBreakdown({ feeCents: row.priceCents, taxRate: row.taxRate });
  return { subtotal: fees.subtotalCents, tax: fees.taxCents, total: fees.totalCents };
}

function stringField(json: Record<string, unknown> | null, key: string): string | null {
  const value = json?.[key];
  return typeof value === 'string' ? value : null;
}

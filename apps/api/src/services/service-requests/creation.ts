import {
  currencyOf,
  feeBreakdown,
  firstDispatchAt,
  homeVisitStart,
  isHomeVisitAllowed,
  servicePaymentMethods,
  ServiceRequestResponseSchema,
  statusNumberOf,
  timeZoneOf,
  type Account,
  type Branch,
  type PaymentMethod,
  type ServiceRequestPayload,
  type ServiceRequestResponse,
} from '@auxilio/domain';
// The domain's schemas are zod/mini (decision 720): their object helpers are functions.
import { omit } from 'zod/mini';
import { AppError } from '../../lib/errors.ts';
import { hashRequestBody } from '../../lib/request-hash.ts';
import type { Repositories } from '../../repositories/index.ts';
import { PaymentAlreadyClaimedError } from '../../repositories/payment-claims.ts';
import { getAccount } from '../accounts.ts';
import type {
  PaymentDue,
  PaymentVerifier,
  VerifiedPayment,
} from '../payments/payment-verification.ts';
import { deriveServiceToken, hashServiceToken } from '../service-tokens.ts';
import { serverPrice } from './pricing.ts';

// SPEC 7 POST /api/v1/service-requests ("reads token and eventId (and serviceId)"): a customer's
// service request is created once, and a retry of it answers the first result (decisions 200, 476).

type Repos = Pick<
  Repositories,
  'accounts' | 'campaigns' | 'integrations' | 'services' | 'contracts'
>;

/** Scope of the idempotency records of service creation (ARCHITECTURE decision 10). */
export const SERVICE_REQUEST_SCOPE = 'service-request';

/** HTTP status of a creation, stored with the answer and replayed with it. */
export const SERVICE_REQUEST_CREATED = 201;

/** The creation answer as the idempotency record keeps it: everything but the token (decision 476). */
const StoredCreationSchema = omit(ServiceRequestResponseSchema, { token: true });

/** How long after creation a same-body retry still gets the answer and its token (decision 476). */
export const TOKEN_REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What service creation needs besides the repositories. */
export interface ServiceRequestDeps {
  /** The server's service-token key (ServerKeys.serviceToken). */
  serviceTokenKey: Buffer;
  payments: Pick<PaymentVerifier, 'verify'>;
}

/** How a new service is paid: its method, and the provider's check of a card or ATH Móvil payment. */
interface ServicePayment {
  method: PaymentMethod;
  /** Null for cash: the provider collects it (decision 665). */
  verified: VerifiedPayment | null;
}

/**
 * The payment of a new service (decision 434): nothing when nothing is due; otherwise a method the
 * account takes (decision 665): cash where the account allows it, collected by the provider, or the
 * card or ATH Móvil payment the request names, confirmed by its provider for the total our rules
 * compute.
 */
async function servicePayment(
  verifier: Pick<PaymentVerifier, 'verify'>,
  account: Account,
  payload: ServiceRequestPayload,
  due: PaymentDue,
): Promise<ServicePayment | null> {
  if (due.amountCents === 0) return null;
  const method = payload.paymentMethod;
  const methods = servicePaymentMethods(account);
  if (method === 'cash' && methods.includes('cash')) return { method, verified: null };
  if (method === 'ath_movil' && !methods.includes('ath_movil')) {
    throw new AppError(
      'PAYMENT_REQUIRED',
      `ATH Móvil does not pay services of ${account.branch}: pay by ${methods.join(' or ')}`,
      'body.paymentMethod',
    );
  }
  const verified = await verifier.verify(
    { method, reference: payload.chargeIdStripe, field: 'body.chargeIdStripe' },
    due,
  );
  // The verifier takes only card and ATH Móvil payments (PAYMENT_REQUIRED for anything else).
  return { method: method === 'ath_movil' ? 'ath_movil' : 'card', verified };
}

/**
 * When the service is due and what the home visit is (decision 644). A home visit's day must be at
 * least 2 days after today in the branch (SPEC 5 "Home availability date at least 2 days from
 * today"), checked on the first request only (a retry the next day answers what was stored); the
 * visit is due when its window opens, so dispatch waits for that day as for any scheduled service.
 */
function homeVisitFields(
  payload: ServiceRequestPayload,
  branch: Branch,
  now: Date,
  firstRequest: boolean,
): { schedule: Date | null; home: Record<string, unknown> | null } {
  const visit = payload.category === 'home' ? payload.homeVisit : undefined;
  if (!visit) {
    return {
      schedule: payload.schedule ? new Date(payload.schedule) : null,
      home: payload.subService ? { subService: payload.subService } : null,
    };
  }
  const timeZone = timeZoneOf(branch);
  if (firstRequest && !isHomeVisitAllowed(visit, now, timeZone)) {
    throw new AppError(
      'BAD_REQUEST',
      `A home visit must be at least 2 days after today in ${timeZone}`,
      'body.homeVisit.date',
    );
  }
  return {
    schedule: homeVisitStart(visit, timeZone),
    home: { subService: payload.subService ?? '', ...visit },
  };
}

/**
 * Creates a service from the SPEC 3 service-request payload, idempotently on `serviceId`
 * (ARCHITECTURE decision 10; decisions 200, 476): a retry with the same body answers the first
 * result with the same token, however many retries run at once; a different body for the same id
 * is a 409; concurrent duplicates create one service.
 */
export async function createServiceRequest(
  repos: Repos,
  deps: ServiceRequestDeps,
  payload: ServiceRequestPayload,
  now: Date = new Date(),
): Promise<ServiceRequestResponse> {
  const account = await getAccount(repos, payload.account_id);
  const requestHash = hashRequestBody(payload);
  const token = deriveServiceToken(deps.serviceTokenKey, payload.serviceId, requestHash);
  const key = `${SERVICE_REQUEST_SCOPE}:${payload.serviceId}`;
  const { priceCents, surplusCents, contract } = await serverPrice(repos, account, payload, now);
  const payments = feeBreakdown({ feeCents: priceCents, taxRate: account.tax.rate });
  const hasDestination = payload.destLatitude !== null && payload.destLongitude !== null;
  // A retry of a created service answers what was stored; only a first request is checked against
  // today's rules and asks the payment provider.
  const firstRequest = !(await repos.services.hasCreationRecord(key));
  const visit = homeVisitFields(payload, account.branch, now, firstRequest);
  const paid = firstRequest
    ? await servicePayment(deps.payments, account, payload, {
        serviceId: payload.serviceId,
        purpose: 'service',
        amountCents: payments.totalCents,
        currency: currencyOf(account.branch),
      })
    : null;

  const outcome = await repos.services
    .createIdempotent({
      key,
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
        // The branch's currency (SPEC 9), as the payment was checked in: never the client's word.
        currency: currencyOf(account.branch),
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
        schedule: visit.schedule,
        // Dispatch looks for a driver at once, or shortly before the schedule (decision 760).
        dispatchAt: firstDispatchAt(now, visit.schedule),
        payments: {
          subtotal: payments.subtotalCents,
          tax: payments.taxCents,
          total: payments.totalCents,
        },
        // Decision 434: payment references are the provider's, and only those of a checked payment;
        // cash has none (decision 665).
        paymentMethod: paid?.method ?? null,
        paymentReferences: {
          customerIdStripe: paid?.verified?.customerId ?? null,
          chargeIdStripe: paid?.verified ? payload.chargeIdStripe : null,
          cardIdStripe: paid?.verified?.cardId ?? null,
          emailPayment: payload.email_payment,
        },
        // SPEC 3 home "priceDetails (priceRate and serviceCost)": the account's rate and the server's
        // price, never the numbers the client sent.
        priceDetails: payload.priceDetails
          ? { priceRate: account.serviceFees[payload.situation] ?? 0, serviceCost: priceCents }
          : null,
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
        // Decision 650: a tow's passengers (the schema refuses them on any other service).
        passengers: payload.passengers ?? null,
        notes: payload.notes,
        home: visit.home,
        pushOptIn: payload.pushOptIn,
        campaign: payload.DIDNumber,
        // The public contract search gives no policy number (decision 417): the server knows it.
        policyNumber: payload.policyNumber ?? contract?.policyNumber ?? null,
        isFromCheckLimit: payload.isFromCheckLimit,
        isMmmHod: payload.isMMMHOD,
        privacyPolicyAcceptanceDate: payload.privacyPolicyAcceptanceDate
          ? new Date(payload.privacyPolicyAcceptanceDate)
          : null,
        sourceData: payload.sourceData,
        tokenHash: hashServiceToken(token),
        requestPayloadHash: requestHash,
      },
      created: { status: 'Queued', statusNumber: statusNumberOf('new'), tripStatus: 'NEW' },
      paymentClaim: paid?.verified?.claim,
      // Decision 476: the record never holds the token, only what a retry answers besides it.
      respond: ({ serviceNumber, event }) =>
        StoredCreationSchema.parse({
          eventId: String(event.id),
          serviceId: payload.serviceId,
          serviceNumber: String(serviceNumber),
        }),
    })
    .catch((error: unknown) => {
      if (error instanceof PaymentAlreadyClaimedError) {
        throw new AppError(
          'PAYMENT_INVALID',
          'This payment already pays for another service',
          'body.chargeIdStripe',
        );
      }
      throw error;
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
  await checkReplay(repos, payload.serviceId, token, now);
  return { ...stored.data, token };
}

/**
 * A same-body retry answers the first token again (decision 476), within TOKEN_REPLAY_WINDOW_MS of
 * creation only, as payment APIs keep idempotency keys for a day. 409 when the service's token is
 * not the one this server derives (the server secret changed since, or differs between replicas):
 * the token of the first answer keeps working and is never replaced.
 */
async function checkReplay(
  repos: Pick<Repositories, 'services'>,
  serviceId: string,
  token: string,
  now: Date,
): Promise<void> {
  const record = await repos.services.findById(serviceId);
  const createdAt = record?.service.createdAt.getTime() ?? 0;
  if (now.getTime() - createdAt > TOKEN_REPLAY_WINDOW_MS) {
    throw new AppError(
      'CONFLICT',
      `Service '${serviceId}' was created more than 24 hours ago; its answer is not given again`,
    );
  }
  if (record?.service.tokenHash !== hashServiceToken(token)) {
    throw new AppError(
      'CONFLICT',
      `Service '${serviceId}' exists; its token cannot be given again, keep using the first one`,
    );
  }
}

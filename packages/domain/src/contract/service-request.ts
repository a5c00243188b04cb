import { z } from 'zod';
import type { Brand } from '../brand.ts';
import { formatMMDDYYYY } from '../dates.ts';
import { CurrencySchema, PaymentMethodSchema } from '../enumerations.ts';
import { feesApply } from '../money.ts';
import { ServiceCategorySchema, ServiceTypeNameSchema } from '../service-types.ts';
import type { Session } from '../session.ts';
import { isValidCoordinate, splitFullName, vehicleSearchPlate } from '../validation.ts';
import { AccountIdSchema, CentsSchema, type Account } from './accounts.ts';
import type { HomeNotes } from './home-notes.ts';
import { ReferenceAddressSchema } from './locations.ts';
import {
  boundedText,
  IsoDateTimeSchema,
  LatitudeSchema,
  LongitudeSchema,
  PhoneSchema,
  requiredText,
  ServiceIdSchema,
  ServiceTokenSchema,
} from './primitives.ts';

/** SPEC 3: "Notes text begins 'From Client: '". */
export const CLIENT_NOTES_PREFIX = 'From Client: ';

/** SPEC 3 "sourceData (type, userAgent, os, browser, device, connectAppSource)". */
export const SourceDataSchema = z.object({
  /** Which client created the request; this PWA sends 'pwa'. */
  type: z.enum(['pwa', 'webview', 'driver-app', 'back-office']),
  userAgent: boundedText(500),
  os: boundedText(60),
  browser: boundedText(60),
  device: boundedText(60),
  /** The host app when running inside a webview; null in a browser. */
  connectAppSource: boundedText(60).nullable(),
});
export type SourceData = z.infer<typeof SourceDataSchema>;

/** What the browser says about itself (parsed by the web app from navigator). */
export type UserAgentInfo = Pick<SourceData, 'userAgent' | 'os' | 'browser' | 'device'>;

/**
 * `POST /api/v1/service-requests`. Every field of SPEC 3 "Service-request payload"; `subService`
 * is ours (decision 128): the home sub-service the customer chose.
 */
export const ServiceRequestPayloadSchema = z
  .object({
    serviceId: ServiceIdSchema,
    account_id: AccountIdSchema,
    status: z.literal('Queued'),
    situation: ServiceTypeNameSchema,
    category: ServiceCategorySchema,
    subService: boundedText(120).optional(),
    clientName: requiredText(60),
    clientLastName: boundedText(80),
    clientPhone1: PhoneSchema,
    clientEmail: z.union([z.email().max(254), z.literal('')]),
    /** SPEC 3 "vehPlate (upper case)"; '' for home services. */
    vehPlate: boundedText(20).refine(
      (plate) => plate === plate.toUpperCase(),
      'Expected upper case',
    ),
    vehMake: boundedText(60),
    vehModel: boundedText(60),
    vehYear: z.number().int().min(1900).max(2100).nullable(),
    vehColor: boundedText(40),
    creationDate: IsoDateTimeSchema,
    sitLatitude: LatitudeSchema,
    sitLongitude: LongitudeSchema,
    sitAddress: boundedText(300),
    sitPlaceId: boundedText(300).optional(),
    /** SPEC 3: "sitReferenceAddress when there is no situation address". */
    sitReferenceAddress: ReferenceAddressSchema.optional(),
    destLatitude: LatitudeSchema.nullable(),
    destLongitude: LongitudeSchema.nullable(),
    destAddress: boundedText(300),
    destPlaceId: boundedText(300),
    /** Price in cents before tax. */
    price: CentsSchema,
    /** SPEC 3 "priceDetails (home track: priceRate and serviceCost)", in cents. */
    priceDetails: z.object({ priceRate: CentsSchema, serviceCost: CentsSchema }).nullable(),
    paymentMethod: PaymentMethodSchema.nullable(),
    cardIdStripe: boundedText(255).nullable(),
    chargeIdStripe: boundedText(255).nullable(),
    customerIdStripe: boundedText(255).nullable(),
    currency: CurrencySchema,
    isCovered: z.literal(false),
    email_payment: boundedText(254),
    notes: z
      .string()
      .max(2000)
      .refine((text) => text.startsWith(CLIENT_NOTES_PREFIX), "Expected 'From Client: ' first"),
    fromConnectApp: z.literal(true),
    sourceData: SourceDataSchema,
    /** SPEC 5: "privacyPolicyAcceptanceDate is sent as an ISO string". */
    privacyPolicyAcceptanceDate: IsoDateTimeSchema.nullable(),
    externalId: boundedText(64).nullable(),
    schedule: z.union([IsoDateTimeSchema, z.literal('')]),
    customerContract: boundedText(64).nullable(),
    pushOptIn: z.boolean(),
    isFromCheckLimit: z.boolean(),
    isMMMHOD: z.boolean(),
    /** SPEC 3 "DIDNumber (campaign name)". */
    DIDNumber: boundedText(64).nullable(),
    policyNumber: boundedText(60).nullable(),
  })
  .refine((p) => p.sitAddress.trim() !== '' || p.sitReferenceAddress !== undefined, {
    message: 'Either sitAddress or sitReferenceAddress is required',
    path: ['sitAddress'],
  });
export type ServiceRequestPayload = z.infer<typeof ServiceRequestPayloadSchema>;
export type ServiceRequestPayloadInput = z.input<typeof ServiceRequestPayloadSchema>;

/** Creation answer. SPEC 7: "reads token and eventId (and serviceId)". */
export const ServiceRequestResponseSchema = z.object({
  token: ServiceTokenSchema,
  eventId: z.string(),
  serviceId: z.string(),
  /** Number of the new service (receipts, SMS prefix). */
  serviceNumber: z.string().optional(),
});
export type ServiceRequestResponse = z.infer<typeof ServiceRequestResponseSchema>;

/**
 * The notes of the request. SPEC 3: "Notes text begins 'From Client: ' and holds either date plus
 * availability (home type) or the notes." Home comments follow the availability when given
 * (decision 128).
 */
export function buildClientNotes(input: {
  category: z.infer<typeof ServiceCategorySchema>;
  homeNotes: Pick<HomeNotes, 'date' | 'availability' | 'comments'>;
  notes: string;
}): string {
  if (input.category === 'home') {
    const { date, availability, comments } = input.homeNotes;
    const parts = [
      date ? formatMMDDYYYY(date) : '',
      availability ? availability.replace('_', ' ') : '',
    ].filter(Boolean);
    const text = parts.join(' ');
    const extra = comments.trim();
    return `${CLIENT_NOTES_PREFIX}${extra ? `${text}. ${extra}` : text}`;
  }
  return `${CLIENT_NOTES_PREFIX}${input.notes.trim()}`;
}

/** Thrown when the session lacks what a request needs (a screen skipped a step). */
export class IncompleteRequestError extends Error {
  constructor(readonly field: string) {
    super(`The request is missing ${field}`);
    this.name = 'IncompleteRequestError';
  }
}

/**
 * Builds the SPEC 3 service-request payload from the session. Validate the result with
 * `ServiceRequestPayloadSchema` before sending; this function only maps fields.
 */
export function buildServiceRequestPayload(
  session: Session,
  account: Pick<Account, '_id' | 'serviceFees' | 'config'>,
  brand: Pick<Brand, 'slug' | 'vehicleLookup' | 'feesApply'>,
  now: Date,
  userAgentInfo: UserAgentInfo,
): ServiceRequestPayload {
  if (!session.serviceId) throw new IncompleteRequestError('serviceId');
  if (!session.situation) throw new IncompleteRequestError('situation');
  const situation = session.situation;
  const category =
    session.serviceType?.category ?? (session.currentTrack === 'home' ? 'home' : 'road');
  const { clientForm, locations, payment, userExternalParams } = session;
  const { firstName, lastName } = splitFullName(clientForm.fullName);
  const year = Number.parseInt(clientForm.year, 10);

  const situationFee = account.serviceFees[situation] ?? 0;
  const charged = feesApply({
    brandFeesApply: brand.feesApply,
    legacyReceiptPreview: account.config.legacyReceiptPreview,
  });
  // SPEC 9: "for a surplus it uses the surplus amount"; otherwise the fee when fees apply.
  const price = session.surplus
    ? session.surplus.amount
    : charged
      ? (session.customerFee ?? situationFee)
      : 0;

  const sit = locations.situation;
  const hasSituationAddress = sit.address.trim() !== '';
  const dest = locations.destination;
  const hasDestination = isValidCoordinate(dest);

  return {
    serviceId: session.serviceId,
    account_id: account._id,
    status: 'Queued',
    situation,
    category,
    ...(session.homeNotes.subService ? { subService: session.homeNotes.subService } : {}),
    clientName: firstName,
    clientLastName: lastName,
    clientPhone1: clientForm.phone.trim(),
    clientEmail: clientForm.email.trim(),
    // SPEC 3 "vehPlate (upper case)"; SPEC 5 "Plate hyphens are removed" except in policy mode.
    vehPlate: vehicleSearchPlate(brand.vehicleLookup, clientForm.plate.trim()).toUpperCase(),
    vehMake: clientForm.make.trim(),
    vehModel: clientForm.model.trim(),
    vehYear: Number.isInteger(year) ? year : null,
    vehColor: clientForm.color.trim(),
    creationDate: now.toISOString(),
    sitLatitude: sit.lat,
    sitLongitude: sit.lng,
    sitAddress: sit.address,
    ...(hasSituationAddress
      ? { sitPlaceId: sit.placeId }
      : { sitReferenceAddress: session.referenceAddress }),
    destLatitude: hasDestination ? dest.lat : null,
    destLongitude: hasDestination ? dest.lng : null,
    destAddress: hasDestination ? dest.address : '',
    destPlaceId: hasDestination ? dest.placeId : '',
    price,
    priceDetails: category === 'home' ? { priceRate: situationFee, serviceCost: price } : null,
    paymentMethod: payment.paymentMethod,
    cardIdStripe: payment.cardIdStripe,
    chargeIdStripe: payment.chargeIdStripe,
    customerIdStripe: payment.customerIdStripe,
    currency: 'usd',
    isCovered: false,
    email_payment: payment.emailPayment,
    notes: buildClientNotes({ category, homeNotes: session.homeNotes, notes: session.notes }),
    fromConnectApp: true,
    sourceData: {
      type: userExternalParams.isFromWebview ? 'webview' : 'pwa',
      ...userAgentInfo,
      connectAppSource: userExternalParams.isFromWebview ? (session.brand ?? brand.slug) : null,
    },
    privacyPolicyAcceptanceDate: clientForm.privacyPolicyAcceptanceDate,
    externalId: userExternalParams.identifier,
    schedule: session.schedule ?? '',
    customerContract: session.customerContract?._id ?? null,
    pushOptIn: session.pushOptIn,
    // SPEC 3: "isFromCheckLimit (true when the brand differs from the previous account)".
    isFromCheckLimit:
      session.previousAccount !== null && session.previousAccount.brand !== brand.slug,
    isMMMHOD: session.isMMMHOD,
    DIDNumber: session.campaign?.name ?? null,
    policyNumber: userExternalParams.policyNumber ?? session.customerContract?.policyNumber ?? null,
  };
}

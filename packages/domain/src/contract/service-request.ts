import { z } from 'zod/mini';
import { CurrencySchema, PaymentMethodSchema } from '../enumerations.ts';
import {
  categoryOfServiceType,
  isTowServiceType,
  ServiceCategorySchema,
  ServiceTypeNameSchema,
} from '../service-types.ts';
import { MAX_TOW_PASSENGERS } from '../constants.ts';
import { AccountIdSchema, CentsSchema } from './accounts.ts';
import { ReferenceAddressSchema } from './locations.ts';
import { HomeVisitSchema } from './home-notes.ts';
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
  connectAppSource: z.nullable(boundedText(60)),
});
export type SourceData = z.infer<typeof SourceDataSchema>;

/** What the browser says about itself (parsed by the web app from navigator). */
export type UserAgentInfo = Pick<SourceData, 'userAgent' | 'os' | 'browser' | 'device'>;

/**
 * `POST /api/v1/service-requests`. Every field of SPEC 3 "Service-request payload"; `subService`
 * is ours (decision 128): the home sub-service the customer chose; so is `passengers` (decision
 * 650): the tow passengers.
 */
export const ServiceRequestPayloadSchema = z
  .object({
    serviceId: ServiceIdSchema,
    account_id: AccountIdSchema,
    status: z.literal('Queued'),
    situation: ServiceTypeNameSchema,
    category: ServiceCategorySchema,
    subService: z.optional(boundedText(120)),
    /**
     * Ours (decision 650): the tow passengers chosen on /services/tow (SPEC 3 Session "passengers",
     * SPEC 5 "0 or more"), at most MAX_TOW_PASSENGERS; only with a tow situation.
     */
    passengers: z.optional(z.number().check(z.int(), z.gte(0), z.lte(MAX_TOW_PASSENGERS))),
    /** Ours (decision 644): the day and window of a home visit, required on the home track. */
    homeVisit: z.optional(HomeVisitSchema),
    clientName: requiredText(60),
    clientLastName: boundedText(80),
    clientPhone1: PhoneSchema,
    clientEmail: z.union([z.email().check(z.maxLength(254)), z.literal('')]),
    /** SPEC 3 "vehPlate (upper case)"; '' for home services. */
    vehPlate: boundedText(20).check(
      z.refine((plate) => plate === plate.toUpperCase(), 'Expected upper case'),
    ),
    vehMake: boundedText(60),
    vehModel: boundedText(60),
    vehYear: z.nullable(z.number().check(z.int(), z.gte(1900), z.lte(2100))),
    vehColor: boundedText(40),
    creationDate: IsoDateTimeSchema,
    sitLatitude: LatitudeSchema,
    sitLongitude: LongitudeSchema,
    sitAddress: boundedText(300),
    sitPlaceId: z.optional(boundedText(300)),
    /** SPEC 3: "sitReferenceAddress when there is no situation address". */
    sitReferenceAddress: z.optional(ReferenceAddressSchema),
    destLatitude: z.nullable(LatitudeSchema),
    destLongitude: z.nullable(LongitudeSchema),
    destAddress: boundedText(300),
    destPlaceId: boundedText(300),
    /** Price in cents before tax. */
    price: CentsSchema,
    /** SPEC 3 "priceDetails (home track: priceRate and serviceCost)", in cents. */
    priceDetails: z.nullable(z.object({ priceRate: CentsSchema, serviceCost: CentsSchema })),
    paymentMethod: z.nullable(PaymentMethodSchema),
    cardIdStripe: z.nullable(boundedText(255)),
    chargeIdStripe: z.nullable(boundedText(255)),
    customerIdStripe: z.nullable(boundedText(255)),
    /**
     * SPEC 3 "currency (usd)": the PWA sends usd; either currency is accepted and the server never
     * reads it: a service's currency is its branch's (decision 655).
     */
    currency: CurrencySchema,
    isCovered: z.literal(false),
    email_payment: boundedText(254),
    notes: z.string().check(
      z.maxLength(2000),
      z.refine((text) => text.startsWith(CLIENT_NOTES_PREFIX), "Expected 'From Client: ' first"),
    ),
    fromConnectApp: z.literal(true),
    sourceData: SourceDataSchema,
    /** SPEC 5: "privacyPolicyAcceptanceDate is sent as an ISO string". */
    privacyPolicyAcceptanceDate: z.nullable(IsoDateTimeSchema),
    externalId: z.nullable(boundedText(64)),
    schedule: z.union([IsoDateTimeSchema, z.literal('')]),
    customerContract: z.nullable(boundedText(64)),
    pushOptIn: z.boolean(),
    isFromCheckLimit: z.boolean(),
    isMMMHOD: z.boolean(),
    /** SPEC 3 "DIDNumber (campaign name)". */
    DIDNumber: z.nullable(boundedText(64)),
    policyNumber: z.nullable(boundedText(60)),
  })
  .check(
    z.refine((p) => p.sitAddress.trim() !== '' || p.sitReferenceAddress !== undefined, {
      message: 'Either sitAddress or sitReferenceAddress is required',
      path: ['sitAddress'],
    }),
    z.refine((p) => p.passengers === undefined || isTowServiceType(p.situation), {
      message: 'Passengers are only sent with a tow',
      path: ['passengers'],
    }),
    z.refine((p) => p.category === categoryOfServiceType(p.situation), {
      message: "The category must be the situation's (SPEC 1: home types are home, the rest road)",
      path: ['category'],
    }),
    z.refine((p) => p.category !== 'home' || p.homeVisit !== undefined, {
      message: 'A home request needs the visit date and availability window',
      path: ['homeVisit'],
    }),
  );
export type ServiceRequestPayload = z.infer<typeof ServiceRequestPayloadSchema>;
export type ServiceRequestPayloadInput = z.input<typeof ServiceRequestPayloadSchema>;

/** Creation answer. SPEC 7: "reads token and eventId (and serviceId)". */
export const ServiceRequestResponseSchema = z.object({
  token: ServiceTokenSchema,
  eventId: z.string(),
  serviceId: z.string(),
  /** Number of the new service (receipts, SMS prefix). */
  serviceNumber: z.optional(z.string()),
});
export type ServiceRequestResponse = z.infer<typeof ServiceRequestResponseSchema>;

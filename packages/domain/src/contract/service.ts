import { z } from 'zod/mini';
import { BranchSchema } from '../enumerations.ts';
import { ServiceCategorySchema, ServiceTypeNameSchema } from '../service-types.ts';
import { ServiceStatusSchema, TripStatusSchema } from '../service-status.ts';
import { AccountIdSchema, CentsSchema } from './accounts.ts';
import { DriverSchema } from './drivers.ts';
import { HomeVisitSchema } from './home-notes.ts';
import { SurplusSchema } from './limit-check.ts';
import { LocationPointSchema } from './locations.ts';
import { boundedText, IsoDateTimeSchema } from './primitives.ts';

/** SPEC 3 Service "payments (subtotal, tax, total)", in cents (SPEC 9 "Amounts are in cents"). */
export const ServicePaymentsSchema = z.object({
  subtotal: CentsSchema,
  tax: CentsSchema,
  total: CentsSchema,
});
export type ServicePayments = z.infer<typeof ServicePaymentsSchema>;

/**
 * SPEC 3 Service "trip {status, stamps, simulatedEta}". Stamps are the ISO time each trip status was
 * first reached; simulatedEta is the simulated ETA in seconds (SPEC 9 progress line).
 */
export const TripSchema = z.object({
  status: z.nullable(TripStatusSchema),
  stamps: z.partialRecord(TripStatusSchema, IsoDateTimeSchema),
  simulatedEta: z.nullable(z.number().check(z.nonnegative())),
});
export type Trip = z.infer<typeof TripSchema>;

/** SPEC 5 "messageConfirmation status is already 'confirm'". */
export const MessageConfirmationStatusSchema = z.enum(['pending', 'confirm']);

/**
 * SPEC 3 "Service: _id, serviceNumber, account, accountPhone, branch, sfIdAccount, price, taxRate,
 * date, endDate, situation, serviceType, firstname, status, schedule (ISO date-time or empty),
 * payments (subtotal, tax, total), external.id, flags.fromConnectApp, salesforce.serviceId,
 * surveys.answered, surplus, customerContract, messageConfirmation {status}, provider {name}, trip
 * {status, stamps, simulatedEta}, locations {situation, destination, provider}, and a driver".
 * This is `GET /services/{id}` (SPEC 7 "reads status, trip, driver, locations, situation, branch,
 * sfIdAccount").
 */
export const ServiceSchema = z.object({
  _id: z.string(),
  serviceNumber: z.string(),
  account: AccountIdSchema,
  accountPhone: z.string(),
  branch: BranchSchema,
  sfIdAccount: z.string(),
  /** Price in cents before tax. */
  price: CentsSchema,
  /** Tax rate as a fraction (0.115 = 11.5 %). */
  taxRate: z.number().check(z.gte(0), z.lte(1)),
  /** Creation time (ISO). */
  date: IsoDateTimeSchema,
  /** End time (ISO); SPEC 4 "A survey ending a service stamps its end date". */
  endDate: z.nullable(IsoDateTimeSchema),
  situation: ServiceTypeNameSchema,
  /** Category of the situation: road or home (the track the service belongs to). */
  serviceType: ServiceCategorySchema,
  firstname: z.string(),
  status: ServiceStatusSchema,
  /** SPEC 3 "schedule (ISO date-time or empty)": '' means as soon as possible. */
  schedule: z.union([IsoDateTimeSchema, z.literal('')]),
  payments: ServicePaymentsSchema,
  /**
   * SPEC 3 "priceDetails (home track: priceRate and serviceCost)", in cents, as requested; null on
   * the road track. Read back so /service-summary shows a home service's price (decision 642).
   */
  priceDetails: z.optional(
    z.nullable(z.object({ priceRate: CentsSchema, serviceCost: CentsSchema })),
  ),
  /**
   * Ours (decision 644): what a home visit is for and when, as the customer chose it, so
   * /service-summary shows it from the service on any phone; null on the road track.
   */
  home: z.optional(z.nullable(z.extend(HomeVisitSchema, { subService: boundedText(120) }))),
  external: z.object({ id: z.nullable(z.string()) }),
  flags: z.object({ fromConnectApp: z.boolean() }),
  salesforce: z.object({ serviceId: z.nullable(z.string()) }),
  surveys: z.object({ answered: z.boolean() }),
  surplus: z.nullable(SurplusSchema),
  /** Id of the customer contract the service was covered by. */
  customerContract: z.nullable(z.string()),
  messageConfirmation: z.object({ status: MessageConfirmationStatusSchema }),
  provider: z.nullable(z.object({ name: z.string() })),
  trip: TripSchema,
  locations: z.object({
    situation: z.nullable(LocationPointSchema),
    destination: z.nullable(LocationPointSchema),
    provider: z.nullable(LocationPointSchema),
  }),
  driver: z.nullable(DriverSchema),
});
export type Service = z.infer<typeof ServiceSchema>;

/** True when the service is scheduled for later (SPEC 3 "schedule (ISO date-time or empty)"). */
export function isScheduledService(service: Pick<Service, 'schedule'>): boolean {
  return service.schedule !== '';
}

/** True when the service belongs to the home track. */
export function isHomeTrackService(service: Pick<Service, 'serviceType'>): boolean {
  return service.serviceType === 'home';
}

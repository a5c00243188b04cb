import { z } from 'zod/mini';
import { BranchSchema } from '../enumerations.ts';
import {
  boundedText,
  LatitudeSchema,
  LongitudeSchema,
  PhoneSchema,
  requiredText,
  ServiceNumberSchema,
} from './primitives.ts';

/**
 * SPEC 3 "Driver: _id or id, branch, distance, email, eta (seconds), iconset, inspectorId, lat, lng,
 * name, pendingSituation, phone, services, status, vehicleType, employeeImage, vehicleImage".
 * Legacy payloads carry either `_id` or `id`; `driverIdOf` reads whichever is there.
 */
export const DriverSchema = z.object({
  _id: z.optional(z.string()),
  id: z.optional(z.string()),
  branch: z.optional(BranchSchema),
  /** Distance to the situation in metres. */
  distance: z.optional(z.nullable(z.number().check(z.nonnegative()))),
  email: z.optional(z.string()),
  /** ETA to the situation in seconds; -1 means unknown (SPEC 4 "overwritten only when ... 0 or more"). */
  eta: z.optional(z.nullable(z.number())),
  /** Map icon set of the vehicle (tow, car, motorbike, home). */
  iconset: z.optional(z.string()),
  inspectorId: z.optional(z.nullable(z.string())),
  lat: z.optional(z.nullable(LatitudeSchema)),
  lng: z.optional(z.nullable(LongitudeSchema)),
  name: z.string(),
  pendingSituation: z.optional(z.nullable(z.string())),
  phone: z.optional(z.string()),
  /** Service types the driver provides. */
  services: z.optional(z.array(z.string())),
  status: z.optional(z.string()),
  vehicleType: z.optional(z.string()),
  employeeImage: z.optional(z.nullable(z.string())),
  vehicleImage: z.optional(z.nullable(z.string())),
});
export type Driver = z.infer<typeof DriverSchema>;

/** The driver's id, whichever of `_id` or `id` the payload carried; undefined when neither. */
export function driverIdOf(
  driver: Pick<Driver, '_id' | 'id'> | null | undefined,
): string | undefined {
  const id = driver?._id ?? driver?.id;
  return id ? id : undefined;
}

/**
 * True when a real driver is assigned: a driver with an id. SPEC 4 "Accepted when a real driver
 * exists"; a driver object without an id is a placeholder (e.g. "to be assigned").
 */
export function hasRealDriver(driver: Pick<Driver, '_id' | 'id'> | null | undefined): boolean {
  return driverIdOf(driver) !== undefined;
}

/**
 * What the public driver calls show of any driver (decision 415): who comes and in what vehicle,
 * never the phone, e-mail, position, pending situation or inspector id. The assigned driver's phone
 * and position reach the customer through the service (`GET /services/{id}`, its token).
 */
export const PublicDriverSchema = z.pick(DriverSchema, {
  _id: true,
  id: true,
  branch: true,
  name: true,
  iconset: true,
  vehicleType: true,
  employeeImage: true,
  vehicleImage: true,
});
export type PublicDriver = z.infer<typeof PublicDriverSchema>;

/** `GET /providers/drivers/driverById/{id}`: SPEC 7 "reads employeeImage, vehicleImage". */
export const DriverByIdResponseSchema = PublicDriverSchema;

/** `GET /providers/drivers/driverById/{id}/location`: SPEC 7 "reads data". */
export const DriverLocationResponseSchema = z.object({
  data: z.nullable(
    z.object({
      lat: LatitudeSchema,
      lng: LongitudeSchema,
      /** Heading in degrees, 0 = north, when the device reports one. */
      heading: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(360)))),
      /** ISO time of the fix. */
      updatedAt: z.optional(z.string()),
    }),
  ),
});
export type DriverLocationResponse = z.infer<typeof DriverLocationResponseSchema>;

/** `GET /api/v1/drivers`: SPEC 7 "all drivers", each as its public card (decision 415). */
export const DriverListResponseSchema = z.array(PublicDriverSchema);

/** SPEC 7 SMS prefix: "message (prefixed 'No Reply: #{serviceNumber}: ...')". */
export function smsPrefix(serviceNumber: string): string {
  return `No Reply: #${serviceNumber}: `;
}

/**
 * `POST /api/v1/drivers/sms`. SPEC 7: "{message (prefixed 'No Reply: #{serviceNumber}: ...'),
 * serviceNumber, phone, branch}; success when data.status is true".
 */
export const DriverSmsRequestSchema = z
  .object({
    message: requiredText(480),
    serviceNumber: ServiceNumberSchema,
    /** The driver's phone (decision 253: it must be the phone of the service's driver). */
    phone: PhoneSchema,
    branch: BranchSchema,
  })
  .check(
    z.refine((body) => body.message.startsWith(smsPrefix(body.serviceNumber)), {
      message: "Expected the prefix 'No Reply: #{serviceNumber}: '",
      path: ['message'],
    }),
  );
export type DriverSmsRequest = z.infer<typeof DriverSmsRequestSchema>;

/** SMS answer: the client reads `data.status` (ARCHITECTURE 1: body `{ status }`). */
export const DriverSmsResponseSchema = z.object({ status: z.boolean() });
export type DriverSmsResponse = z.infer<typeof DriverSmsResponseSchema>;

/** Builds the SMS body with the SPEC 7 prefix; the text is trimmed and not prefixed twice. */
export function buildDriverSms(input: {
  text: string;
  serviceNumber: string;
  phone: string;
  branch: z.infer<typeof BranchSchema>;
}): DriverSmsRequest {
  const prefix = smsPrefix(input.serviceNumber);
  const text = input.text.trim();
  return {
    message: text.startsWith(prefix) ? text : `${prefix}${text}`,
    serviceNumber: input.serviceNumber,
    phone: input.phone,
    branch: input.branch,
  };
}

/** The most a note to the service (`/utils/addNote` body) may hold, in characters. */
export const NOTE_MAX_LENGTH = 1000;

/**
 * `POST /utils/addNote`. SPEC 7: "{serviceId, body, employeeId, identifyUserByEmail}": a note for the
 * driver (SPEC 2 "Note modal: 'Instructions for driver'").
 */
export const AddNoteRequestSchema = z.object({
  serviceId: requiredText(64),
  body: requiredText(NOTE_MAX_LENGTH),
  /** Author of the note; null for the customer. */
  employeeId: z.nullable(boundedText(64)),
  /** E-mail used to find the author when there is no employee id. */
  identifyUserByEmail: z.nullable(boundedText(254)),
});
export type AddNoteRequest = z.infer<typeof AddNoteRequestSchema>;

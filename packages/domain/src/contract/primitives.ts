import { z } from 'zod/mini';

// Small building blocks shared by the contract schemas: bounded strings so that a server can answer
// 400 naming the field instead of storing unbounded input (SPEC 7 payloads).

/** A free text of at most `max` characters (default 200). */
export function boundedText(max = 200) {
  return z.string().check(z.maxLength(max));
}

/** A required, non-blank text of at most `max` characters. */
export function requiredText(max = 200) {
  return z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
}

/** Client-generated or database id of a service: 8-64 URL-safe characters (ARCHITECTURE 10). */
export const ServiceIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Expected 8-64 URL-safe characters'));

/** Largest value of a PostgreSQL `integer` column (receipt numbers, event seqs). */
export const MAX_DB_INTEGER = 2_147_483_647;

/**
 * Human service number shown on receipts (digits, e.g. "1045872"); never above what the
 * `service_number` column holds, so a lookup by it cannot fail in the database.
 */
export const ServiceNumberSchema = z.string().check(
  z.regex(/^\d{1,20}$/, 'Expected digits'),
  z.refine((value) => Number(value) <= MAX_DB_INTEGER, 'No service has that number'),
);

/** ISO 8601 date-time with offset or Z, e.g. "2026-11-21T15:00:00.000Z". */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true });

/** Latitude in degrees; SPEC 5: "Coordinates are valid only if both lat and lng are non-zero". */
export const LatitudeSchema = z.number().check(z.gte(-90), z.lte(90));
/** Longitude in degrees. */
export const LongitudeSchema = z.number().check(z.gte(-180), z.lte(180));

/** A phone number as typed: digits with optional +, spaces, dashes and brackets, 7-20 characters. */
export const PhoneSchema = z
  .string()
  .check(z.regex(/^\+?[\d\s().-]{7,20}$/, 'Expected a phone number'));

/** Bearer token of one service session (ARCHITECTURE 9), opaque to the client. */
export const ServiceTokenSchema = z.string().check(z.minLength(16), z.maxLength(256));

import { z } from 'zod';
import { boundedText, LatitudeSchema, LongitudeSchema, requiredText } from './primitives.ts';

/**
 * `POST /api/v1/geotext-responses`. SPEC 7: "{lat, lng, address, roomId, phoneNumber, success}".
 * SPEC 8: "Geotext location error: Failed response sent to the server", so without a position the
 * coordinates are null and success is false.
 */
export const GeotextResponseRequestSchema = z
  .object({
    lat: LatitudeSchema.nullable(),
    lng: LongitudeSchema.nullable(),
    address: boundedText(300),
    roomId: requiredText(64),
    phoneNumber: z.string().regex(/^\d{7,15}$/, 'Expected 7-15 digits'),
    success: z.boolean(),
  })
  .refine((body) => !body.success || (body.lat !== null && body.lng !== null), {
    message: 'A successful response needs lat and lng',
    path: ['lat'],
  });
export type GeotextResponseRequest = z.infer<typeof GeotextResponseRequestSchema>;

/** The stored geotext response (SPEC 2 "/geotext/confirmation shows 'Recibido'"). */
export const GeotextResponseSchema = z.object({
  _id: z.string(),
  roomId: z.string(),
  success: z.boolean(),
  createdAt: z.string(),
});
export type GeotextResponse = z.infer<typeof GeotextResponseSchema>;

/** Builds the failed response of SPEC 8 "Failed response sent to the server". */
export function buildFailedGeotextResponse(
  roomId: string,
  phoneNumber: string,
): GeotextResponseRequest {
  return { lat: null, lng: null, address: '', roomId, phoneNumber, success: false };
}

import { z } from 'zod/mini';
import {
  boundedText,
  LatitudeSchema,
  LongitudeSchema,
  requiredText,
  ServiceIdSchema,
} from './primitives.ts';

/**
 * `POST /api/v1/geotext-responses`. SPEC 7: "{lat, lng, address, roomId, phoneNumber, success}".
 * SPEC 8: "Geotext location error: Failed response sent to the server", so without a position the
 * coordinates are null and success is false.
 */
export const GeotextResponseRequestSchema = z
  .object({
    lat: z.nullable(LatitudeSchema),
    lng: z.nullable(LongitudeSchema),
    address: boundedText(300),
    roomId: requiredText(64),
    phoneNumber: z.string().check(z.regex(/^\d{7,15}$/, 'Expected 7-15 digits')),
    success: z.boolean(),
  })
  .check(
    z.refine((body) => !body.success || (body.lat !== null && body.lng !== null), {
      message: 'A successful response needs lat and lng',
      path: ['lat'],
    }),
  );
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

// --- The operator's side of the location-by-text flow (decision 600) ---

/** How long a geotext link answers after the operator sends it (decision 600). */
export const GEOTEXT_ROOM_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The customer's phone as the operator types it, in E.164 ('+1 787 555 0100'): the text message
 * provider needs the country code. Spaces, dashes, dots and parentheses are allowed and dropped.
 */
export const GeotextPhoneSchema = z
  .pipe(
    z
      .string()
      .check(
        z.trim(),
        z.regex(/^\+[\d\s().-]+$/, "Expected an international number starting with '+'"),
      ),
    z.transform((value) => `+${value.replace(/\D/g, '')}`),
  )
  .check(z.refine((value) => /^\+[1-9]\d{7,14}$/.test(value), 'Expected 8-15 digits after the +'));

/** `POST /common/api/v1/operator/geotext-rooms`: a link for a phone, optionally for a service. */
export const CreateGeotextRoomRequestSchema = z.object({
  phoneNumber: GeotextPhoneSchema,
  serviceId: z.optional(ServiceIdSchema),
});
export type CreateGeotextRoomRequest = z.infer<typeof CreateGeotextRoomRequestSchema>;

/** Where a room stands: `answered` once a position was confirmed (decision 600). */
export const GeotextRoomStatusSchema = z.enum(['open', 'answered', 'expired']);
export type GeotextRoomStatus = z.infer<typeof GeotextRoomStatusSchema>;

/** One answer as the operator sees it (positions included: the operator asked for them). */
export const GeotextAnswerSchema = z.object({
  _id: z.string(),
  success: z.boolean(),
  lat: z.nullable(z.number()),
  lng: z.nullable(z.number()),
  address: z.nullable(z.string()),
  createdAt: z.string(),
});
export type GeotextAnswer = z.infer<typeof GeotextAnswerSchema>;

/** A room as the operator reads it, with the link that was texted and every answer so far. */
export const GeotextRoomSchema = z.object({
  _id: z.string(),
  phoneNumber: z.string(),
  serviceId: z.nullable(z.string()),
  status: GeotextRoomStatusSchema,
  link: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  answers: z.array(GeotextAnswerSchema),
});
export type GeotextRoom = z.infer<typeof GeotextRoomSchema>;

/** What the customer's link may learn about its room: only whether it still answers. */
export const GeotextRoomStateSchema = z.object({
  roomId: z.string(),
  status: GeotextRoomStatusSchema,
});
export type GeotextRoomState = z.infer<typeof GeotextRoomStateSchema>;

/**
 * The room's status (decision 600): answered once any successful answer exists (the first one
 * stays; later ones are refused), else expired at `expiresAt`, else open. A failed answer leaves
 * the room open so the customer can retry.
 */
export function geotextRoomStatus(
  room: { expiresAt: Date },
  answers: readonly { success: boolean }[],
  now: Date,
): GeotextRoomStatus {
  if (answers.some((answer) => answer.success)) return 'answered';
  return room.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

/**
 * The link texted to the customer (SPEC 2 /geotext/landing): the room and the phone's digits, which
 * the response must repeat (SPEC 7 `phoneNumber`).
 */
export function buildGeotextLink(origin: string, roomId: string, phoneNumber: string): string {
  const query = new URLSearchParams({ roomId, phoneNumber: phoneNumber.replace(/\D/g, '') });
  return `${origin.replace(/\/+$/, '')}/geotext/landing?${query.toString()}`;
}

/** The text message that carries the link (Spanish first, SPEC 1; the link opens in es). */
export function buildGeotextMessage(link: string): string {
  return `Para enviarle asistencia necesitamos su ubicación. Confírmela aquí: ${link}`;
}

/** The landing's query (SPEC 2 /geotext/landing), or undefined when it names no room. */
export function readGeotextLanding(
  search: string,
): { roomId: string; phoneNumber: string } | undefined {
  const params = new URLSearchParams(search);
  const roomId = params.get('roomId')?.trim() ?? '';
  const phoneNumber = (params.get('phoneNumber') ?? '').replace(/\D/g, '');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(roomId) || !/^\d{7,15}$/.test(phoneNumber)) return undefined;
  return { roomId, phoneNumber };
}

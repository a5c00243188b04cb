import { z } from 'zod/mini';
import { AccountIdSchema } from './accounts.ts';
import { IsoDateTimeSchema, ServiceIdSchema, ServiceTokenSchema } from './primitives.ts';

// Links in the texts the system sends the customer (docs/decisions/610): a signed, expiring token
// for one purpose and one service, never a bare service id. The page that opens the link trades it
// for the service's session (POST /api/v1/services/{id}/text-link) and then behaves as on the phone
// that asked for the service.

/**
 * What a texted link is for, and so which page may open it:
 * - `tracking`: the confirmation and "on the way" texts, opened by the shared-link landing
 *   `/{serviceId}` (SPEC 2) with `redirect=tracking/loading`;
 * - `confirmData`: the landing with `type=confirmData` (SPEC 4 "Shared-link landing");
 * - `secondStop`: `/get-service/{id}` (SPEC 2 "Second-stop entry"), sent when the tow sets off to
 *   its destination.
 */
export const TextLinkPurposeSchema = z.enum(['tracking', 'confirmData', 'secondStop']);
export type TextLinkPurpose = z.infer<typeof TextLinkPurposeSchema>;

/** One letter per purpose inside the token, so texts stay short. */
export const TEXT_LINK_PURPOSE_CODES: Record<TextLinkPurpose, string> = {
  tracking: 't',
  confirmData: 'c',
  secondStop: 's',
};

/**
 * `{purpose letter}.{expiry, unix seconds in base 36}.{HMAC-SHA256, base64url}`: the service id is
 * in the link's path and signed with the rest. Tells a texted link's `t` from a shared link's
 * random token (which has no dot).
 */
export const TextLinkTokenSchema = z
  .string()
  .check(
    z.maxLength(80),
    z.regex(/^[tcs]\.[0-9a-z]{1,12}\.[A-Za-z0-9_-]{43}$/, 'Expected a texted link token'),
  );

/** True when a link's `t` is a texted link token rather than a shared link's token. */
export function isTextLinkToken(value: string | null | undefined): value is string {
  return typeof value === 'string' && TextLinkTokenSchema.safeParse(value).success;
}

/** Body of POST /api/v1/services/{id}/text-link: the link's token and the purpose of the page. */
export const TextLinkExchangeRequestSchema = z.object({
  linkToken: TextLinkTokenSchema,
  purpose: TextLinkPurposeSchema,
});
export type TextLinkExchangeRequest = z.infer<typeof TextLinkExchangeRequestSchema>;

/**
 * What the holder of a texted link gets: the service's session (id, number, account, bearer token),
 * as the phone that asked for the service holds it; the screens then read the service with it.
 * Nothing else: no name, phone or address travels in the exchange.
 */
export const TextLinkExchangeResponseSchema = z.object({
  serviceId: ServiceIdSchema,
  serviceNumber: z.string(),
  accountId: AccountIdSchema,
  brand: z.nullable(z.string()),
  purpose: TextLinkPurposeSchema,
  token: ServiceTokenSchema,
  /** When the link stops working. */
  expiresAt: IsoDateTimeSchema,
});
export type TextLinkExchangeResponse = z.infer<typeof TextLinkExchangeResponseSchema>;

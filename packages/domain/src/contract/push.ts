import { z } from 'zod/mini';

// ARCHITECTURE decision 7 "push: Web Push with VAPID keys generated on first run". The browser's
// PushSubscription (Push API, `subscription.toJSON()`) is sent with the pushOptIn update
// (decision 450); its keys are those of RFC 8291 (Message Encryption for Web Push).

/**
 * Base64url (RFC 4648 section 5) of the subscriber's P-256 public key, uncompressed: 65 bytes that
 * begin with 0x04, hence 87 characters beginning with `B` (one trailing `=` tolerated).
 */
export const PushP256dhKeySchema = z
  .string()
  .check(
    z.regex(/^B[A-Za-z0-9_-]{86}=?$/, 'Expected an uncompressed P-256 public key in base64url'),
  );

/** Base64url of the subscriber's 16-byte authentication secret: 22 characters (`==` tolerated). */
export const PushAuthSecretSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'Expected a 16-byte secret in base64url'));

/**
 * A push subscription as `PushSubscription.toJSON()` gives it. The endpoint is checked further by
 * the server (https to a public address after DNS resolution, decision 503).
 */
export const PushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).check(z.maxLength(2048)),
  keys: z.object({ p256dh: PushP256dhKeySchema, auth: PushAuthSecretSchema }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/**
 * What a status notification carries (decrypted by the service worker, decision 451): texts in the
 * customer's language, the screen to open and the service it is about.
 */
export const PushNotificationPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Path of the PWA screen to open on click, on the origin that subscribed (e.g. `/tracking`). */
  url: z.string(),
  serviceId: z.string(),
  /** The status number the customer sees (SPEC 4 "Service status (numbered)"). */
  statusNumber: z.number().check(z.int()),
  /** Notifications of one service replace each other on the device. */
  tag: z.string(),
});
export type PushNotificationPayload = z.infer<typeof PushNotificationPayloadSchema>;

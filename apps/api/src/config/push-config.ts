import { z } from 'zod';
import { systemLookup, type HostLookup } from '../lib/public-address.ts';
import { ConfigError, emptyAsUnset, optionalString, type EnvValues } from './env-values.ts';

// --- Web Push (ARCHITECTURE decision 7 "push"; docs/decisions/450): VAPID keys from here, else
// generated on first run and kept in DATA_DIR (per process with DATA_DIR=memory://). ---
export const PUSH_ENV = {
  /** Base64url of the uncompressed P-256 public key (65 bytes); set together with the private key. */
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'Expected a base64url P-256 public key')
      .optional(),
  ),
  /** Base64url of the 32-byte private key. */
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'Expected a base64url 32-byte private key')
      .optional(),
  ),
  /** Who runs this server, for the push services (RFC 8292): a mailto: or https: URL. */
  VAPID_SUBJECT: emptyAsUnset(
    z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'Expected a mailto: or https: URL')
      .default('mailto:push@auxilio.example'),
  ),
  PUSH_TIMEOUT_MS: emptyAsUnset(z.coerce.number().int().min(50).max(60_000).default(5000)),
};

/** Web Push settings (docs/decisions/450). */
export interface PushConfig {
  /** Both VAPID keys from the environment, or undefined: generated and kept in DATA_DIR. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  /** Timeout of each request to a push service. */
  timeoutMs: number;
  /**
   * Endpoints may be http on loopback addresses (a local push service). Never from the environment:
   * only a test's configuration turns it on (decision 503).
   */
  allowLoopbackEndpoints: boolean;
  /** How endpoint host names are resolved: the system resolver; tests use a local DNS server. */
  lookup: HostLookup;
}

export function pushConfig(e: EnvValues<typeof PUSH_ENV>): PushConfig {
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      'Invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all',
    );
  }
  return {
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT,
    timeoutMs: e.PUSH_TIMEOUT_MS,
    allowLoopbackEndpoints: false,
    lookup: systemLookup,
  };
}

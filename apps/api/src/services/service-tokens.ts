import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';

// ARCHITECTURE decision 9: "Every call about one service needs that service's bearer token (>=128
// random bits, stored hashed), returned at creation and kept in the session." Decision 201.

/** A random credential (share links, driver apps): 32 bytes (256 bits), base64url, 43 characters. */
export function generateRandomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A customer's service token (decision 476): the HMAC of the service id and the sha-256 of its
 * creation body under the server's service-token key, base64url (43 characters, 256 bits). The same
 * id and body always give the same token, so a retry gets the token of the first answer back while
 * only its hash is stored; without the server's key it cannot be computed from anything stored.
 */
export function deriveServiceToken(key: Buffer, serviceId: string, requestHash: string): string {
  return createHmac('sha256', key).update(`${serviceId}\n${requestHash}`).digest('base64url');
}

/**
 * sha-256 hex of a token: what services.token_hash stores. One-shot `hash`, since every tracking
 * poll hashes its bearer: it costs about half of a Hash object's creation, update and digest.
 */
export function hashServiceToken(token: string): string {
  return hash('sha256', token, 'hex');
}

const BEARER_PATTERN = /^Bearer ([\w.~+/=-]{16,256})$/i;

/** The token of an `Authorization: Bearer <token>` header, or undefined when there is none. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  return header ? BEARER_PATTERN.exec(header.trim())?.[1] : undefined;
}

/** Hash compared when the service does not exist, so both refusals take the same work. */
const ABSENT_HASH = hashServiceToken('absent service');

/**
 * Checks that `authorization` carries the bearer token of service `serviceId`. 401 without a
 * (well-formed) bearer token; 403 when the token does not open that service, whether the service
 * exists or not, so ids cannot be probed (decision 201).
 */
export async function authorizeService(
  repos: Pick<Repositories, 'services'>,
  authorization: string | undefined,
  serviceId: string,
): Promise<void> {
  const token = bearerTokenOf(authorization);
  if (!token) {
    throw new AppError('UNAUTHORIZED', 'Missing service token: send Authorization: Bearer <token>');
  }
  const stored = await repos.services.findTokenHash(serviceId);
  const given = Buffer.from(hashServiceToken(token), 'hex');
  const expected = Buffer.from(stored ?? ABSENT_HASH, 'hex');
  const matches = expected.length === given.length && timingSafeEqual(given, expected);
  if (!stored || !matches) {
    throw new AppError('FORBIDDEN', 'This token does not give access to that service');
  }
}

import { ECDH } from 'node:crypto';
import { isIP } from 'node:net';
import type { PushSubscriptionInput } from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';

// Decision 450: the server POSTs to whatever endpoint a subscription names, so the endpoint is
// checked beyond its shape (https only; loopback and http only for a local push service outside
// production), and the subscriber's key must be a point of P-256 (else nothing can be encrypted).

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost');
}

/** Private, link-local and unspecified IPv4/IPv6 literals: never a public push service. */
function isPrivateAddress(hostname: string): boolean {
  const address = hostname.replace(/^\[|\]$/g, '');
  const version = isIP(address);
  if (version === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      a === 127
    );
  }
  if (version === 6) return /^(::$|::1$|::ffff:|f[cd]|fe[89ab])/i.test(address);
  return false;
}

function badEndpoint(message: string): AppError {
  return new AppError('BAD_REQUEST', message, 'body.subscription.endpoint');
}

/** Throws a 400 naming the field unless the subscription can be pushed to. */
export function checkPushSubscription(
  subscription: PushSubscriptionInput,
  allowLoopbackEndpoints: boolean,
): void {
  const url = new URL(subscription.endpoint);
  if (url.username || url.password) throw badEndpoint('The endpoint may not carry credentials');
  const loopback = isLoopback(url.hostname);
  if (loopback && !allowLoopbackEndpoints) {
    throw badEndpoint('The endpoint must be a public push service');
  }
  if (!loopback && isPrivateAddress(url.hostname)) {
    throw badEndpoint('The endpoint must be a public push service');
  }
  if (url.protocol !== 'https:' && !loopback) {
    throw badEndpoint('The endpoint must use https');
  }
  try {
    ECDH.convertKey(subscription.keys.p256dh, 'prime256v1', 'base64url');
  } catch {
    throw new AppError(
      'BAD_REQUEST',
      'The key is not a point of the P-256 curve',
      'body.subscription.keys.p256dh',
    );
  }
}

import { ECDH } from 'node:crypto';
import { isIP } from 'node:net';
import type { PushSubscriptionInput } from '@auxilio/domain';
import type { PushConfig } from '../../config/env.ts';
import { AppError } from '../../lib/errors.ts';
import {
  isInternalName,
  isLoopbackAddress,
  isLoopbackName,
  isNoSuchName,
  isPublicAddress,
  type ResolvedAddress,
} from '../../lib/public-address.ts';

// Decisions 450 and 503: the server POSTs to whatever endpoint a subscription names, so the
// endpoint must be https to a public address after DNS resolution, checked when the subscription
// is stored and again before each send; the send then connects to the address that was checked.
// A local push service (http on loopback) only by explicit test configuration.

/** What the endpoint checks read from the push configuration. */
export type PushEndpointPolicy = Pick<
  PushConfig,
  'allowLoopbackEndpoints' | 'lookup' | 'timeoutMs'
>;

/** Why an endpoint may not be contacted; `retryable` when only the resolver failed. */
export class PushEndpointRefused extends Error {
  override name = 'PushEndpointRefused';
  readonly retryable: boolean;

  constructor(message: string, retryable = false) {
    super(message);
    this.retryable = retryable;
  }
}

const NOT_PUBLIC = 'The endpoint must be a public push service';

/** The host of a URL without IPv6 brackets; trailing dots kept (they are part of the name). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

async function resolveHost(host: string, policy: PushEndpointPolicy): Promise<ResolvedAddress[]> {
  const literal = isIP(host);
  if (literal) return [{ address: host, family: literal === 6 ? 6 : 4 }];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new PushEndpointRefused("The endpoint's host name did not resolve in time", true));
    }, policy.timeoutMs);
  });
  try {
    return await Promise.race([policy.lookup(host), timeout]);
  } catch (error) {
    if (error instanceof PushEndpointRefused) throw error;
    if (isNoSuchName(error))
      throw new PushEndpointRefused("The endpoint's host name does not exist");
    throw new PushEndpointRefused("The endpoint's host name could not be resolved now", true);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The endpoint as a URL and the one address to connect to, or a PushEndpointRefused. Names are
 * refused before any lookup when they can only be internal; every address a name resolves to must
 * be public (or loopback, for a local push service by explicit test configuration).
 */
export async function checkPushEndpoint(
  endpoint: string,
  policy: PushEndpointPolicy,
): Promise<{ url: URL; address: ResolvedAddress }> {
  const url = URL.parse(endpoint);
  if (!url) throw new PushEndpointRefused('The endpoint is not a URL');
  if (url.username || url.password) {
    throw new PushEndpointRefused('The endpoint may not carry credentials');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new PushEndpointRefused('The endpoint must use https');
  }
  const host = hostOf(url);
  const local = policy.allowLoopbackEndpoints;
  const loopbackHost = isLoopbackName(host) || isLoopbackAddress(host);
  if (url.protocol === 'http:' && !(local && loopbackHost)) {
    throw new PushEndpointRefused('The endpoint must use https');
  }
  if (isIP(host) === 0 && (isLoopbackName(host) ? !local : isInternalName(host))) {
    throw new PushEndpointRefused(NOT_PUBLIC);
  }
  const addresses = await resolveHost(host, policy);
  const allowed = (address: string) =>
    isPublicAddress(address) || (local && isLoopbackAddress(address));
  const [first] = addresses;
  if (!first || !addresses.every(({ address }) => allowed(address))) {
    throw new PushEndpointRefused(NOT_PUBLIC);
  }
  // Plain http only to a local push service: every address of the name must be loopback.
  if (url.protocol === 'http:' && !addresses.every(({ address }) => isLoopbackAddress(address))) {
    throw new PushEndpointRefused('The endpoint must use https');
  }
  return { url, address: first };
}

/**
 * Throws a 400 naming the field unless the subscription can be pushed to (503 when only the
 * resolver failed). The key is checked first: it needs no lookup.
 */
export async function checkPushSubscription(
  subscription: PushSubscriptionInput,
  policy: PushEndpointPolicy,
): Promise<void> {
  try {
    ECDH.convertKey(subscription.keys.p256dh, 'prime256v1', 'base64url');
  } catch {
    throw new AppError(
      'BAD_REQUEST',
      'The key is not a point of the P-256 curve',
      'body.subscription.keys.p256dh',
    );
  }
  try {
    await checkPushEndpoint(subscription.endpoint, policy);
  } catch (error) {
    if (!(error instanceof PushEndpointRefused)) throw error;
    throw new AppError(
      error.retryable ? 'UNAVAILABLE' : 'BAD_REQUEST',
      error.message,
      'body.subscription.endpoint',
    );
  }
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';

// Decision 500: open event streams are capped per service token, per share token and per client
// address (STREAM_MAX_PER_TOKEN, STREAM_MAX_PER_SHARE_TOKEN, STREAM_MAX_PER_ADDRESS). Counted in
// this process: N replicas let an address hold up to N times its cap, which is accepted.

/** Whose credential opened the stream: the customer's service token or a share-link token. */
export type StreamKind = 'service' | 'shared';

/** The place one open stream takes; `release` gives it back (more calls do nothing). */
export interface StreamSlot {
  release(): void;
}

/** Which cap refused a stream. */
export type StreamCap = 'token' | 'address';

export interface StreamLimits {
  /** Takes a place for a stream of the service opened with its `kind` of token from `ip`. */
  open(kind: StreamKind, serviceId: string, ip: string): StreamSlot | StreamCap;
  /** Open streams counted in this process (tests, metrics). */
  openCount(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    streamLimits: StreamLimits;
  }
}

/**
 * The address a cap counts: IPv4 as is (IPv4-mapped IPv6 too), IPv6 by its /64, since one
 * customer's network hands out a whole /64 and a client can pick any address in it.
 */
export function streamAddressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!ipaddr.isValid(address)) return address;
  // process() turns an IPv4-mapped IPv6 address into its IPv4 address.
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${parsed.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

/** The counters, apart from Fastify so they can be reasoned about alone. */
export function createStreamLimits(caps: {
  perServiceToken: number;
  perShareToken: number;
  perAddress: number;
}): StreamLimits {
  const counts = new Map<string, number>();
  let open = 0;
  const countOf = (key: string) => counts.get(key) ?? 0;
  const decrement = (key: string) => {
    const next = countOf(key) - 1;
    if (next <= 0) counts.delete(key);
    else counts.set(key, next);
  };
  return {
    open(kind, serviceId, ip) {
      // One live token of each kind per service: counting by service also counts the streams of a
      // token that was replaced, and keeps no secret in memory.
      const tokenKey = `${kind}:${serviceId}`;
      const addressKey = `address:${streamAddressKey(ip)}`;
      const tokenCap = kind === 'service' ? caps.perServiceToken : caps.perShareToken;
      if (countOf(tokenKey) >= tokenCap) return 'token';
      if (countOf(addressKey) >= caps.perAddress) return 'address';
      counts.set(tokenKey, countOf(tokenKey) + 1);
      counts.set(addressKey, countOf(addressKey) + 1);
      open += 1;
      let held = true;
      return {
        release() {
          if (!held) return;
          held = false;
          open -= 1;
          decrement(tokenKey);
          decrement(addressKey);
        },
      };
    },
    openCount: () => open,
  };
}

function streamLimitsPlugin(app: FastifyInstance): void {
  app.decorate('streamLimits', createStreamLimits(app.config.security.streams));
}

export default fp(streamLimitsPlugin, { name: 'stream-limits' });

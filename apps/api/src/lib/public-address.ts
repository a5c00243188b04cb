import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

// Which hosts a server-side request to a client-given URL may reach (decision 503): public unicast
// addresses only. The address ranges are ipaddr.js's tables of the IANA special-purpose registries
// (RFC 6890 and successors); the names are the special-use and private-use names that resolve
// inside a network, never to a public service.

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Every address of a host name. Rejects with the resolver's error, whose `code` says whether the
 * name does not exist (ENOTFOUND, ENODATA) or the resolver failed (EAI_AGAIN, ETIMEOUT, ...).
 */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), as any other request would use it. */
export const systemLookup: HostLookup = async (hostname) => {
  const addresses = await lookup(hostname, { all: true, verbatim: true });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** Resolver error codes that mean "this name has no address", as opposed to a failing resolver. */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA', 'EBADNAME']);

/** True when a lookup error says the name does not exist (a caller's mistake, not an outage). */
export function isNoSuchName(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NO_SUCH_NAME.has(code);
}

/** Global unicast IPv6 (RFC 4291 2000::/3); everything outside it is reserved or special. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * True for a public unicast address: not loopback, private (RFC 1918, unique local), link-local
 * (cloud metadata at 169.254.169.254), shared (CGNAT 100.64/10), unspecified, multicast, broadcast,
 * documentation, benchmarking or otherwise reserved. IPv6 must be global unicast, which excludes
 * IPv4-mapped (::ffff:0:0/96) and IPv4-compatible (::/96) forms, NAT64, 6to4 and Teredo.
 */
export function isPublicAddress(address: string): boolean {
  if (!isIP(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  return parsed.range() === 'unicast' && parsed.match(GLOBAL_UNICAST_V6);
}

/** 127.0.0.0/8 or ::1 as written (a mapped ::ffff:127.0.0.1 is not accepted as loopback). */
export function isLoopbackAddress(address: string): boolean {
  return isIP(address) !== 0 && ipaddr.parse(address).range() === 'loopback';
}

/** `localhost` and its subdomains (RFC 6761 6.3), with or without a trailing dot. */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Suffixes of names that only resolve inside a network: mDNS (RFC 6762), the private-use
 * `.internal` (cloud metadata such as metadata.google.internal), `home.arpa` (RFC 8375), reverse
 * zones, and the customary LAN suffixes.
 */
const INTERNAL_SUFFIXES = [
  '.local',
  '.internal',
  '.localdomain',
  '.arpa',
  '.lan',
  '.home',
  '.corp',
  '.intranet',
  '.private',
];

/**
 * True for a host name that cannot name a public service: a single label (`metadata`,
 * `instance-data`, resolved through the search domains of the network) or an internal suffix.
 */
export function isInternalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  if (!name.includes('.')) return true;
  return INTERNAL_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

import { createSocket, type RemoteInfo } from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { HostLookup, ResolvedAddress } from '../../src/lib/public-address.ts';

// A local DNS server (RFC 1035 over UDP) that answers A and AAAA queries from a table, and the
// HostLookup that asks it through Node's resolver (c-ares), as the system resolver would ask a
// real one. A name may answer differently from one query to the next (DNS rebinding).

const TYPE_A = 1;
const TYPE_AAAA = 28;
const RCODE_NXDOMAIN = 3;

export interface DnsFixture {
  /**
   * `name` answers with `answers[n]` to its n-th query of each type (the last set from then on);
   * each set may mix IPv4 and IPv6 addresses. Names not set answer NXDOMAIN.
   */
  set(name: string, ...answers: string[][]): void;
  /** How many A queries have arrived for `name`. */
  queries(name: string): number;
  /** Resolves through this server only (A and AAAA), with a short timeout and no retries. */
  lookup: HostLookup;
  close(): Promise<void>;
}

/** The question of a query: its lower-case name, type, and where the question section ends. */
function readQuestion(query: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let offset = 12;
  for (let length = query.readUInt8(offset); length > 0; length = query.readUInt8(offset)) {
    labels.push(query.toString('latin1', offset + 1, offset + 1 + length));
    offset += 1 + length;
  }
  const type = query.readUInt16BE(offset + 1);
  return { name: labels.join('.').toLowerCase(), type, end: offset + 5 };
}

function answerRecord(type: number, address: string): Buffer {
  const data = Buffer.from(ipaddr.parse(address).toByteArray());
  const record = Buffer.alloc(12 + data.length);
  record.writeUInt16BE(0xc00c, 0); // a pointer to the question's name
  record.writeUInt16BE(type, 2);
  record.writeUInt16BE(1, 4); // class IN
  record.writeUInt32BE(0, 6); // TTL 0: never cached
  record.writeUInt16BE(data.length, 10);
  data.copy(record, 12);
  return record;
}

export async function startDnsServer(): Promise<DnsFixture> {
  const table = new Map<string, string[][]>();
  const counts = new Map<string, number>();
  const socket = createSocket('udp4');

  socket.on('message', (query: Buffer, peer: RemoteInfo) => {
    const { name, type, end } = readQuestion(query);
    const key = `${String(type)} ${name}`;
    const seen = counts.get(key) ?? 0;
    counts.set(key, seen + 1);
    const sets = table.get(name);
    const current = sets?.[Math.min(seen, sets.length - 1)] ?? [];
    const matching = current.filter((address) =>
      type === TYPE_A ? isIPv4(address) : type === TYPE_AAAA && isIPv6(address),
    );
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    // QR, the query's RD bit, RA; NXDOMAIN for a name the table does not know.
    const recursionDesired = query.readUInt16BE(2) & 0x0100;
    header.writeUInt16BE(0x8080 | recursionDesired | (sets ? 0 : RCODE_NXDOMAIN), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(matching.length, 6);
    const answer = Buffer.concat([
      header,
      query.subarray(12, end),
      ...matching.map((address) => answerRecord(type, address)),
    ]);
    socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();

  const resolver = new Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([`127.0.0.1:${String(port)}`]);

  return {
    set(name, ...answers) {
      table.set(name.toLowerCase(), answers);
      counts.delete(`${String(TYPE_A)} ${name.toLowerCase()}`);
      counts.delete(`${String(TYPE_AAAA)} ${name.toLowerCase()}`);
    },
    queries: (name) => counts.get(`${String(TYPE_A)} ${name.toLowerCase()}`) ?? 0,
    async lookup(hostname) {
      const [v4, v6] = await Promise.allSettled([
        resolver.resolve4(hostname),
        resolver.resolve6(hostname),
      ]);
      const addresses: ResolvedAddress[] = [
        ...(v4.status === 'fulfilled' ? v4.value : []).map((address) => ({
          address,
          family: 4 as const,
        })),
        ...(v6.status === 'fulfilled' ? v6.value : []).map((address) => ({
          address,
          family: 6 as const,
        })),
      ];
      if (addresses.length > 0) return addresses;
      throw v4.status === 'rejected' ? v4.reason : new Error(`${hostname}: no address`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        resolver.cancel();
        socket.close(() => {
          resolve();
        });
      }),
  };
}

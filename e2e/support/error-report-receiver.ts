import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

// A local stand-in for an error-reporting service speaking Sentry's envelope protocol
// (`POST /api/{project}/envelope/`, a newline-delimited body: the envelope header, then for each
// item its header and its payload). It records every item so a spec can look at what the PWA sent.

export interface EnvelopeItem {
  /** The item header's type: event, transaction, session, client_report ... */
  type: string;
  header: Record<string, unknown>;
  payload: unknown;
  /** The raw text of the whole envelope the item came in. */
  raw: string;
}

export interface ErrorReportReceiver {
  /** A DSN pointing at this receiver (project 1, public key `e2e`). */
  readonly dsn: string;
  readonly items: readonly EnvelopeItem[];
  /** Waits until an item matches, or fails after `timeout` ms listing what arrived. */
  waitFor(match: (item: EnvelopeItem) => boolean, timeout?: number): Promise<EnvelopeItem>;
}

/** Splits an envelope into its items (payloads parsed as JSON when they are). */
export function parseEnvelope(raw: string): EnvelopeItem[] {
  const lines = raw.split('\n');
  const items: EnvelopeItem[] = [];
  // lines[0] is the envelope header; then header/payload pairs.
  for (let i = 1; i + 1 < lines.length; i += 2) {
    const headerLine = lines[i] ?? '';
    if (headerLine.trim() === '') continue;
    const header = JSON.parse(headerLine) as Record<string, unknown>;
    const payloadLine = lines[i + 1] ?? '';
    let payload: unknown = payloadLine;
    try {
      payload = JSON.parse(payloadLine);
    } catch {
      // Not JSON (an attachment): kept as text.
    }
    items.push({ type: String(header.type), header, payload, raw });
  }
  return items;
}

/** Registers hooks that start the receiver before the spec's tests and stop it after them. */
export function useErrorReportReceiver(): ErrorReportReceiver {
  const items: EnvelopeItem[] = [];
  let server: Server | undefined;
  let dsn: string | undefined;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method === 'POST' && /^\/api\/1\/envelope\/?/.test(request.url ?? '')) {
          items.push(...parseEnvelope(Buffer.concat(chunks).toString('utf8')));
        }
        response.writeHead(200, {
          'access-control-allow-origin': '*',
          'content-type': 'application/json',
        });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    dsn = `http://e2e@127.0.0.1:${port}/1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  return {
    get dsn() {
      if (!dsn) throw new Error('The receiver has not started yet');
      return dsn;
    },
    items,
    async waitFor(match, timeout = 15_000) {
      const deadline = Date.now() + timeout;
      while (Date.now() < deadline) {
        const found = items.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(
        `No matching envelope item; received: ${items.map((i) => i.type).join(', ')}`,
      );
    },
  };
}

import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP server for adapter tests (ARCHITECTURE decision 7: "tested without internet against a
// local HTTP fixture server that speaks the provider's documented format"). It records each request
// and answers with the provider simulation given to it, unless a test scripts the next answer (a
// provider error, a malformed body, or silence for the timeout case).

export interface RecordedRequest {
  method: string;
  /** Path without the query, percent-decoded. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, or undefined when there was none. */
  body: unknown;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface FixtureAnswer {
  status?: number;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent verbatim (a truncated or HTML body). */
  raw?: string;
  /** Never answer (the adapter must give up on its own timeout). */
  hang?: boolean;
}

export interface JsonFixtureServer {
  /** e.g. http://127.0.0.1:54321 */
  url: string;
  requests: RecordedRequest[];
  /** Answers the next request with this instead of the simulation (queued, in order). */
  answerNext(answer: FixtureAnswer): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      resolve(text);
    });
    request.on('error', reject);
  });
}

export async function startJsonFixtureServer(
  simulate: (request: RecordedRequest) => FixtureAnswer,
): Promise<JsonFixtureServer> {
  const requests: RecordedRequest[] = [];
  const scripted: FixtureAnswer[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://fixture');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: decodeURIComponent(url.pathname),
        query: url.searchParams,
        headers: req.headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
        at: Date.now(),
      };
      requests.push(recorded);
      const answer = scripted.shift() ?? simulate(recorded);
      if (answer.hang) return;
      const body = answer.raw ?? JSON.stringify(answer.json ?? {});
      res.writeHead(answer.status ?? 200, {
        'content-type': answer.raw === undefined ? 'application/json' : 'text/html',
      });
      res.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${String(port)}`,
    requests,
    answerNext: (answer) => scripted.push(answer),
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Requests left hanging on purpose would keep the server open.
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}

/** Accent- and case-insensitive text for the simulated searches ("bogota" finds "Bogotá"). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

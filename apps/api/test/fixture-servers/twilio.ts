import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for Twilio's Messages API (ARCHITECTURE decision 7: adapters are tested against a
// local server that speaks the provider's documented format). POST
// /2010-04-01/Accounts/{AccountSid}/Messages.json with a form body and HTTP Basic auth answers 201
// with a Message resource; errors are {code, message, more_info, status} like Twilio's.

export interface TwilioRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body, parsed. */
  form: URLSearchParams;
}

export interface TwilioAnswer {
  status: number;
  /** Sent as JSON; `raw` is sent verbatim instead (a malformed body). */
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** Never answer (the adapter must give up on its own timeout). */
  hang?: boolean;
}

export interface TwilioFixtureServer {
  url: string;
  accountSid: string;
  authToken: string;
  requests: TwilioRequest[];
  /** Answers the next request with this instead of the simulation (queued, in order). */
  answerNext(answer: TwilioAnswer): void;
  close(): Promise<void>;
}

/** Twilio's error JSON. */
export function twilioError(status: number, code: number, message: string): TwilioAnswer {
  return {
    status,
    json: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  };
}

const E164 = /^\+[1-9]\d{7,14}$/;

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

export async function startTwilioFixtureServer(): Promise<TwilioFixtureServer> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const requests: TwilioRequest[] = [];
  const scripted: TwilioAnswer[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  const simulate = (request: TwilioRequest): TwilioAnswer => {
    if (request.path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
      return twilioError(404, 20404, 'The requested resource was not found');
    }
    if (request.headers.authorization !== expectedAuth) {
      return twilioError(401, 20003, 'Authenticate');
    }
    const to = request.form.get('To') ?? '';
    if (!E164.test(to)) {
      return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    const body = request.form.get('Body') ?? '';
    if (body === '') return twilioError(400, 21602, 'Message body is required.');
    return {
      status: 201,
      json: {
        sid: `SM${randomBytes(16).toString('hex')}`,
        account_sid: accountSid,
        to,
        from: request.form.get('From'),
        messaging_service_sid: request.form.get('MessagingServiceSid'),
        body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
      },
    };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const recorded: TwilioRequest = {
        method: req.method ?? 'GET',
        path: new URL(req.url ?? '/', 'http://fixture').pathname,
        headers: req.headers,
        form: new URLSearchParams(await readBody(req)),
      };
      requests.push(recorded);
      const answer = scripted.shift() ?? simulate(recorded);
      if (answer.hang) return;
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.raw ?? JSON.stringify(answer.json ?? {}));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    requests,
    answerNext: (answer) => {
      scripted.push(answer);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    },
  };
}

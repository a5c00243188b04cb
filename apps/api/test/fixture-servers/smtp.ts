import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A local SMTP server for the e-mail adapter (ARCHITECTURE decision 7: "SMTP to a local capture").
// It keeps every message it accepted, parsed with mailparser, with its envelope; a test can make it
// refuse (an SMTP 5xx or 4xx reply) or keep silent (the adapter's timeout).

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  parsed: ParsedMail;
}

export interface SmtpBehaviour {
  /** Answer the end of DATA with this reply code instead of accepting the message. */
  rejectWith?: { code: number; message: string };
  /** Do not send the greeting: the client waits until its own timeout. */
  silentGreeting?: boolean;
}

export interface SmtpFixtureServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  /** Connections the server saw (accepted or not). */
  connections: number;
  behave(behaviour: SmtpBehaviour): void;
  /** Resolves with the next accepted message (or one already waiting beyond `seen`). */
  nextMail(seen: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function replyError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startSmtpFixtureServer(): Promise<SmtpFixtureServer> {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let behaviour: SmtpBehaviour = {};
  const state = { connections: 0 };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Tests end with close(): do not wait 30 s for a client that is still connected.
    closeTimeout: 100,
    onConnect: (_session, callback) => {
      state.connections += 1;
      if (behaviour.silentGreeting) return;
      callback();
    },
    onData: (stream, session, callback) => {
      void simpleParser(stream).then(
        (parsed) => {
          const { rejectWith } = behaviour;
          if (rejectWith) {
            callback(replyError(rejectWith.code, rejectWith.message));
            return;
          }
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            parsed,
          });
          callback();
          waiters.splice(0).forEach((wake) => {
            wake();
          });
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get connections() {
      return state.connections;
    },
    behave: (next) => {
      behaviour = next;
    },
    nextMail: (seen, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`No e-mail arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          const mail = received[seen];
          if (mail) {
            clearTimeout(timer);
            resolve(mail);
          } else waiters.push(check);
        };
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

import type { ClaimedMessage } from '../../repositories/messages.ts';

// ARCHITECTURE decision 7: "SMS to driver / customer: outbox table + log | Twilio" and "e-mail
// (cancellation): SMTP to a local capture, or outbox | any SMTP (nodemailer)". One interface for both
// production adapters; the embedded default is no transport at all: the row stays in the outbox and
// the log says so (docs/decisions/440).

/** What one delivery attempt came to, as the dispatcher needs it. */
export type SendOutcome =
  /** The provider accepted the message; its id when it gave one. */
  | { kind: 'sent'; providerMessageId: string | null }
  /** Not sent, and worth trying again later (429, 5xx, connection refused, SMTP 4xx). */
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  /** Not sent and never will be (invalid number, SMTP 5xx), or the outcome is unknown. */
  | { kind: 'failed'; error: string };

export interface MessageTransport {
  /** Sends one message; never throws (every failure is an outcome). */
  send(message: ClaimedMessage): Promise<SendOutcome>;
}

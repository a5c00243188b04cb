import { createHash } from 'node:crypto';
import type { NodemailerError, Transporter } from 'nodemailer';
import { onFirstUse } from '../../lib/on-first-use.ts';
import type { ClaimedMessage } from '../../repositories/messages.ts';
import type { MessageTransport, SendOutcome } from './transport.ts';

// ARCHITECTURE decision 7: "e-mail (cancellation): any SMTP (nodemailer)". A message without its own
// recipient (the cancellation e-mail) goes to the operations mailbox (docs/decisions/441).

export interface SmtpEmailOptions {
  /** smtp://user:pass@host:port or smtps://...; credentials and TLS come from the URL. */
  url: string;
  /** The From header, e.g. 'Auxilio <no-reply@example.com>'. */
  from: string;
  /** Recipient of messages queued without one (CANCELLATION_EMAIL_TO). */
  operationsTo: string;
  /** Limit of each wait: connecting, the greeting, and any silence of the server after that. */
  timeoutMs: number;
}

/**
 * A Message-ID derived from the outbox id: should a send whose outcome was unknown ever reach the
 * mailbox twice, the copies carry one id and mail clients fold them.
 */
function messageIdOf(id: string): string {
  return `<${createHash('sha256').update(id).digest('hex').slice(0, 32)}@auxilio.outbox>`;
}

function describe(error: NodemailerError): string {
  const reply = error.response ?? error.message;
  return `SMTP ${error.code ?? 'error'}${error.command ? ` at ${error.command}` : ''}: ${reply}`;
}

/** Commands before DATA: a server that falls silent at one of them never got the message. */
const BEFORE_THE_MESSAGE = /^(CONN|EHLO|HELO|LHLO|STARTTLS|AUTH\b.*|MAIL FROM|RCPT TO)$/i;

/**
 * SMTP 5xx is final; a server that falls silent once the message may be on its way (DATA or later)
 * leaves the outcome unknown, so it is not resent; the rest, silence before DATA included, is retried.
 */
function outcomeOf(error: NodemailerError): SendOutcome {
  if (error.permanent === true) return { kind: 'failed', error: describe(error) };
  const silentWithTheMessage =
    error.code === 'ETIMEDOUT' &&
    error.timeoutType === 'SOCKET_TIMEOUT' &&
    !BEFORE_THE_MESSAGE.test(error.command ?? '');
  if (silentWithTheMessage) {
    return { kind: 'failed', error: `${describe(error)} (outcome unknown, not resent)` };
  }
  return { kind: 'retry', error: describe(error) };
}

export function createSmtpEmailTransport(options: SmtpEmailOptions): MessageTransport {
  // nodemailer is loaded for the first e-mail sent, not at start (a cold start is shorter).
  const transporterOnce = onFirstUse(async (): Promise<Transporter> =>
    (await import('nodemailer')).default.createTransport({
      url: options.url,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
    }),
  );

  return {
    send: async (message: ClaimedMessage): Promise<SendOutcome> => {
      try {
        const smtp = await transporterOnce();
        const info = await smtp.sendMail({
          from: options.from,
          to: message.to ?? options.operationsTo,
          subject: message.subject ?? '',
          text: message.body,
          messageId: messageIdOf(message.id),
        });
        return { kind: 'sent', providerMessageId: info.messageId };
      } catch (error) {
        return outcomeOf(error as NodemailerError);
      }
    },
  };
}

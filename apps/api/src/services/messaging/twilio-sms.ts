import { z } from 'zod';
import type { ClaimedMessage } from '../../repositories/messages.ts';
import type { MessageTransport, SendOutcome } from './transport.ts';

// Twilio Programmable Messaging, "Create a Message resource": POST
// {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From or
// MessagingServiceSid, Body; HTTP Basic auth AccountSid:AuthToken. Errors are JSON
// {code, message, more_info, status}. Plain fetch: the official SDK cannot target another host
// (docs/decisions/442).

export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  /** A sender number in E.164, or a Messaging Service SID (MG...) used as MessagingServiceSid. */
  from: string;
  /** https://api.twilio.com in production; a local fixture server in tests. */
  apiBase: string;
  timeoutMs: number;
}

const TwilioMessageSchema = z.object({ sid: z.string().min(1) });
const TwilioErrorSchema = z.object({
  code: z.number().nullish(),
  message: z.string().nullish(),
});

const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;
/** Network failures where the request never reached Twilio: safe to try again. */
const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** E.164 form of a stored phone ('+1 (787) 555-0100' -> '+17875550100'); null without a '+' code. */
export function toE164(phone: string): string | null {
  const trimmed = phone.trim();
  if (!trimmed.startsWith('+')) return null;
  const digits = trimmed.replace(/\D/g, '');
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}

/** Seconds of a Retry-After header as milliseconds; undefined when absent or not a number. */
function retryAfterMs(header: string | null): number | undefined {
  const seconds = Number(header);
  return header !== null && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

async function twilioError(response: Response): Promise<string> {
  const parsed = TwilioErrorSchema.safeParse(await response.json().catch(() => null));
  const detail = parsed.success
    ? `${parsed.data.code ?? '-'} ${parsed.data.message ?? ''}`.trim()
    : 'unreadable error body';
  return `Twilio ${response.status}: ${detail}`;
}

function networkOutcome(error: unknown): SendOutcome {
  if (error instanceof Error && error.name === 'TimeoutError') {
    // The request may have reached Twilio, which has no idempotency key for messages: not resent.
    return { kind: 'failed', error: 'Twilio did not answer in time: outcome unknown, not resent' };
  }
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  if (code && NOT_CONNECTED_CODES.has(code)) {
    return { kind: 'retry', error: `Twilio unreachable (${code})` };
  }
  return {
    kind: 'failed',
    error: `Twilio request broke off (${code ?? String(error)}): not resent`,
  };
}

export function createTwilioSmsTransport(options: TwilioSmsOptions): MessageTransport {
  const url = new URL(
    `2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
    options.apiBase.endsWith('/') ? options.apiBase : `${options.apiBase}/`,
  );
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const senderField = MESSAGING_SERVICE_SID.test(options.from) ? 'MessagingServiceSid' : 'From';

  return {
    send: async (message: ClaimedMessage): Promise<SendOutcome> => {
      const to = message.to === null ? null : toE164(message.to);
      if (to === null) {
        return { kind: 'failed', error: `Not a phone number in E.164: ${message.to ?? '(none)'}` };
      }
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: to, [senderField]: options.from, Body: message.body }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        return networkOutcome(error);
      }
      if (response.ok) {
        // Accepted: a body we cannot read does not make it unsent (and it must not be sent twice).
        const parsed = TwilioMessageSchema.safeParse(await response.json().catch(() => null));
        return { kind: 'sent', providerMessageId: parsed.success ? parsed.data.sid : null };
      }
      const error = await twilioError(response);
      if (response.status === 429 || response.status >= 500) {
        return {
          kind: 'retry',
          error,
          retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
        };
      }
      return { kind: 'failed', error };
    },
  };
}

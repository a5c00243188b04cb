import { z } from 'zod';
import {
  ConfigError,
  emptyAsUnset,
  optionalString,
  unsetNames,
  type EnvValues,
} from './env-values.ts';

// --- Messaging (ARCHITECTURE decision 7 "SMS" and "e-mail"; docs/decisions/440-443): without
// SMS_PROVIDER=twilio or SMTP_URL the messages stay in the outbox table and the log. ---
export const MESSAGING_ENV = {
  SMS_PROVIDER: emptyAsUnset(z.enum(['outbox', 'twilio']).default('outbox')),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  /** Sender number in E.164, or a Messaging Service SID (MG...). */
  TWILIO_FROM: optionalString,
  TWILIO_API_BASE: emptyAsUnset(z.url({ protocol: /^https?$/ }).default('https://api.twilio.com')),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'Expected an smtp:// or smtps:// URL')
      .optional(),
  ),
  EMAIL_FROM: optionalString,
  /** Operations mailbox that receives the cancellation e-mails (docs/decisions/441). */
  CANCELLATION_EMAIL_TO: optionalString.pipe(z.email().optional()),
  MESSAGING_TIMEOUT_MS: emptyAsUnset(z.coerce.number().int().min(50).max(60_000).default(10_000)),
};

export type SmsConfig =
  | { provider: 'outbox' }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiBase: string };

export interface EmailConfig {
  /** SMTP server of the e-mail adapter; undefined keeps e-mails in the outbox. */
  smtpUrl: string | undefined;
  from: string;
  cancellationTo: string | undefined;
}

export interface MessagingConfig {
  sms: SmsConfig;
  email: EmailConfig;
  /** Timeout of each call to Twilio and of each SMTP wait. */
  timeoutMs: number;
}

/** A named adapter without its settings is a ConfigError, not a silent outbox. */
export function messagingConfig(e: EnvValues<typeof MESSAGING_ENV>): MessagingConfig {
  const absent = [
    ...(e.SMS_PROVIDER === 'twilio'
      ? unsetNames([
          ['TWILIO_ACCOUNT_SID', e.TWILIO_ACCOUNT_SID],
          ['TWILIO_AUTH_TOKEN', e.TWILIO_AUTH_TOKEN],
          ['TWILIO_FROM', e.TWILIO_FROM],
        ])
      : []),
    ...(e.SMTP_URL === undefined
      ? []
      : unsetNames([
          ['EMAIL_FROM', e.EMAIL_FROM],
          ['CANCELLATION_EMAIL_TO', e.CANCELLATION_EMAIL_TO],
        ])),
  ];
  if (absent.length > 0) {
    throw new ConfigError(
      `Invalid environment: ${absent.join(', ')} required by the messaging adapters`,
    );
  }
  return {
    sms:
      e.SMS_PROVIDER === 'twilio'
        ? {
            provider: 'twilio',
            accountSid: e.TWILIO_ACCOUNT_SID ?? '',
            authToken: e.TWILIO_AUTH_TOKEN ?? '',
            from: e.TWILIO_FROM ?? '',
            apiBase: e.TWILIO_API_BASE,
          }
        : { provider: 'outbox' },
    email: {
      smtpUrl: e.SMTP_URL,
      from: e.EMAIL_FROM ?? 'Auxilio <no-reply@auxilio.localhost>',
      cancellationTo: e.CANCELLATION_EMAIL_TO,
    },
    timeoutMs: e.MESSAGING_TIMEOUT_MS,
  };
}

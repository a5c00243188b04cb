import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { transportsFrom } from '../src/services/messaging/index.ts';

// The messaging adapters are chosen by configuration (ARCHITECTURE decision 7; docs/decisions/440-442):
// the embedded default has none, and a named adapter without its settings stops the start.

describe('messaging configuration', () => {
  it('keeps texts and e-mails in the outbox by default (no adapter, no network)', () => {
    const config = loadConfig({});
    expect(config.messaging.sms).toEqual({ provider: 'outbox' });
    expect(config.messaging.email.smtpUrl).toBeUndefined();
    expect(transportsFrom(config.messaging)).toEqual({});
  });

  it('builds the Twilio and SMTP adapters from their variables', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC0123',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+17875550000',
      SMTP_URL: 'smtp://mail.example:2525',
      EMAIL_FROM: 'Auxilio <no-reply@example.com>',
      CANCELLATION_EMAIL_TO: 'ops@example.com',
      MESSAGING_TIMEOUT_MS: '2500',
    });
    expect(config.messaging).toEqual({
      sms: {
        provider: 'twilio',
        accountSid: 'AC0123',
        authToken: 'secret',
        from: '+17875550000',
        apiBase: 'https://api.twilio.com',
      },
      email: {
        smtpUrl: 'smtp://mail.example:2525',
        from: 'Auxilio <no-reply@example.com>',
        cancellationTo: 'ops@example.com',
      },
      timeoutMs: 2500,
    });
    expect(Object.keys(transportsFrom(config.messaging)).sort()).toEqual(['email', 'sms']);
  });

  it.each([
    [
      { SMS_PROVIDER: 'twilio', TWILIO_FROM: '+17875550000' },
      /TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN/,
    ],
    [{ SMTP_URL: 'smtp://mail.example:25', EMAIL_FROM: 'a@example.com' }, /CANCELLATION_EMAIL_TO/],
    [{ SMTP_URL: 'http://mail.example' }, /SMTP_URL/],
    [{ SMS_PROVIDER: 'carrier-pigeon' }, /SMS_PROVIDER/],
    [{ CANCELLATION_EMAIL_TO: 'not an address' }, /CANCELLATION_EMAIL_TO/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

import type { MessagingConfig } from '../../config/env.ts';
import type { MessagesRepository } from '../../repositories/messages.ts';
import { createMessageDispatcher, type Transports } from './dispatcher.ts';
import { createDeliveryWorker, type DeliveryLog, type DeliveryWorker } from './delivery-worker.ts';
import { createSmtpEmailTransport } from './smtp-email.ts';
import { createTwilioSmsTransport } from './twilio-sms.ts';

/** How often queued retries and other processes' messages are looked for. */
export const DELIVERY_INTERVAL_MS = 15_000;

/** The adapters that the configuration names; an absent kind stays in the outbox (decision 440). */
export function transportsFrom(config: MessagingConfig): Transports {
  const transports: Transports = {};
  if (config.sms.provider === 'twilio') {
    transports.sms = createTwilioSmsTransport({ ...config.sms, timeoutMs: config.timeoutMs });
  }
  if (config.email.smtpUrl !== undefined && config.email.cancellationTo !== undefined) {
    transports.email = createSmtpEmailTransport({
      url: config.email.smtpUrl,
      from: config.email.from,
      operationsTo: config.email.cancellationTo,
      timeoutMs: config.timeoutMs,
    });
  }
  return transports;
}

/** The outbox delivery of one API process, as configured (started and stopped by app.ts). */
export function createMessageDelivery(
  config: MessagingConfig,
  messages: MessagesRepository,
  log: DeliveryLog,
): DeliveryWorker {
  const dispatcher = createMessageDispatcher(messages, transportsFrom(config));
  return createDeliveryWorker(messages, dispatcher, { intervalMs: DELIVERY_INTERVAL_MS, log });
}

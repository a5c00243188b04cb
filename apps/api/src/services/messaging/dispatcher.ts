import type { DeliverableKind, MessagesRepository } from '../../repositories/messages.ts';
import type { MessageTransport, SendOutcome } from './transport.ts';

// Delivery of the outbox (ARCHITECTURE decision 7, docs/decisions/440): claim due rows atomically,
// send each through the adapter of its kind, settle it as sent, queued again with backoff, or
// failed. A claimed row is never claimed again, so no message is sent twice.

export const DELIVERY_POLICY = {
  /** Attempts before a message that keeps meeting 429/5xx is given up. */
  maxAttempts: 5,
  /** Wait after the first failed attempt; doubled after each further one. */
  firstRetryMs: 30_000,
  maxRetryMs: 15 * 60_000,
  /** A provider's Retry-After is honoured up to this. */
  maxRetryAfterMs: 60 * 60_000,
  /** An attempt still `sending` after this was cut short (the process stopped mid-send). */
  sendingLeaseMs: 10 * 60_000,
  /** A text or e-mail queued longer ago than this is too late to be useful. */
  maxAgeMs: 24 * 60 * 60_000,
  batchSize: 20,
} as const;

export type Transports = Partial<Record<DeliverableKind, MessageTransport>>;

export interface DispatchReport {
  sent: number;
  retried: number;
  failed: number;
}

/** Wait before attempt `attempts + 1`: doubling backoff, or the provider's Retry-After if longer. */
export function retryDelayMs(attempts: number, retryAfterMs?: number): number {
  const backoff = Math.min(
    DELIVERY_POLICY.firstRetryMs * 2 ** Math.max(0, attempts - 1),
    DELIVERY_POLICY.maxRetryMs,
  );
  return Math.max(backoff, Math.min(retryAfterMs ?? 0, DELIVERY_POLICY.maxRetryAfterMs));
}

export interface MessageDispatcher {
  /** Kinds that have an adapter; the others stay in the outbox. */
  readonly kinds: readonly DeliverableKind[];
  /** Sends every message due at `now`, batch after batch, and reports what happened. */
  runOnce(now?: Date): Promise<DispatchReport>;
}

export function createMessageDispatcher(
  messages: MessagesRepository,
  transports: Transports,
): MessageDispatcher {
  const kinds = (Object.keys(transports) as DeliverableKind[]).filter((kind) => transports[kind]);

  const settle = async (id: string, attempts: number, outcome: SendOutcome, now: Date) => {
    if (outcome.kind === 'sent') {
      await messages.markSent(id, now, outcome.providerMessageId);
      return 'sent';
    }
    if (outcome.kind === 'retry' && attempts < DELIVERY_POLICY.maxAttempts) {
      const next = new Date(now.getTime() + retryDelayMs(attempts, outcome.retryAfterMs));
      await messages.markRetry(id, next, outcome.error);
      return 'retried';
    }
    const error =
      outcome.kind === 'retry'
        ? `Gave up after ${attempts} attempts: ${outcome.error}`
        : outcome.error;
    await messages.markFailed(id, error);
    return 'failed';
  };

  return {
    kinds,
    runOnce: async (now = new Date()) => {
      const report: DispatchReport = { sent: 0, retried: 0, failed: 0 };
      if (kinds.length === 0) return report;
      report.failed += await messages.failStale(kinds, {
        now,
        sendingLeaseMs: DELIVERY_POLICY.sendingLeaseMs,
        maxAgeMs: DELIVERY_POLICY.maxAgeMs,
      });
      for (;;) {
        const batch = await messages.claimDue(kinds, {
          now,
          maxAgeMs: DELIVERY_POLICY.maxAgeMs,
          limit: DELIVERY_POLICY.batchSize,
        });
        for (const message of batch) {
          const transport = transports[message.kind];
          // An adapter never throws by contract; should one, the message is failed, not stuck.
          const outcome: SendOutcome = transport
            ? await transport.send(message).catch((error: unknown) => ({
                kind: 'failed' as const,
                error: `Adapter error: ${String(error)}`,
              }))
            : { kind: 'failed', error: `No adapter for ${message.kind}` };
          report[await settle(message.id, message.attempts, outcome, now)] += 1;
        }
        if (batch.length < DELIVERY_POLICY.batchSize) return report;
      }
    },
  };
}

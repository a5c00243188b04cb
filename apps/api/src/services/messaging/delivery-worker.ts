import type { MessagesRepository, NewMessageRow } from '../../repositories/messages.ts';
import type { MessageDispatcher } from './dispatcher.ts';

// docs/decisions/440: a message is sent right after it is queued, outside the request that queued
// it (the request never waits on a provider), and a periodic pass sends retries that came due and
// messages queued by another API process.

export interface DeliveryLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface DeliveryWorker {
  start(): void;
  /** Stops the timer and waits for the pass in flight. */
  stop(): Promise<void>;
}

export function createDeliveryWorker(
  messages: MessagesRepository,
  dispatcher: MessageDispatcher,
  options: { intervalMs: number; log: DeliveryLog },
): DeliveryWorker {
  const { log } = options;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let running: Promise<void> | undefined;
  /** Wake-ups so far; one that arrives during a pass asks for another pass after it. */
  let wakeUps = 0;

  const pass = async (): Promise<void> => {
    let answered: number;
    do {
      answered = wakeUps;
      try {
        const report = await dispatcher.runOnce();
        if (report.sent + report.retried + report.failed > 0) log.info(report, 'outbox delivery');
      } catch (error) {
        log.warn({ err: error }, 'outbox delivery pass failed; the next pass tries again');
      }
    } while (wakeUps !== answered);
  };

  /** One pass at a time; a wake-up during a pass asks for one more right after it. */
  const wake = () => {
    wakeUps += 1;
    if (running) return;
    running = pass().finally(() => {
      running = undefined;
    });
  };

  const onQueued = (message: NewMessageRow) => {
    const details = { messageId: message.id, kind: message.kind, to: message.to ?? null };
    if (dispatcher.kinds.some((kind) => kind === message.kind)) {
      log.info(details, 'message queued; sending');
      wake();
    } else {
      // Embedded default (ARCHITECTURE decision 7: "outbox table + log"): the row stays queued.
      log.info({ ...details, subject: message.subject ?? null }, 'message kept in the outbox');
    }
  };

  return {
    start: () => {
      unsubscribe = messages.onQueued(onQueued);
      if (dispatcher.kinds.length === 0) return;
      timer = setInterval(wake, options.intervalMs);
      timer.unref();
      wake();
    },
    stop: async () => {
      unsubscribe?.();
      clearInterval(timer);
      await running;
    },
  };
}

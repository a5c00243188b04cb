import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DRIVER_CHANGES_CHANNEL } from '../../repositories/driver-changes.ts';
import { createDispatchLoop, type DispatchLoop } from './loop.ts';
import { createDriverWakeups, type DriverWakeups } from './driver-wakeups.ts';

// The dispatch engine inside the API process (docs/decisions/760), unless DISPATCH_ENGINE=false
// (then `npm run worker` runs it apart), and the wake-ups of the driver app's long polls.

declare module 'fastify' {
  interface FastifyInstance {
    dispatch: {
      wakeups: DriverWakeups;
      /** Resolves once this process LISTENs to driver changes (started on first use). */
      ready(): Promise<void>;
      /** Dispatch now rather than at the next tick (no-op when the engine runs elsewhere). */
      kick(): void;
      /** True once the server closes: long polls answer at once. */
      closing(): boolean;
    };
  }
}

/** Service events after which a driver may be offered the service at once. */
const DISPATCHABLE_STEPS = new Set(['rejected', 'timed_out', 'driver_cancelled']);

function dispatchPlugin(app: FastifyInstance): void {
  const wakeups = createDriverWakeups();
  let loop: DispatchLoop | undefined;
  let listening: Promise<() => Promise<void>> | undefined;
  let closing = false;

  app.serviceEventsBus.watch((serviceId) => {
    wakeups.wakeService(serviceId);
  });

  const ready = async (): Promise<void> => {
    // The service-events LISTEN wakes trips and offers by service; this one new offers by driver.
    listening ??= app.database.listen(
      DRIVER_CHANGES_CHANNEL,
      (driverId) => {
        wakeups.wakeDriver(driverId);
      },
      {
        lost: () => undefined,
        resumed: () => {
          wakeups.wakeAll();
        },
      },
    );
    const attempt = listening;
    try {
      await attempt;
      await app.serviceEventsBus.ready();
    } catch (error) {
      if (listening === attempt) listening = undefined;
      throw error;
    }
  };

  if (app.config.dispatchEngine) {
    loop = createDispatchLoop(app.repositories, {
      offerSeconds: app.config.dispatchOfferSeconds,
      onError: (error) => {
        app.log.warn({ err: error }, 'dispatch tick failed; trying again');
      },
    });
    const engine = loop;
    app.repositories.services.onCommitted((change) => {
      // A new service, an offer declined, a service given back, or a status change that may have
      // freed a driver (the write path then made the branch's waiting services due).
      const dispatchable = change.events.some(
        (event) =>
          event.type === 'created' ||
          event.type === 'status' ||
          (event.type === 'dispatch' &&
            DISPATCHABLE_STEPS.has(String((event.payload as { step?: unknown }).step))),
      );
      if (dispatchable) engine.kick();
    });
    app.addHook('onReady', () => {
      engine.start();
      return Promise.resolve();
    });
  }

  app.decorate('dispatch', { wakeups, ready, kick: () => loop?.kick(), closing: () => closing });
  // Before the database closes: the running tick ends, the LISTEN goes, the long polls answer.
  app.addHook('preClose', async () => {
    closing = true;
    wakeups.wakeAll();
    await loop?.stop();
    const unlisten = await listening?.catch(() => undefined);
    await unlisten?.();
  });
}

export default fp(dispatchPlugin, {
  name: 'dispatch',
  dependencies: ['database', 'service-events-bus'],
});

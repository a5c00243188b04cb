import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCustomerTexts } from '../../services/customer-texts.ts';

// Decision 611: the texts sent to the customer (confirmation, on the way, second stop), queued after
// each committed change of the service write path, with links on PUBLIC_ORIGIN (decision 504).

export interface CustomerTexts {
  /** Resolves when every text started so far is queued in the outbox. */
  idle: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    customerTexts: CustomerTexts;
  }
}

/** The most the exit waits for texts still being queued. */
export const TEXTS_CLOSE_WAIT_MS = 2_000;

async function customerTextsPlugin(app: FastifyInstance): Promise<void> {
  const { publicOrigin, port } = app.config;
  const texts = createCustomerTexts({
    messages: app.repositories.messages,
    key: app.serverKeys.textLink,
    // As the content security policy does without PUBLIC_ORIGIN (development only, decision 504).
    origin: publicOrigin ?? `http://localhost:${String(port)}`,
    log: app.log.child({ module: 'customer-texts' }),
  });
  const stopListening = app.repositories.services.onCommitted(texts.notify);
  app.decorate('customerTexts', { idle: texts.idle });
  // After the server stopped listening and its running requests finished (a deploy never waits on
  // texts to refuse new connections), before the database closes: the texts started so far are
  // queued, for at most TEXTS_CLOSE_WAIT_MS (a database that does not answer must not hold the exit).
  app.addHook('onClose', async () => {
    stopListening();
    await Promise.race([texts.idle(), delay(TEXTS_CLOSE_WAIT_MS, undefined, { ref: false })]);
  });
  return Promise.resolve();
}

export default fp(customerTextsPlugin, {
  name: 'customer-texts',
  dependencies: ['repositories', 'server-keys'],
});

import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadPersistedSecret } from '../../lib/persisted-secret.ts';

// The keys of the credentials this server derives or signs itself (decision 476), each derived from
// the one server secret (SERVER_SECRET, or generated into DATA_DIR) for its own purpose, so that no
// key ever serves two kinds of credential.

export interface ServerKeys {
  /** HMAC key of customers' service tokens (derived from the service id and creation body). */
  serviceToken: Buffer;
  /** HMAC key of members' sign-in sessions. */
  memberSession: Buffer;
  /** HMAC key of the links in the texts sent to customers (decision 610). */
  textLink: Buffer;
  /** HMAC key of the demo's simulated drivers' tokens (docs/decisions/760). */
  simulatedDriver: Buffer;
}

declare module 'fastify' {
  interface FastifyInstance {
    serverKeys: ServerKeys;
  }
}

/** The file in DATA_DIR that keeps a generated server secret. */
export const SERVER_SECRET_FILE = 'server-secret';

/** A key for one purpose from the server secret. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`auxilio-key:${purpose}`).digest();
}

async function serverKeysPlugin(app: FastifyInstance): Promise<void> {
  const secret = await loadPersistedSecret({
    secret: app.config.serverSecret,
    secretDir: app.config.serverSecretDir,
    fileName: SERVER_SECRET_FILE,
  });
  app.decorate('serverKeys', {
    serviceToken: deriveKey(secret, 'service-token'),
    memberSession: deriveKey(secret, 'member-session'),
    textLink: deriveKey(secret, 'text-link'),
    simulatedDriver: deriveKey(secret, 'simulated-driver'),
  });
}

export default fp(serverKeysPlugin, { name: 'server-keys' });

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ServiceRequestResponseSchema,
  ServiceSchema,
  type ServiceRequestPayloadInput,
} from '@auxilio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from './support/api-process.ts';
import { createRetrying, type Acknowledged } from './support/creation-load.ts';
import { servicePayload } from './support/service-request-payload.ts';
import { HONDA_PR } from './support/demo-accounts.ts';

// Decision 494: the embedded database (PGlite in DATA_DIR) of a process that is killed outright
// (SIGKILL: out of memory, a host that goes away) keeps every service the API acknowledged. A real
// API process creates services under load, is killed mid-load, and a new process on the same
// DATA_DIR reads each acknowledged service with the token it answered; a creation that got no
// answer, sent again with the same body, ends as one service. The process owns its data directory,
// so this runs in every suite, PostgreSQL's included.

/** Honda in Puerto Rico charges no fee: creations need no payment. */
const APP_KEY = 'auxilio-demo-public-app-key';
const CLIENTS = 6;

let dataDir: string;

function apiEnv(): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    // The embedded database even when the suite runs on PostgreSQL.
    DATABASE_URL: '',
    DRIVER_SIMULATOR: 'false',
    RATE_LIMIT_ENABLED: 'false',
    APP_KEY,
    LOG_LEVEL: 'error',
  };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'auxilio-crash-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('SIGKILL on the embedded database mid-load', () => {
  it('every acknowledged service survives with its token; unanswered ones retry into one', async () => {
    let api: ApiProcess = await startApiProcess(apiEnv());
    const acknowledged: Acknowledged[] = [];
    const unanswered: ServiceRequestPayloadInput[] = [];
    let killedAt = 0;
    const killed = () => killedAt > 0;
    try {
      const { baseUrl } = api;
      const customers = Array.from({ length: CLIENTS }, async () => {
        while (!killed()) {
          const payload = servicePayload(HONDA_PR);
          try {
            const response = await fetch(`${baseUrl}/common/api/v1/service-requests`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-api-key': APP_KEY },
              body: JSON.stringify(payload),
            });
            expect(response.status, await response.clone().text()).toBe(201);
            const { token } = ServiceRequestResponseSchema.parse(await response.json());
            acknowledged.push({ serviceId: payload.serviceId, token });
          } catch (error) {
            // Only the kill may interrupt a creation: its answer never came.
            if (!killed()) throw error;
            unanswered.push(payload);
          }
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const before = acknowledged.length;
      killedAt = Date.now();
      const exit = await api.stop('SIGKILL');
      expect(exit.signal).toBe('SIGKILL');
      await Promise.all(customers);
      expect(before).toBeGreaterThan(CLIENTS);
      // Requests were running when the process died.
      expect(unanswered.length).toBeGreaterThan(0);

      api = await startApiProcess(apiEnv());
      const again = api;
      for (const { serviceId, token } of acknowledged) {
        const read = await fetch(`${again.baseUrl}/common/services/${serviceId}`, {
          headers: { 'x-api-key': APP_KEY, authorization: `Bearer ${token}` },
        });
        expect(read.status, serviceId).toBe(200);
        expect(ServiceSchema.parse(await read.json())._id).toBe(serviceId);
      }
      // Committed or not before the kill, a retry with the same body answers one service, and a
      // second retry the same token (decision 476).
      for (const payload of unanswered) {
        const target = { baseUrl: again.baseUrl, appKey: APP_KEY, accountId: HONDA_PR };
        const first = await createRetrying(target, payload);
        expect(await createRetrying(target, payload)).toEqual(first);
      }
    } finally {
      await api.close();
    }
  }, 120_000);
});

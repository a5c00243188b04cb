import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config/env.ts';
import {
  IN_MEMORY_DATA_DIR,
  openDatabase,
  type DatabaseHandle,
} from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { messages, services } from '../../apps/api/src/db/schema.ts';
import { seedDemoData } from '../../apps/api/src/db/seed/index.ts';
import { assignNextQueued } from '../../apps/api/src/services/dispatch.ts';
import { issueDriverToken } from '../../apps/api/src/services/driver-app.ts';

// A journey spec's own API: the real app (routes, database, event stream, built PWA) in this test
// process on a fresh embedded database, listening on a free port. Being in-process lets a spec look
// at the database the way an operator would (a service's status, the outbox) and act as a driver
// with a real driver token over HTTP, instead of trusting what the screen says.

export interface JourneyApi {
  baseUrl: string;
  /** The app key every /common call sends (ARCHITECTURE decision 9). */
  appKey: string;
  app: FastifyInstance;
  db: DatabaseHandle;
  /** The stored service row (status, cancellation reason ...). */
  service(id: string): Promise<typeof services.$inferSelect | undefined>;
  /** Messages in the outbox for a service (cancellation e-mail, SMS to the driver). */
  outbox(serviceId: string): Promise<(typeof messages.$inferSelect)[]>;
  /** Runs the dispatcher once (what the simulator does every second) and plays the driver. */
  dispatchNext(): Promise<DriverSession | undefined>;
  close(): Promise<void>;
}

export interface JourneyApiOptions {
  /** The time-compressed driver simulator (decision 232); off when the spec plays the driver. */
  simulator: boolean;
  /** The built PWA to serve, when not `apps/web/dist` (a copy a spec may change, as a deploy does). */
  webDistDir?: string;
  /**
   * Environment variables of this API on top of the process's, read when it starts (e.g. a DSN that
   * points at a receiver the spec started just before).
   */
  env?: () => Record<string, string>;
}

export async function startJourneyApi({
  simulator,
  webDistDir,
  env,
}: JourneyApiOptions): Promise<JourneyApi> {
  const config = {
    ...loadConfig({ ...process.env, ...env?.() }),
    nodeEnv: 'production' as const,
    host: '127.0.0.1',
    port: 0,
    databaseUrl: undefined,
    dataDir: IN_MEMORY_DATA_DIR,
    pgliteDir: IN_MEMORY_DATA_DIR,
    logLevel: 'warn' as const,
    seedDemo: true,
    driverSimulator: simulator,
    ...(webDistDir ? { webDistDir } : {}),
  };
  const db = await openDatabase({ dataDir: IN_MEMORY_DATA_DIR });
  await migrateDatabase(db);
  await seedDemoData(db);
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://localhost:${port}`;
  return {
    baseUrl,
    appKey: config.appKey,
    app,
    db,
    service: async (id) => {
      const [row] = await db.db.select().from(services).where(eq(services.id, id));
      return row;
    },
    outbox: (serviceId) => db.db.select().from(messages).where(eq(messages.serviceId, serviceId)),
    dispatchNext: async () => {
      const outcome = await assignNextQueued(app.repositories);
      if (!outcome) return undefined;
      const { id: serviceId, driverId } = outcome.service;
      if (!driverId) throw new Error(`Service ${serviceId} was dispatched without a driver`);
      const token = await issueDriverToken(app.repositories, driverId);
      return new DriverSession(baseUrl, config.appKey, token, serviceId);
    },
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** The driver app over HTTP with the driver's own bearer token (decision 230). */
export class DriverSession {
  constructor(
    private readonly baseUrl: string,
    private readonly appKey: string,
    private readonly token: string,
    readonly serviceId: string,
  ) {}

  private async post(path: string, body: unknown): Promise<unknown> {
    const response = await fetch(`${this.baseUrl}/common/api/v1/driver-app${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': this.appKey,
        authorization: `Bearer ${this.token}`,
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return response.json();
  }

  accept(): Promise<unknown> {
    return this.post(`/services/${this.serviceId}/accept`, {});
  }

  tripStatus(status: 'ON_ROUTE' | 'ARRIVED' | 'TOWED' | 'FINISHED'): Promise<unknown> {
    return this.post(`/services/${this.serviceId}/trip-status`, { status });
  }

  position(lat: number, lng: number, heading = 0): Promise<unknown> {
    return this.post('/position', { lat, lng, heading, accuracy: 5 });
  }
}

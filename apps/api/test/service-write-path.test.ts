import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../src/db/schema.ts';
import {
  createServiceWritePath,
  type CommittedServiceChange,
  type ServiceChange,
  type ServiceWriteTransaction,
} from '../src/repositories/service-writes.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';
import {
  cancelService,
  createService,
  serviceEventsOf,
  serviceRow,
} from './support/journey-service.ts';
import { markedPosition } from './support/service-stream.ts';

// Every write to a service goes through one path (docs/decisions/204): it locks the row, writes
// the change and its typed events in one transaction, and tells this process's listeners (status
// notifications) only after the commit.

const SRC = fileURLToPath(new URL('../src', import.meta.url));

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return Promise.resolve(
        entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [],
      );
    }),
  );
  return nested.flat();
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the service write path', () => {
  it('is the only code that writes the services and service_events tables', async () => {
    const writers: string[] = [];
    for (const file of await sourceFiles(SRC)) {
      const text = await readFile(file, 'utf8');
      if (/\.(insert|update|delete)\(\s*(services|serviceEvents)\s*\)/.test(text)) {
        writers.push(relative(SRC, file));
      }
    }
    expect(writers).toEqual(['repositories/service-writes.ts']);
  });

  it('tells listeners after the commit, in order, with the typed events of each change', async () => {
    const service = await createService(t, CONNECT_PR);
    const heard: {
      change: CommittedServiceChange;
      committedStatus: Promise<string | undefined>;
    }[] = [];
    const stop = t.app.repositories.services.onCommitted((change) => {
      // Read on another query while the listener runs: the change is already visible.
      heard.push({
        change,
        committedStatus: serviceRow(t, change.service.id).then((row) => row?.status),
      });
    });
    try {
      await cancelService(t, service.id, service.token);
    } finally {
      stop();
    }
    expect(heard).toHaveLength(1);
    const [only] = heard;
    expect(only?.change.service).toMatchObject({ id: service.id, status: 'Void' });
    expect(only?.change.events.map((event) => [event.seq, event.type])).toEqual([[2, 'status']]);
    expect(only?.change.events[0]?.payload).toMatchObject({
      status: 'Void',
      previousStatus: 'Queued',
      reason: 'No necesito servicio',
    });
    expect(await only?.committedStatus).toBe('Void');
  });

  it('tells nobody of a change that rolled back, nor of a change that wrote nothing', async () => {
    const service = await createService(t, CONNECT_PR);
    const heard: CommittedServiceChange[] = [];
    const stop = t.app.repositories.services.onCommitted((change) => heard.push(change));
    try {
      await expect(
        t.app.repositories.services.change(service.id, () => {
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      const kept = await t.app.repositories.services.change(service.id, () => 'keep');
      expect(kept?.events).toEqual([]);
    } finally {
      stop();
    }
    expect(heard).toEqual([]);
  });

  it('a failing listener neither fails the change nor stops the other listeners', async () => {
    const service = await createService(t, CONNECT_PR);
    const heard: CommittedServiceChange[] = [];
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const stopFailing = t.app.repositories.services.onCommitted(() => {
      throw new Error('listener broke');
    });
    const stop = t.app.repositories.services.onCommitted((change) => heard.push(change));
    try {
      const written = await t.app.repositories.services.change(service.id, () => ({
        events: [markedPosition(1)],
      }));
      expect(written?.events.map((event) => event.type)).toEqual(['position']);
    } finally {
      stopFailing();
      stop();
    }
    expect(heard).toHaveLength(1);
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(warnings).toContain('listener broke');
  });

  it('writes many services’ changes at once exactly as it writes them one by one (decision 781)', async () => {
    const alone = await createService(t, CONNECT_PR);
    const together = [await createService(t, CONNECT_PR), await createService(t, CONNECT_PR)];
    const fleet = await t.db.db.select({ id: drivers.id }).from(drivers).orderBy(asc(drivers.id));
    const driverIds = fleet.slice(0, 3).map((driver) => driver.id);
    const seenAt = new Date('2026-11-29T10:00:00.000Z');
    const events = [markedPosition(1), markedPosition(2)];
    const moveTo = (driverId: string | undefined, lat: number): ServiceChange => ({
      patch: {
        providerLat: lat,
        providerLng: -66.1,
        driverEtaSeconds: 300,
        driverDistanceMeters: 1200,
      },
      events,
      driver: { id: driverId ?? '', patch: { lastLat: lat, lastLng: -66.1, lastSeenAt: seenAt } },
    });
    const locked = async (write: ServiceWriteTransaction, id: string) => {
      const service = await write.lock(id);
      if (!service) throw new Error(`no service ${id}`);
      return service;
    };
    const writes = createServiceWritePath(t.db.db);
    const heard: string[] = [];
    writes.onCommitted((change) => heard.push(change.service.id));

    const single = await writes.run(async (write) =>
      write.apply(await locked(write, alone.id), moveTo(driverIds[0], 18.1)),
    );
    const bulk = await writes.run(async (write) => {
      const services = [
        { service: await locked(write, together[0]?.id ?? ''), change: moveTo(driverIds[1], 18.2) },
        { service: await locked(write, together[1]?.id ?? ''), change: moveTo(driverIds[2], 18.3) },
      ];
      await write.lockDrivers(driverIds.slice(1));
      return write.applyAll(services);
    });

    const shape = (change: CommittedServiceChange) => ({
      patched: {
        providerLat: change.service.providerLat,
        driverEtaSeconds: change.service.driverEtaSeconds,
        driverDistanceMeters: change.service.driverDistanceMeters,
      },
      events: change.events.map((event) => [event.seq, event.type, event.payload]),
    });
    expect(bulk.map(shape)).toEqual(
      [18.2, 18.3].map((lat) => ({
        ...shape(single),
        patched: { ...shape(single).patched, providerLat: lat },
      })),
    );
    // What the listeners are told is the row as stored, as with one change at a time.
    for (const change of [single, ...bulk]) {
      expect(change.service).toEqual(await serviceRow(t, change.service.id));
    }
    expect(heard).toEqual([alone.id, together[0]?.id, together[1]?.id]);
    for (const [index, lat] of [18.1, 18.2, 18.3].entries()) {
      const [driver] = await t.db.db
        .select({ lastLat: drivers.lastLat, lastSeenAt: drivers.lastSeenAt })
        .from(drivers)
        .where(eq(drivers.id, driverIds[index] ?? ''));
      expect(driver).toEqual({ lastLat: lat, lastSeenAt: seenAt });
    }
  });

  it('refuses to change one service twice in one bulk write, and writes nothing then', async () => {
    const service = await createService(t, CONNECT_PR);
    const writes = createServiceWritePath(t.db.db);
    await expect(
      writes.run(async (write) => {
        const row = await write.lock(service.id);
        if (!row) throw new Error('no service');
        const change = { events: [markedPosition(1)] };
        return write.applyAll([
          { service: row, change },
          { service: row, change },
        ]);
      }),
    ).rejects.toThrow('a service changed twice');
    expect((await serviceEventsOf(t, service.id, 'position')).length).toBe(0);
  });

  it('refuses a bulk write that moves a driver not locked first, and writes nothing then', async () => {
    const service = await createService(t, CONNECT_PR);
    const [driver] = await t.db.db.select({ id: drivers.id }).from(drivers).limit(1);
    if (!driver) throw new Error('no driver');
    const writes = createServiceWritePath(t.db.db);
    await expect(
      writes.run(async (write) => {
        const row = await write.lock(service.id);
        if (!row) throw new Error('no service');
        const patch = { lastLat: 18.4, lastLng: -66.1, lastSeenAt: new Date() };
        return write.applyAll([
          {
            service: row,
            change: { events: [markedPosition(1)], driver: { id: driver.id, patch } },
          },
        ]);
      }),
    ).rejects.toThrow(`driver ${driver.id} was not locked`);
    expect((await serviceEventsOf(t, service.id, 'position')).length).toBe(0);
  });
});

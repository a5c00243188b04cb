import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommittedServiceChange } from '../src/repositories/service-writes.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';
import { cancelService, createService, serviceRow } from './support/journey-service.ts';
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
});

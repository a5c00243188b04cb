import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { resolveVapidKeys, VAPID_KEYS_FILE } from '../src/services/push/vapid-keys.ts';

// ARCHITECTURE decision 7 "push: Web Push with VAPID keys generated on first run"; decision 450.

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'auxilio-vapid-'));
  dirs.push(dir);
  return join(dir, 'data');
}

const pushWithoutKeys = loadConfig({ NODE_ENV: 'test' }).push;

describe('VAPID keys', () => {
  it('are generated on first run into DATA_DIR (0600) and read back on the next runs', async () => {
    const dataDir = await tempDataDir();
    const first = await resolveVapidKeys(pushWithoutKeys, dataDir);
    const path = join(dataDir, VAPID_KEYS_FILE);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(first);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await resolveVapidKeys(pushWithoutKeys, dataDir)).toEqual(first);
  });

  it('two processes starting together on one DATA_DIR agree on one pair', async () => {
    const dataDir = await tempDataDir();
    const pairs = await Promise.all(
      Array.from({ length: 6 }, () => resolveVapidKeys(pushWithoutKeys, dataDir)),
    );
    expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1);
  });

  it('with an in-memory DATA_DIR each process has its own pair', async () => {
    const one = await resolveVapidKeys(pushWithoutKeys, 'memory://');
    const two = await resolveVapidKeys(pushWithoutKeys, 'memory://');
    expect(one.publicKey).not.toBe(two.publicKey);
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, checked as a pair', async () => {
    const keys = webpush.generateVAPIDKeys();
    const env = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    const push = loadConfig(env).push;
    expect(await resolveVapidKeys(push, await tempDataDir())).toEqual(keys);

    const other = webpush.generateVAPIDKeys();
    const mismatched = loadConfig({ ...env, VAPID_PUBLIC_KEY: other.publicKey }).push;
    await expect(resolveVapidKeys(mismatched, 'memory://')).rejects.toThrow(/does not belong/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'push@example.com' })).toThrow(/VAPID_SUBJECT/);
  });
});

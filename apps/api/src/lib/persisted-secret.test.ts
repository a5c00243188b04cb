import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadPersistedSecret } from './persisted-secret.ts';

// Decision 476: the server secret is generated once and shared by every process of one DATA_DIR.

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'auxilio-secret-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const load = () => loadPersistedSecret({ secret: undefined, secretDir: dir, fileName: 'secret' });

describe('loadPersistedSecret', () => {
  it('processes starting together all get the one secret written, and no draft is left', async () => {
    const secrets = await Promise.all(Array.from({ length: 20 }, load));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toHaveLength(43);
    expect(await readdir(dir)).toEqual(['secret']);
  });

  it('refuses a file with no usable secret instead of deriving keys from it', async () => {
    await writeFile(join(dir, 'secret'), '');
    await expect(load()).rejects.toThrow(/no usable secret/);
  });

  it('takes the configured value as is', async () => {
    const secret = 'configured-secret-of-at-least-32-characters';
    expect(await loadPersistedSecret({ secret, secretDir: dir, fileName: 'secret' })).toBe(secret);
    expect(await readdir(dir)).toEqual([]);
  });
});

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StorageConfig } from '../../config/env.ts';
import { createLocalObjectStore, type LocalObjectStore } from './local-store.ts';
import type { S3ObjectStore } from './object-store.ts';
import { createS3ObjectStore } from './s3-store.ts';
import { loadPersistedSecret } from '../../lib/persisted-secret.ts';

/** The local store's HMAC key in DATA_DIR when STORAGE_SIGNING_SECRET is unset (decision 403). */
export const STORAGE_SECRET_FILE = 'storage-signing-secret';

/** The object store STORAGE_DRIVER names (ARCHITECTURE decision 7: chosen by configuration). */
export async function createObjectStore(
  config: StorageConfig,
): Promise<LocalObjectStore | S3ObjectStore> {
  if (config.driver === 's3' && config.s3) {
    return createS3ObjectStore(config.s3, config.urlExpiresSeconds);
  }
  const secret = await loadPersistedSecret({
    secret: config.signingSecret,
    secretDir: config.secretDir,
    fileName: STORAGE_SECRET_FILE,
  });
  // An in-memory DATA_DIR (tests, demos) keeps its files in a fresh temporary folder.
  const dir = config.dir ?? (await mkdtemp(join(tmpdir(), 'auxilio-storage-')));
  return createLocalObjectStore({ dir, secret, expiresSeconds: config.urlExpiresSeconds });
}

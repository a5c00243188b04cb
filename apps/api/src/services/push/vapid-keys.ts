import { createECDH, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { PushConfig } from '../../config/env.ts';

// ARCHITECTURE decision 7 "push: Web Push with VAPID keys generated on first run" (RFC 8292).
// Decision 450: the keys come from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else from DATA_DIR, else
// they are generated and written there (mode 0600) for the next runs. Subscriptions are bound to the
// public key: changing it silently orphans every stored subscription.

export interface VapidKeys {
  /** Base64url of the uncompressed P-256 public key (the PWA's applicationServerKey). */
  publicKey: string;
  /** Base64url of the 32-byte private key; never logged nor answered. */
  privateKey: string;
}

export const VAPID_KEYS_FILE = 'vapid-keys.json';

const StoredKeysSchema = z.object({ publicKey: z.string(), privateKey: z.string() });

/** Throws unless `privateKey` is a P-256 private key whose public key is `publicKey`. */
export function assertVapidKeyPair(keys: VapidKeys, source: string): VapidKeys {
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
  } catch {
    throw new Error(`${source}: the VAPID private key is not a P-256 private key`);
  }
  if (ecdh.getPublicKey('base64url') !== keys.publicKey) {
    throw new Error(`${source}: the VAPID public key does not belong to the private key`);
  }
  return keys;
}

function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

function isExistingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EEXIST';
}

async function readStoredKeys(path: string): Promise<VapidKeys> {
  const stored = StoredKeysSchema.parse(JSON.parse(await readFile(path, 'utf8')));
  return assertVapidKeyPair(stored, path);
}

/** A new key pair. web-push is loaded here, on a first run, not at every start of the server. */
async function generateVapidKeys(): Promise<VapidKeys> {
  const { default: webpush } = await import('web-push');
  return webpush.generateVAPIDKeys();
}

/**
 * The server's VAPID key pair: from the environment, from `DATA_DIR/vapid-keys.json`, or generated
 * (and stored there unless DATA_DIR is `memory://`). Two processes starting on one DATA_DIR agree:
 * the file is created exclusively and the loser reads the winner's keys.
 */
export async function resolveVapidKeys(push: PushConfig, dataDir: string): Promise<VapidKeys> {
  if (push.vapidKeys) return assertVapidKeyPair(push.vapidKeys, 'VAPID_PUBLIC_KEY/PRIVATE_KEY');
  if (dataDir === 'memory://') return generateVapidKeys();
  const path = join(dataDir, VAPID_KEYS_FILE);
  try {
    return await readStoredKeys(path);
  } catch (error) {
    if (!isMissingFile(error)) throw error;
  }
  const generated = await generateVapidKeys();
  await mkdir(dataDir, { recursive: true });
  // Written whole to a private temporary file, then linked into place: `link` fails when the file
  // exists, so a reader never sees a half-written file and the first process to link wins.
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(temporary, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
  try {
    await link(temporary, path);
    return generated;
  } catch (error) {
    if (!isExistingFile(error)) throw error;
    return await readStoredKeys(path);
  } finally {
    await rm(temporary, { force: true });
  }
}

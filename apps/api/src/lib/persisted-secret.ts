import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// A key of this server's own (decision 403 for the storage signing key, 476 for the server secret):
// the configured value, or one generated on first run and kept in DATA_DIR (0600, never committed),
// so it survives a restart and every process that shares DATA_DIR uses the same one. With an
// in-memory DATA_DIR it lives as long as the process.

/** Shortest secret accepted from a file (a generated one has 43 characters). */
const MIN_SECRET_LENGTH = 32;

export interface PersistedSecretOptions {
  /** The configured value; when set it is used as is. */
  secret: string | undefined;
  /** Where a generated value is kept (DATA_DIR); undefined: memory only. */
  secretDir: string | undefined;
  /** File name inside `secretDir`. */
  fileName: string;
}

export async function loadPersistedSecret(options: PersistedSecretOptions): Promise<string> {
  if (options.secret) return options.secret;
  const fresh = randomBytes(32).toString('base64url');
  if (!options.secretDir) return fresh;
  const path = join(options.secretDir, options.fileName);
  await mkdir(options.secretDir, { recursive: true });
  // Written whole under another name, then linked into place: a process starting at the same time
  // (or after a crash mid-write) never reads a partial or empty secret. The first link wins.
  const draft = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, fresh, { flag: 'wx', mode: 0o600 });
  try {
    await link(draft, path);
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const kept = (await readFile(path, 'utf8')).trim();
    if (kept.length < MIN_SECRET_LENGTH) {
      throw new Error(`${path} holds no usable secret: remove it to generate a new one`);
    }
    return kept;
  } finally {
    await rm(draft, { force: true });
  }
}

import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// The local store's HMAC key (decision 403): STORAGE_SIGNING_SECRET, or generated on first run and
// kept in DATA_DIR (never committed), so signed URLs survive a restart and every replica that shares
// DATA_DIR signs alike. With an in-memory DATA_DIR it lives as long as the process.

const SECRET_FILE = 'storage-signing-secret';

export async function loadSigningSecret(options: {
  secret: string | undefined;
  secretDir: string | undefined;
}): Promise<string> {
  if (options.secret) return options.secret;
  const fresh = randomBytes(32).toString('base64url');
  if (!options.secretDir) return fresh;
  const path = join(options.secretDir, SECRET_FILE);
  await mkdir(options.secretDir, { recursive: true });
  try {
    // 'wx': the first process to start writes it; the others read that one.
    await writeFile(path, fresh, { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(path, 'utf8')).trim();
  }
}

import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { IdentityConfig } from '../../config/env.ts';

// The bundled provider's secrets (docs/decisions/460): cookie signing keys and the ID-token signing
// JWKS come from OIDC_COOKIE_KEYS / OIDC_JWKS, else they are generated on first run and kept in
// DATA_DIR/oidc/keys.json (never in the repository). An in-memory DATA_DIR keeps them in memory.

const PrivateJwkSchema = z.looseObject({ kty: z.string(), d: z.string() });
const ProviderKeysSchema = z.object({
  cookieKeys: z.array(z.string().min(16)).min(1),
  jwks: z.object({ keys: z.array(PrivateJwkSchema).min(1) }),
});
export type ProviderKeys = z.infer<typeof ProviderKeysSchema>;

function generateProviderKeys(): ProviderKeys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return {
    cookieKeys: [randomBytes(32).toString('base64url')],
    jwks: {
      keys: [{ ...jwk, kty: 'RSA', d: String(jwk.d), kid: randomUUID(), alg: 'RS256', use: 'sig' }],
    },
  };
}

/** Path of the generated keys, or undefined when the data directory is in memory. */
export function providerKeysPath(dataDir: string): string | undefined {
  return dataDir === 'memory://' ? undefined : join(dataDir, 'oidc', 'keys.json');
}

async function readStoredKeys(path: string): Promise<ProviderKeys | undefined> {
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  return ProviderKeysSchema.parse(JSON.parse(text));
}

/** Keys from the environment, else the stored ones, else new ones (stored when a directory exists). */
export async function loadProviderKeys(
  identity: IdentityConfig,
  dataDir: string,
): Promise<ProviderKeys> {
  const jwksFromEnv = identity.jwks
    ? ProviderKeysSchema.shape.jwks.parse(JSON.parse(identity.jwks))
    : undefined;
  if (identity.cookieKeys && jwksFromEnv) {
    return { cookieKeys: identity.cookieKeys, jwks: jwksFromEnv };
  }
  const path = providerKeysPath(dataDir);
  const stored = path ? await readStoredKeys(path) : undefined;
  const keys = stored ?? generateProviderKeys();
  if (path && !stored) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, JSON.stringify(keys), { mode: 0o600 });
  }
  return {
    cookieKeys: identity.cookieKeys ?? keys.cookieKeys,
    jwks: jwksFromEnv ?? keys.jwks,
  };
}

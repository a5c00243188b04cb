import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadProviderKeys, providerKeysPath } from '../src/services/identity/provider-keys.ts';
import { testConfig } from './helpers.ts';

// Decision 460: the bundled provider's cookie keys and signing JWKS come from the environment, or
// are generated on first run into DATA_DIR (never committed) and reused on the next start.

const identity = testConfig().identity;
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'auxilio-oidc-keys-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('bundled identity provider keys', () => {
  it('are generated once into DATA_DIR/oidc/keys.json (owner-only) and reused', async () => {
    const dir = dataDir();
    const first = await loadProviderKeys(identity, dir);
    const path = providerKeysPath(dir) ?? '';
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(first.jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(first.cookieKeys[0]?.length).toBeGreaterThanOrEqual(32);
    expect(await loadProviderKeys(identity, dir)).toEqual(first);
    expect(await loadProviderKeys(identity, dataDir())).not.toEqual(first);
  });

  it('OIDC_COOKIE_KEYS and OIDC_JWKS win over generated keys', async () => {
    const generated = await loadProviderKeys(identity, 'memory://');
    const fromEnv = await loadProviderKeys(
      {
        ...identity,
        cookieKeys: ['an operator chosen cookie key 01'],
        jwks: JSON.stringify(generated.jwks),
      },
      dataDir(),
    );
    expect(fromEnv).toEqual({
      cookieKeys: ['an operator chosen cookie key 01'],
      jwks: generated.jwks,
    });
  });

  it('an in-memory DATA_DIR keeps them in memory only', () => {
    expect(providerKeysPath('memory://')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_APP_KEY, loadConfig } from '../src/config/env.ts';
import { runApiProcess } from './support/api-process.ts';

// Decision 505: the demo (public demo app key, bundled identity provider with its demo members,
// demo data, simulated drivers, sandbox card payments) never runs in production by accident. With
// NODE_ENV=production the server refuses to start with any of it unless DEMO_MODE=true says so, in
// one line on stderr; `npm start` (development) needs no variable at all.

/** A production environment with nothing of the demo in it. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_ORIGIN: 'https://asistencia.auxilio.example',
  APP_KEY: 'partner-public-app-key-1',
  OIDC_ISSUER: 'https://id.auxilio.example',
  SEED_DEMO: 'false',
  DRIVER_SIMULATOR: 'false',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_123',
  MOBILE_PAYMENT_PROVIDER: 'athmovil',
  ATHMOVIL_PUBLIC_TOKEN: 'ath-public-123',
  ATHMOVIL_PRIVATE_TOKEN: 'ath-private-123',
};

function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig with NODE_ENV=production', () => {
  it('accepts a production environment with nothing of the demo', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({ demoMode: false, seedDemo: false, driverSimulator: false });
  });

  it.each([
    [{ APP_KEY: undefined }, 'APP_KEY'],
    [{ APP_KEY: DEMO_APP_KEY }, 'APP_KEY'],
    [{ OIDC_ISSUER: undefined }, 'OIDC_ISSUER'],
    [{ SEED_DEMO: undefined }, 'SEED_DEMO'],
    [{ SEED_DEMO: 'true' }, 'SEED_DEMO'],
    [{ DRIVER_SIMULATOR: undefined }, 'DRIVER_SIMULATOR'],
    [{ DRIVER_SIMULATOR: 'yes' }, 'DRIVER_SIMULATOR'],
    [{ PAYMENT_PROVIDER: undefined }, 'PAYMENT_PROVIDER'],
    [{ MOBILE_PAYMENT_PROVIDER: undefined }, 'MOBILE_PAYMENT_PROVIDER'],
  ])('refuses %j naming %s and DEMO_MODE, in one line', (change, name) => {
    const message = refusal({ ...PRODUCTION, ...change });
    expect(message).toContain(name);
    expect(message).toContain('DEMO_MODE=true');
    expect(message).not.toContain('\n');
  });

  it('requires PUBLIC_ORIGIN, demo or not', () => {
    expect(refusal({ ...PRODUCTION, PUBLIC_ORIGIN: undefined })).toContain('PUBLIC_ORIGIN');
    expect(refusal({ NODE_ENV: 'production', DEMO_MODE: 'true' })).toContain('PUBLIC_ORIGIN');
  });

  it('runs the whole demo with DEMO_MODE=true', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      PUBLIC_ORIGIN: 'https://demo.auxilio.example',
    });
    expect(config).toMatchObject({
      demoMode: true,
      appKey: DEMO_APP_KEY,
      seedDemo: true,
      driverSimulator: true,
    });
    expect(config.identity.issuer).toBeUndefined();
  });

  it('`npm start` in development needs no variable; DEMO_MODE=false tries the production rule', () => {
    expect(loadConfig({})).toMatchObject({ nodeEnv: 'development', demoMode: true });
    expect(refusal({ DEMO_MODE: 'false' })).toMatch(
      /^Invalid environment: DEMO_MODE=false .*APP_KEY/,
    );
  });
});

describe('the server process with NODE_ENV=production', () => {
  it('refuses the demo settings in one line on stderr and exits non-zero', async () => {
    const run = await runApiProcess(
      { NODE_ENV: 'production', DATA_DIR: 'memory://' },
      { timeoutMs: 20_000 },
    );
    expect(run.code).not.toBe(0);
    expect(run.code).not.toBeNull();
    const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/NODE_ENV=production/);
    for (const name of ['APP_KEY', 'OIDC_ISSUER', 'SEED_DEMO', 'DEMO_MODE=true', 'PUBLIC_ORIGIN']) {
      expect(lines[0]).toContain(name);
    }
    expect(run.stdout).not.toMatch(/running on/);
  });

  it('starts with DEMO_MODE=true and logs one warning that it runs as a demo', async () => {
    const run = await runApiProcess(
      {
        NODE_ENV: 'production',
        DEMO_MODE: 'true',
        PUBLIC_ORIGIN: 'http://127.0.0.1:8080',
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'warn',
      },
      { stopWhen: /running on http/, timeoutMs: 25_000 },
    );
    expect(run.stdout).toMatch(/running on http/);
    const warnings = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40);
    // A checkout without a web build adds its own warning; the demo is announced exactly once.
    const demoWarnings = warnings.filter((entry) => /DEMO_MODE/.test(entry.msg));
    expect(demoWarnings).toHaveLength(1);
    expect(demoWarnings[0]?.msg).toMatch(/runs as a demo/);
    expect(warnings.every((entry) => /DEMO_MODE|no web build/.test(entry.msg))).toBe(true);
  });
});

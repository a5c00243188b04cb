import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_PACKAGE_ROOT, ConfigError, DEMO_APP_KEY, REPO_ROOT, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('has safe defaults for `npm start` on a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: 'localhost',
      databaseUrl: undefined,
      logLevel: 'info',
      appKey: DEMO_APP_KEY,
      seedDemo: true,
      trustProxy: false,
    });
    // Resolved from the package, not the working directory (npm -w changes it).
    expect(config.dataDir).toBe(resolve(API_PACKAGE_ROOT, '.data'));
    expect(config.pgliteDir).toBe(resolve(API_PACKAGE_ROOT, '.data/pglite'));
    expect(config.webDistDir).toBe(resolve(REPO_ROOT, 'apps/web/dist'));
  });

  it('treats empty variables as unset (`DATABASE_URL= npm test` means PGlite)', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '', APP_KEY: '', SEED_DEMO: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.appKey).toBe(DEMO_APP_KEY);
    expect(config.seedDemo).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      PUBLIC_ORIGIN: 'https://asistencia.auxilio.example/',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://root@127.0.0.1:5432/test',
      DATA_DIR: '/var/lib/auxilio',
      LOG_LEVEL: 'warn',
      APP_KEY: 'key-1',
      WEB_DIST_DIR: 'custom/dist',
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      MAP_TILES_URL: 'https://tiles.example/{z}/{x}/{y}.png',
      MAP_ATTRIBUTION: '© Tiles Example',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      demoMode: true,
      publicOrigin: 'https://asistencia.auxilio.example',
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://root@127.0.0.1:5432/test',
      dataDir: '/var/lib/auxilio',
      pgliteDir: '/var/lib/auxilio/pglite',
      logLevel: 'warn',
      appKey: 'key-1',
      webDistDir: resolve(REPO_ROOT, 'custom/dist'),
      seedDemo: false,
      trustProxy: true,
      mapTiles: { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Tiles Example' },
      stripePublishableKey: 'pk_test_123',
    });
  });

  it('keeps an in-memory database when DATA_DIR is memory://', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).pgliteDir).toBe('memory://');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
  ])('rejects %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

import { RuntimeConfigSchema } from '@auxilio/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Decision 631: the PWA's telemetry (tag manager, analytics, guide tool, error reporting) is off
// unless the environment configures it; the runtime config hands it out and the CSP lets only the
// configured services' origins through.

const DSN = 'https://publickey@errors.example/42';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('telemetry environment', () => {
  it('is all off by default', () => {
    expect(loadConfig({}).telemetry).toEqual({
      errorReporting: null,
      tagManager: null,
      analytics: null,
      guide: null,
    });
  });

  it('reads each service from its variable', () => {
    const config = loadConfig({
      ERROR_REPORTING_DSN: DSN,
      ERROR_REPORTING_ENVIRONMENT: 'staging',
      TAG_MANAGER_CONTAINER_ID: 'GTM-AB12CD',
      ANALYTICS_WRITE_KEY: 'write_key-1',
      GUIDE_API_KEY: 'guide-key-1',
    });
    expect(config.telemetry).toEqual({
      errorReporting: { dsn: DSN, environment: 'staging' },
      tagManager: { containerId: 'GTM-AB12CD' },
      analytics: { writeKey: 'write_key-1' },
      guide: { apiKey: 'guide-key-1' },
    });
    expect(loadConfig({ ERROR_REPORTING_DSN: DSN }).telemetry.errorReporting?.environment).toBe(
      'development',
    );
  });

  it.each([
    ['ERROR_REPORTING_DSN', 'https://errors.example/42'],
    ['ERROR_REPORTING_DSN', 'http://key@errors.example/42'],
    ['ERROR_REPORTING_DSN', 'https://key@errors.example/'],
    ['TAG_MANAGER_CONTAINER_ID', 'UA-1234'],
    ['ANALYTICS_WRITE_KEY', 'key with spaces'],
    ['GUIDE_API_KEY', '"><script>'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });

  it('accepts an http DSN on a loopback address (a local receiver)', () => {
    const dsn = 'http://key@127.0.0.1:4567/1';
    expect(loadConfig({ ERROR_REPORTING_DSN: dsn }).telemetry.errorReporting?.dsn).toBe(dsn);
  });
});

describe('telemetry in the runtime config and the CSP', () => {
  it('hands out nothing and allows no telemetry origin when unconfigured', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/app-config.json' });
    expect(RuntimeConfigSchema.parse(res.json()).telemetry).toEqual({
      errorReporting: null,
      tagManager: null,
      analytics: null,
      guide: null,
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toMatch(/googletagmanager|segment|pendo|errors\.example/);
  });

  it('hands out the configured services and lets their origins through', async () => {
    const telemetry = loadConfig({
      ERROR_REPORTING_DSN: DSN,
      TAG_MANAGER_CONTAINER_ID: 'GTM-AB12CD',
      ANALYTICS_WRITE_KEY: 'wk',
      GUIDE_API_KEY: 'gk',
    }).telemetry;
    t = await createTestApp({ config: { telemetry } });
    const res = await t.app.inject({ method: 'GET', url: '/app-config.json' });
    expect(RuntimeConfigSchema.parse(res.json()).telemetry).toEqual(telemetry);
    const page = await t.app.inject({ method: 'GET', url: '/services' });
    const directives = Object.fromEntries(
      String(page.headers['content-security-policy'])
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    ) as Record<string, string[]>;
    expect(directives['script-src']).toEqual([
      "'self'",
      'https://www.googletagmanager.com',
      'https://cdn.segment.com',
      'https://cdn.pendo.io',
    ]);
    expect(directives['connect-src']).toContain('https://errors.example');
    expect(directives['connect-src']).toContain('https://api.segment.io');
    expect(directives['connect-src']).toContain('https://data.pendo.io');
  });
});

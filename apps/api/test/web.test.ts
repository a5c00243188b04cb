import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_BRAND_SLUG, getBrand } from '@auxilio/brands';
import { RuntimeConfigSchema, type Brand, type RuntimeConfig } from '@auxilio/domain';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { accounts } from '../src/db/schema.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';

// ARCHITECTURE decision 5: one build for every brand; brand from the `brand` query, the `account`
// query's account, or the host name; runtime config and branded index.html from the server.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function brand(slug: string): Brand {
  const found = getBrand(slug);
  if (!found) throw new Error(`brand ${slug} is not in the catalog`);
  return found;
}

/** The Member account of a brand in its own country (the brand's default account). */
async function defaultAccountId(slug: string): Promise<string> {
  const b = brand(slug);
  const [row] = await t.db.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(eq(accounts.brand, slug), eq(accounts.branch, b.country), eq(accounts.kind, 'member')),
    );
  if (!row) throw new Error(`no default account for ${slug}`);
  return row.id;
}

/** Any seeded account whose brand is not `notBrand`, preferring a Visitor one (not a default). */
async function accountOfAnotherBrand(notBrand: string) {
  const [row] = await t.db.db
    .select()
    .from(accounts)
    .where(and(ne(accounts.brand, notBrand), eq(accounts.kind, 'visitor')))
    .orderBy(accounts.id)
    .limit(1);
  if (!row) throw new Error('no visitor account seeded');
  return row;
}

async function appConfig(url: string, host?: string): Promise<RuntimeConfig> {
  const res = await t.app.inject({ method: 'GET', url, headers: host ? { host } : {} });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  return RuntimeConfigSchema.parse(res.json());
}

describe('GET /app-config.json', () => {
  it('resolves the brand from the brand query and returns its default account and the app key', async () => {
    const config = await appConfig('/app-config.json?brand=mmm');
    expect(config.brand.slug).toBe('mmm');
    expect(config.brand.theme.primary).toBe(brand('mmm').theme.primary);
    expect(config.accountId).toBe(await defaultAccountId('mmm'));
    expect(config.appKey).toBe(t.config.appKey);
    expect(config.api).toEqual({
      common: '/common',
      storage: '/storage',
      autodispatch: '/autodispatch',
    });
    expect(config.brandAssetsBase).toBe('/brands/mmm/');
  });

  it('lists a Member and a Visitor account per branch of the brand (SPEC 1), for /options', async () => {
    const config = await appConfig('/app-config.json?brand=honda');
    const expected = brand('honda').branches.flatMap((branch) =>
      (['member', 'visitor'] as const).map((kind) => `${branch}:${kind}`),
    );
    expect(config.brandAccounts.map((a) => `${a.branch}:${a.kind}`).sort()).toEqual(
      expected.sort(),
    );
    expect(config.brandAccounts).toContainEqual({
      branch: brand('honda').country,
      kind: 'member',
      id: await defaultAccountId('honda'),
    });
  });

  it("resolves the brand from the account query's account and keeps that account", async () => {
    const account = await accountOfAnotherBrand(DEFAULT_BRAND_SLUG);
    const config = await appConfig(`/app-config.json?account=${account.id}`);
    expect(config.brand.slug).toBe(account.brand);
    expect(config.accountId).toBe(account.id);
  });

  it('lets the brand query win over the account and the host', async () => {
    const account = await accountOfAnotherBrand('otium');
    const config = await appConfig(
      `/app-config.json?brand=otium&account=${account.id}`,
      'honda.localhost',
    );
    expect(config.brand.slug).toBe('otium');
    expect(config.accountId).toBe(account.id);
  });

  it('resolves the brand from the host name (SPEC 2: honda, acura, mazda)', async () => {
    const config = await appConfig('/app-config.json', 'honda.localhost:3000');
    expect(config.brand.slug).toBe('honda');
    expect(config.accountId).toBe(await defaultAccountId('honda'));
  });

  it('falls back to the default brand; an unknown brand or account is ignored, not an error', async () => {
    for (const url of [
      '/app-config.json',
      '/app-config.json?brand=no-such-brand',
      '/app-config.json?account=ffffffffffffffffffffffff',
      '/app-config.json?account=garbage',
    ]) {
      const config = await appConfig(url, 'localhost:3000');
      expect(config.brand.slug).toBe(DEFAULT_BRAND_SLUG);
      expect(config.accountId).toBe(await defaultAccountId(DEFAULT_BRAND_SLUG));
    }
  });

  it('needs no app key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app-config.json?brand=connect' });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /manifest.webmanifest', () => {
  it.each(['connect', 'mmm', 'otium'])('serves the manifest of brand %s', async (slug) => {
    const b = brand(slug);
    const res = await t.app.inject({ method: 'GET', url: `/manifest.webmanifest?brand=${slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.json()).toEqual({
      id: `/?brand=${slug}`,
      name: b.manifest.name,
      short_name: b.manifest.shortName,
      description: b.manifest.description,
      lang: 'es',
      start_url: `/?brand=${slug}`,
      scope: '/',
      display: 'standalone',
      theme_color: b.theme.primary,
      background_color: b.theme.background,
      icons: [
        { src: `/brands/${slug}/icon.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        {
          src: `/brands/${slug}/icon.svg`,
          sizes: 'any',
          type: 'image/svg+xml',
          purpose: 'maskable',
        },
      ],
    });
  });

  it('resolves the brand by host name too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { host: 'acura.localhost' },
    });
    expect(res.json<{ name: string }>().name).toBe(brand('acura').manifest.name);
  });
});

describe('GET /brands/:slug/:asset', () => {
  it.each(['logo.svg', 'icon.svg', 'favicon.svg'])(
    'serves %s as SVG with cache headers',
    async (file) => {
      const res = await t.app.inject({ method: 'GET', url: `/brands/mmm/${file}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
      expect(res.body).toContain('<svg');
      const again = await t.app.inject({
        method: 'GET',
        url: `/brands/mmm/${file}`,
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    },
  );

  it('answers 404 { code, message } for an unknown brand or asset', async () => {
    for (const url of [
      '/brands/no-such-brand/logo.svg',
      '/brands/mmm/secret.svg',
      '/brands/mmm/brand.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ code: string }>().code).toBe('NOT_FOUND');
    }
  });
});

/** The five rewritten tags and the embedded config of one page. */
function parsePage(html: string) {
  const config = /<script id="app-config" type="application\/json">(.*?)<\/script>/s.exec(
    html,
  )?.[1];
  return {
    title: /<title>(.*?)<\/title>/.exec(html)?.[1],
    themeColor: /<meta name="theme-color" content="([^"]*)">/.exec(html)?.[1],
    icon: /<link rel="icon" href="([^"]*)"/.exec(html)?.[1],
    appleTouchIcon: /<link rel="apple-touch-icon" href="([^"]*)"/.exec(html)?.[1],
    manifest: /<link rel="manifest" href="([^"]*)"/.exec(html)?.[1],
    config: config === undefined ? undefined : RuntimeConfigSchema.parse(JSON.parse(config)),
  };
}

async function page(url: string, host = 'localhost:3000') {
  const res = await t.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-cache');
  return parsePage(res.body);
}

function expectBranded(parsed: ReturnType<typeof parsePage>, slug: string) {
  const b = brand(slug);
  expect(parsed).toMatchObject({
    title: b.manifest.name,
    themeColor: b.theme.primary,
    icon: `/brands/${slug}/favicon.svg`,
    appleTouchIcon: `/brands/${slug}/icon.svg`,
    manifest: `/manifest.webmanifest?brand=${slug}`,
  });
  expect(parsed.config?.brand.slug).toBe(slug);
}

describe('index.html with the brand injected', () => {
  it('brands the page from the brand query', async () => {
    const parsed = await page('/?brand=mmm');
    expectBranded(parsed, 'mmm');
    expect(parsed.config?.accountId).toBe(await defaultAccountId('mmm'));
  });

  it("brands the page from the account query's account", async () => {
    const account = await accountOfAnotherBrand(DEFAULT_BRAND_SLUG);
    const parsed = await page(`/?account=${account.id}`);
    expectBranded(parsed, account.brand);
    expect(parsed.config?.accountId).toBe(account.id);
  });

  it('brands the page from the host name', async () => {
    expectBranded(await page('/', 'honda.localhost:3000'), 'honda');
  });

  it('uses the default brand when nothing names one', async () => {
    expectBranded(await page('/'), DEFAULT_BRAND_SLUG);
  });

  it('serves the page for client-side routes of SPEC 2 (SPA fallback) and for /index.html', async () => {
    expectBranded(await page('/services?brand=otium'), 'otium');
    expectBranded(await page('/tracking/loading?brand=mmm'), 'mmm');
    expectBranded(await page('/index.html?brand=otium'), 'otium');
  });

  it('keeps every tag exactly once and escapes `<` in the embedded JSON', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/?brand=connect',
      headers: { accept: 'text/html' },
    });
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/<link rel="manifest"/g)).toHaveLength(1);
    expect(res.body.match(/id="app-config"/g)).toHaveLength(1);
    const json = /<script id="app-config" type="application\/json">(.*?)<\/script>/s.exec(
      res.body,
    )?.[1];
    expect(json).not.toContain('<');
    // The app-config script is in the head, before </head>.
    expect(res.body.indexOf('id="app-config"')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('does not turn API paths or missing files into the page', async () => {
    const api = await t.app.inject({
      method: 'GET',
      url: '/common/nope',
      headers: { accept: 'text/html' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json<{ code: string }>().code).toBe('NOT_FOUND');
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/missing-123.js',
      headers: { accept: '*/*' },
    });
    expect(asset.statusCode).toBe(404);
  });
});

describe('files of the web build', () => {
  it('serves content-hashed assets with immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files (service worker) without long caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('without a web build', () => {
  it('answers 503 with a clear text telling to run `npm run build`, while the API works', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'auxilio-no-web-'));
    const app = await buildApp({
      config: testConfig({ webDistDir: empty }),
      db: t.db,
      logger: false,
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toContain('npm run build');
      const config = await app.inject({ method: 'GET', url: '/app-config.json' });
      expect(config.statusCode).toBe(200);
    } finally {
      await app.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  it.each([
    [true, 'honda'],
    [false, DEFAULT_BRAND_SLUG],
  ])('trustProxy %s: X-Forwarded-Host honda.localhost gives brand %s', async (trustProxy, slug) => {
    const app = await buildApp({ config: testConfig({ trustProxy }), db: t.db, logger: false });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/app-config.json',
        headers: { host: 'internal:3000', 'x-forwarded-host': 'honda.localhost' },
      });
      expect(RuntimeConfigSchema.parse(res.json()).brand.slug).toBe(slug);
    } finally {
      await app.close();
    }
  });
});

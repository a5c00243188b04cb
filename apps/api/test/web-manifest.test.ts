import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRAND_PNG_ICONS, getBrand } from '@auxilio/brands';
import type { Brand } from '@auxilio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_WEB_DIST, createTestApp, type TestApp } from './helpers.ts';
import { WebManifestSchema } from '../src/services/web-manifest.ts';

// Installable on every phone (docs/decisions/740): the manifest lists the PNG icons the
// web build drew (apps/web/build/brand-icons.ts) with their purpose, the page links iOS's PNG
// apple-touch-icon, and the manifest's language and description follow the page's `lang`.

/** The bytes that open every PNG file; the API serves the files, it never reads them. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let t: TestApp;
let distDir: string;

/** A build like the fixture one, with the PNG icons of `connect` only (as if mmm came later). */
function buildWithConnectIcons(): string {
  const dir = mkdtempSync(join(tmpdir(), 'auxilio-web-icons-'));
  cpSync(FIXTURE_WEB_DIST, dir, { recursive: true });
  mkdirSync(join(dir, 'brand-icons', 'connect'), { recursive: true });
  for (const icon of BRAND_PNG_ICONS) {
    writeFileSync(join(dir, 'brand-icons', 'connect', icon.file), PNG_SIGNATURE);
  }
  return dir;
}

beforeAll(async () => {
  distDir = buildWithConnectIcons();
  t = await createTestApp({ config: { webDistDir: distDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

function brand(slug: string): Brand {
  const found = getBrand(slug);
  if (!found) throw new Error(`brand ${slug} is not in the catalog`);
  return found;
}

async function manifest(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/manifest.webmanifest?${query}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
  return WebManifestSchema.parse(res.json());
}

async function pageHead(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  return {
    appleTouchIcon: /<link rel="apple-touch-icon"[^>]*>/.exec(res.body)?.[0],
    manifest: /<link rel="manifest" href="([^"]*)"/.exec(res.body)?.[1],
  };
}

describe('manifest icons', () => {
  it('lists the PNGs the build drew: 192 and 512 for any, a 512 maskable, and the SVG', async () => {
    expect((await manifest('brand=connect')).icons).toEqual([
      {
        src: '/brand-icons/connect/icon-192.png',
        sizes: '192x192',
        type: 'image/png',
        purpose: 'any',
      },
      {
        src: '/brand-icons/connect/icon-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'any',
      },
      {
        src: '/brand-icons/connect/maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
      { src: '/brands/connect/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ]);
  });

  it('keeps the SVG for both purposes for a brand the build has no PNGs of', async () => {
    expect((await manifest('brand=mmm')).icons).toEqual([
      { src: '/brands/mmm/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/brands/mmm/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ]);
  });

  it('serves the PNG files of the build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/brand-icons/connect/maskable-512.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  });
});

describe('apple-touch-icon in the branded page', () => {
  it('links the 180 px PNG when the build drew it (iOS ignores an SVG there)', async () => {
    expect((await pageHead('/?brand=connect')).appleTouchIcon).toBe(
      '<link rel="apple-touch-icon" href="/brand-icons/connect/apple-touch-icon.png" sizes="180x180">',
    );
  });

  it('links the SVG for a brand without PNGs', async () => {
    expect((await pageHead('/?brand=mmm')).appleTouchIcon).toBe(
      '<link rel="apple-touch-icon" href="/brands/mmm/icon.svg">',
    );
  });
});

describe('manifest language (the page `lang`, Spanish by default)', () => {
  it('is Spanish without `lang`: the brand own description, start at the brand address', async () => {
    const b = brand('connect');
    expect(await manifest('brand=connect')).toMatchObject({
      id: '/?brand=connect',
      lang: 'es',
      description: b.manifest.description,
      start_url: '/?brand=connect',
    });
    expect(await manifest('brand=connect&lang=es')).toMatchObject({
      lang: 'es',
      description: b.manifest.description,
    });
  });

  it.each([
    [
      'connect',
      'Request roadside and home assistance, follow your provider live and rate the service.',
    ],
    ['honda', 'Request roadside assistance, follow your provider live and rate the service.'],
    ['hogar-tranquilo', 'Request home repairs, follow your provider live and rate the service.'],
  ])(
    'is English with lang=en (%s): description, lang and a start address in English',
    async (slug, text) => {
      const english = await manifest(`brand=${slug}&lang=en`);
      expect(english).toMatchObject({
        // One app per brand whatever the language it was installed in.
        id: `/?brand=${slug}`,
        lang: 'en',
        description: text,
        start_url: `/?brand=${slug}&lang=en`,
        name: brand(slug).manifest.name,
      });
    },
  );

  it('answers 400 { code, message } for a language the app does not have', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest?lang=fr' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: unknown; message: unknown }>();
    expect(typeof body.code).toBe('string');
    expect(typeof body.message).toBe('string');
  });

  it('is linked from the page in the page language', async () => {
    expect((await pageHead('/services?brand=connect&lang=en')).manifest).toBe(
      '/manifest.webmanifest?brand=connect&amp;lang=en',
    );
    expect((await pageHead('/services?brand=connect')).manifest).toBe(
      '/manifest.webmanifest?brand=connect',
    );
    // A language the app does not have opens the app in Spanish: so does its manifest.
    expect((await pageHead('/?brand=connect&lang=fr')).manifest).toBe(
      '/manifest.webmanifest?brand=connect',
    );
  });
});

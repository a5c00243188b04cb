import { getBrand } from '@auxilio/brands';
import type { Brand, RuntimeConfig } from '@auxilio/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { buildRuntimeConfig } from './runtime-config.ts';
import {
  escapeHtml,
  fileCacheControl,
  isImmutableAsset,
  isPrecompressedCopy,
  jsonForScript,
  renderIndexHtml,
} from './web-shell.ts';

const connect = getBrand('connect') as Brand;
const config: RuntimeConfig = buildRuntimeConfig(loadConfig({}), {
  brand: connect,
  accountId: null,
  brandAccounts: [],
});

const TEMPLATE = `<!doctype html><html><head>
<title>Auxilio</title>
<meta name="theme-color" content="#c2410c">
<link rel="icon" href="/brands/connect/favicon.svg">
<link rel="apple-touch-icon" href="/brands/connect/icon.svg">
<link rel="manifest" href="/manifest.webmanifest?brand=connect">
</head><body></body></html>`;

describe('renderIndexHtml', () => {
  it('escapes brand text in HTML and `<` in the embedded JSON', () => {
    const evil: Brand = {
      ...connect,
      slug: 'evil',
      manifest: { ...connect.manifest, name: '</title><script>alert(1)</script>' },
    };
    const html = renderIndexHtml(TEMPLATE, evil, { ...config, brand: evil });
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).not.toContain('<script>alert(1)');
    const json =
      /<script id="app-config" type="application\/json">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(json).toContain('\\u003c/title>');
    expect(JSON.parse(json)).toMatchObject({ brand: { manifest: { name: evil.manifest.name } } });
  });

  it('inserts the tags before </head> when a template lacks them', () => {
    const html = renderIndexHtml('<html><head></head><body></body></html>', connect, config);
    for (const tag of [
      '<title>',
      'name="theme-color"',
      'rel="icon"',
      'rel="apple-touch-icon"',
      'rel="manifest"',
    ]) {
      expect(html.indexOf(tag)).toBeGreaterThan(-1);
      expect(html.indexOf(tag)).toBeLessThan(html.indexOf('</head>'));
    }
  });

  it("preloads the first texts in the page's language", () => {
    const preloads =
      '<link rel="preload" as="fetch" crossorigin href="/locales/es/common.json?v=b1">' +
      '<link rel="preload" as="fetch" crossorigin href="/locales/es/errors.json?v=b1">';
    const built = TEMPLATE.replace('</head>', `${preloads}</head>`);
    const hrefs = (html: string) =>
      [...html.matchAll(/rel="preload"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
    expect(hrefs(renderIndexHtml(built, connect, config))).toEqual([
      '/locales/es/common.json?v=b1',
      '/locales/es/errors.json?v=b1',
    ]);
    expect(hrefs(renderIndexHtml(built, connect, config, '', { lang: 'en' }))).toEqual([
      '/locales/en/common.json?v=b1',
      '/locales/en/errors.json?v=b1',
    ]);
    // A page whose first screen has texts of its own preloads them too, the same way.
    const tracking = renderIndexHtml(built, connect, config, '', {
      lang: 'en',
      screenTexts: ['tracking'],
    });
    expect(hrefs(tracking)).toEqual([
      '/locales/en/common.json?v=b1',
      '/locales/en/errors.json?v=b1',
      '/locales/en/tracking.json?v=b1',
    ]);
    expect(tracking).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/locales/en/tracking.json?v=b1">',
    );
  });

  it('replaces an app-config script already present instead of adding a second one', () => {
    const once = renderIndexHtml(TEMPLATE, connect, config);
    const twice = renderIndexHtml(once, connect, config);
    expect(twice.match(/id="app-config"/g)).toHaveLength(1);
  });
});

describe('helpers', () => {
  it.each([
    ['/assets/index-3f2a.js', true],
    ['/sw.js', false],
    ['/locales/es/common.json', false],
  ])('isImmutableAsset(%s) is %s', (path, expected) => {
    expect(isImmutableAsset(path)).toBe(expected);
  });

  it.each([
    ['/assets/index-3f2a.js', 'public, max-age=31536000, immutable'],
    // SPEC 9 "translation cache expiry 60": 60 minutes.
    ['/locales/es/common.json', 'public, max-age=3600'],
    ['/sw.js', 'no-cache'],
    ['/workbox-3f2a.js', 'no-cache'],
    ['/offline.html', 'no-cache'],
  ])('fileCacheControl(%s) is %s', (path, expected) => {
    expect(fileCacheControl(path)).toBe(expected);
  });

  it.each([
    ['/assets/index-3f2a.js.br', true],
    ['/assets/index-3f2a.js.gz', true],
    ['/assets/index-3f2a.js', false],
    // A .gz the build ships for its own sake (no original beside it) is a file like any other.
    ['/data/extract.gz', false],
  ])('isPrecompressedCopy(%s) is %s', (path, expected) => {
    const files = new Set(['/assets/index-3f2a.js', '/data/extract.gz']);
    expect(isPrecompressedCopy(path, files)).toBe(expected);
  });

  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('keeps JSON parseable after escaping', () => {
    const value = { text: '</script><!-- \u2028' };
    expect(JSON.parse(jsonForScript(value))).toEqual(value);
  });
});

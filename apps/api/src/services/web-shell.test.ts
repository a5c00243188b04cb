import { getBrand } from '@auxilio/brands';
import type { Brand, RuntimeConfig } from '@auxilio/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { buildRuntimeConfig } from './runtime-config.ts';
import { escapeHtml, isImmutableAsset, jsonForScript, renderIndexHtml } from './web-shell.ts';

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

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FIXTURE_WEB_DIST, type TestApp } from './helpers.ts';

// Decision 176: the PWA's service worker installs only if every file of its precache answers 200
// (one failure and it never activates: no offline screen, no "New version available"). It asks for
// them as a script would, without asking for HTML. Pages are never in it: each is index.html with a
// brand injected per request (decision 163), and the server alone decides what /index.html is.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A request as Workbox's precache sends it (`fetch(url)` from the worker: any type). */
function precacheRequest(url: string) {
  return t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
}

describe('the files the service worker precaches', () => {
  it.each([
    ['the offline page', '/offline.html', /^text\/html/],
    ["the offline page's styles", '/offline.css', /^text\/css/],
    ["the offline page's script", '/offline.js', /javascript/],
    ['a hashed script', '/assets/index-abc123.js', /javascript/],
    ['a hashed stylesheet', '/assets/index-abc123.css', /^text\/css/],
    ['the Latin Inter', '/assets/inter-latin-wght-normal-abc123.woff2', /^font\/woff2/],
    ['the Spanish texts of the first screen', '/locales/es/common.json', /^application\/json/],
    ['the Spanish error texts', '/locales/es/errors.json', /^application\/json/],
  ])('answers 200 for %s (%s)', async (_kind, url, contentType) => {
    const res = await precacheRequest(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(contentType);
    expect(res.body).toBe(readFileSync(join(FIXTURE_WEB_DIST, url.slice(1)), 'utf8'));
  });

  it('keeps hashed files for a year, texts 60 minutes, and revalidates the others', async () => {
    const hashed = await precacheRequest('/assets/index-abc123.css');
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // SPEC 9 "translation cache expiry 60" (decision 710).
    const texts = await precacheRequest('/locales/es/common.json');
    expect(texts.headers['cache-control']).toBe('public, max-age=3600');
    for (const url of ['/offline.html', '/offline.css', '/offline.js']) {
      const res = await precacheRequest(url);
      expect(`${url}: ${String(res.headers['cache-control'])}`).toBe(`${url}: no-cache`);
      expect(res.headers.etag).toBeTruthy();
    }
  });

  it('serves the offline page as the plain file, without any brand, for a page request too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/offline.html?brand=mmm',
      headers: { accept: 'text/html', host: 'honda.localhost' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(readFileSync(join(FIXTURE_WEB_DIST, 'offline.html'), 'utf8'));
    expect(res.body).not.toContain('app-config');
    expect(res.body).not.toContain('/brands/');
    // The app's policy holds: the page loads its script and styles from files.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('the service worker scripts', () => {
  it.each(['/sw.js', '/workbox-abc123.js', '/push-sw.js'])(
    'serves %s as JavaScript that is revalidated every time, so a deploy reaches every phone',
    async (url) => {
      const res = await precacheRequest(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );
});

describe('/index.html stays what the server decides', () => {
  it('is no file of the build: a precache asking for it would get a 404 and fail to install', async () => {
    const res = await precacheRequest('/index.html');
    expect(res.statusCode).toBe(404);
  });

  it('is the page with the brand of the request when a browser opens it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/index.html?brand=mmm',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<link rel="manifest" href="/manifest.webmanifest?brand=mmm">');
    expect(res.body).toContain('id="app-config"');
  });
});

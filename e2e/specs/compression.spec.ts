import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/api/src/config/env.ts';
import { baseUrl } from '../support/browser.ts';

// Issue 15 "Compression" (decision 710), over real HTTP against the real server and the real build:
// every file of the build, asked for with `Accept-Encoding: br`, then `gzip`, then nothing, comes
// with the right Content-Encoding, Content-Type, Vary and Cache-Control, and its body decodes to
// the file byte for byte. Bodies are read raw (node:http), not through fetch, which would decode
// them whatever the server claimed.

/** The build the server of support/global-setup.ts serves (same environment, same rule). */
const dist = loadConfig(process.env).webDistDir;

/** Text formats: compressed at build time when at least 1 KiB. Fonts and images are not. */
const TEXT_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.webmanifest',
  '.txt',
]);
const MIN_COMPRESSED_BYTES = 1024;

const CONTENT_TYPES: Record<string, RegExp> = {
  '.js': /^(?:text|application)\/javascript/,
  '.mjs': /^(?:text|application)\/javascript/,
  '.css': /^text\/css/,
  '.html': /^text\/html/,
  '.json': /^application\/json/,
  '.svg': /^image\/svg\+xml/,
  '.woff2': /^font\/woff2/,
  '.png': /^image\/png/,
};

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => '/' + relative(dist, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

const allFiles = listFiles(dist);
const present = new Set(allFiles);
/** What the server answers as files: not index.html (the branded page), not the copies. */
const originals = allFiles.filter((path) => path !== '/index.html' && !isCopy(path));

function isCopy(path: string): boolean {
  const original = /^(.+)\.(?:br|gz)$/.exec(path)?.[1];
  return original !== undefined && present.has(original);
}

function cacheClass(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  // SPEC 9 "translation cache expiry 60".
  if (path.startsWith('/locales/')) return 'public, max-age=3600';
  return 'no-cache';
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET over HTTP with the body as the server sent it, not decoded. */
function getRaw(path: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, baseUrl()), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(body: Buffer, coding: string | undefined): Buffer {
  if (coding === 'br') return brotliDecompressSync(body);
  if (coding === 'gzip') return gunzipSync(body);
  return body;
}

describe('every file of the build over the wire', () => {
  it('is a real build: scripts, styles, translations, the service worker', () => {
    expect(originals.length).toBeGreaterThan(50);
    expect(originals).toContain('/sw.js');
    expect(originals).toContain('/locales/es/common.json');
    expect(originals.some((path) => /^\/assets\/.+\.js$/.test(path))).toBe(true);
    expect(originals.some((path) => /^\/assets\/.+\.css$/.test(path))).toBe(true);
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['(none)', undefined],
  ])(
    'Accept-Encoding %s: the right coding and headers, and the body decodes to the file',
    async (_label, coding) => {
      const problems: string[] = [];
      let compressed = 0;
      for (const path of originals) {
        const file = readFileSync(join(dist, path.slice(1)));
        const extension = extname(path).toLowerCase();
        const expected =
          coding !== undefined &&
          TEXT_EXTENSIONS.has(extension) &&
          file.length >= MIN_COMPRESSED_BYTES
            ? coding
            : undefined;
        const res = await getRaw(path, coding ? { 'accept-encoding': coding } : {});
        const seen = [
          `status ${res.status}`,
          `encoding ${String(res.headers['content-encoding'])}`,
          `cache ${String(res.headers['cache-control'])}`,
        ].join(', ');
        const want = [
          'status 200',
          `encoding ${String(expected)}`,
          `cache ${cacheClass(path)}`,
        ].join(', ');
        if (seen !== want) problems.push(`${path}: ${seen}; expected ${want}`);
        if (!/accept-encoding/i.test(String(res.headers.vary))) {
          problems.push(`${path}: Vary ${String(res.headers.vary)} lacks Accept-Encoding`);
        }
        const type = CONTENT_TYPES[extension];
        if (type && !type.test(String(res.headers['content-type']))) {
          problems.push(`${path}: Content-Type ${String(res.headers['content-type'])}`);
        }
        const body = decode(res.body, res.headers['content-encoding'] as string | undefined);
        if (!body.equals(file)) problems.push(`${path}: the body is not the file`);
        if (expected !== undefined) {
          compressed += 1;
          if (res.body.length >= file.length) problems.push(`${path}: not smaller`);
          // The build's copy (Brotli 11, gzip 9), not a compression made by the server now.
          const copy = `${path}${expected === 'br' ? '.br' : '.gz'}`;
          if (!present.has(copy)) {
            problems.push(`${path}: the build wrote no ${expected} copy`);
          } else if (!res.body.equals(readFileSync(join(dist, copy.slice(1))))) {
            problems.push(`${path}: the body is not the build's ${expected} copy`);
          }
        }
      }
      expect(problems).toEqual([]);
      if (coding) expect(compressed).toBeGreaterThan(50);
    },
  );

  it('gives the Brotli, gzip and plain copies of a script their own ETags, each revalidated', async () => {
    const script = originals.find(
      (path) => /^\/assets\/.+\.js$/.test(path) && present.has(`${path}.br`),
    );
    if (!script) throw new Error('no script with a Brotli copy in the build');
    const etags = new Set<string>();
    for (const coding of ['br', 'gzip', 'identity']) {
      const first = await getRaw(script, { 'accept-encoding': coding });
      const etag = String(first.headers.etag);
      etags.add(etag);
      const again = await getRaw(script, { 'accept-encoding': coding, 'if-none-match': etag });
      expect(`${coding}: ${again.status}`).toBe(`${coding}: 304`);
    }
    expect(etags.size).toBe(3);
  });

  it("never puts a copy into the service worker's precache", () => {
    const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
    const urls = [...sw.matchAll(/\burl\s*:\s*"([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => /\.(?:br|gz)$/.test(url))).toEqual([]);
  });
});

describe('the branded page', () => {
  it.each(['br', 'gzip'])(
    'of /services comes compressed with %s and decodes to the page',
    async (coding) => {
      const headers = { accept: 'text/html' };
      const plain = await getRaw('/services', headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const res = await getRaw('/services', { ...headers, 'accept-encoding': coding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers.vary)).toMatch(/Accept-Encoding/i);
      const page = decode(res.body, coding).toString('utf8');
      expect(page).toContain('id="app-config"');
      expect(page).toBe(plain.body.toString('utf8'));
    },
  );
});

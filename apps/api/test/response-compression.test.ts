import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, FIXTURE_WEB_DIST, testConfig, type TestApp } from './helpers.ts';
import { cancelService, createService } from './support/journey-service.ts';
import { firstPrAccount } from './support/service-request-payload.ts';
import { eventsUrl, openStream } from './support/service-stream.ts';

// Decision 710: the PWA's files go as the build compressed them (a `.br` or `.gz` copy beside the
// file, chosen by Accept-Encoding), JSON from 4 KiB and the branded page from 1 KiB are compressed
// on the fly, and an event stream is never compressed. The real build is checked file by file in
// e2e/specs/compression.spec.ts; here a copy of the fixture build gets a big script with its
// copies, as apps/web/build/precompress.ts writes them.

const BIG_SCRIPT = '/assets/app-abc123.js';
const SMALL_SCRIPT = '/assets/index-abc123.js';

let t: TestApp;
let web: FastifyInstance;
let dist: string;
let script: Buffer;

function decode(body: Buffer, coding: string | undefined): Buffer {
  if (coding === 'br') return brotliDecompressSync(body);
  if (coding === 'gzip') return gunzipSync(body);
  return body;
}

beforeAll(async () => {
  t = await createTestApp();
  dist = mkdtempSync(join(tmpdir(), 'auxilio-compression-'));
  cpSync(FIXTURE_WEB_DIST, dist, { recursive: true });
  script = Buffer.from(
    Array.from(
      { length: 400 },
      (_, i) => `export function step${i}(value) { return value * ${i} + ${i % 7}; }\n`,
    ).join(''),
  );
  const file = join(dist, BIG_SCRIPT.slice(1));
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script, { level: 9 }));
  web = await buildApp({ config: testConfig({ webDistDir: dist }), db: t.db, logger: false });
});
afterAll(async () => {
  await web.close();
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('files of the build, compressed at build time', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    [undefined, undefined],
    ['identity', undefined],
  ])('Accept-Encoding %s gets %s, which decodes to the file', async (accept, coding) => {
    const res = await web.inject({
      method: 'GET',
      url: BIG_SCRIPT,
      headers: accept === undefined ? {} : { 'accept-encoding': accept },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(coding);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(res.rawPayload, coding).equals(script)).toBe(true);
    // The copy the build wrote, not a compression made now.
    const copy = { br: '.br', gzip: '.gz' }[coding ?? ''];
    if (copy) {
      expect(res.rawPayload.equals(readFileSync(join(dist, BIG_SCRIPT.slice(1) + copy)))).toBe(
        true,
      );
    }
  });

  it('gives each coding its own ETag, and each answers 304 to its own', async () => {
    const etags = new Set<string>();
    for (const accept of ['br', 'gzip', 'identity']) {
      const first = await web.inject({ url: BIG_SCRIPT, headers: { 'accept-encoding': accept } });
      const etag = String(first.headers.etag);
      etags.add(etag);
      const again = await web.inject({
        url: BIG_SCRIPT,
        headers: { 'accept-encoding': accept, 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    expect(etags.size).toBe(3);
  });

  it('answers a range of the file to a client that takes no coding', async () => {
    const res = await web.inject({
      url: BIG_SCRIPT,
      headers: { 'accept-encoding': 'identity', range: 'bytes=10-49' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-range']).toBe(`bytes 10-49/${script.length}`);
    expect(res.rawPayload.equals(script.subarray(10, 50))).toBe(true);
  });

  it('answers HEAD with the headers of the copy it would send', async () => {
    const res = await web.inject({
      method: 'HEAD',
      url: BIG_SCRIPT,
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(
      readFileSync(join(dist, `${BIG_SCRIPT.slice(1)}.br`)).length,
    );
    expect(res.rawPayload.length).toBe(0);
  });

  it('sends a file without copies as it is, never compressing it on the fly', async () => {
    const res = await web.inject({ url: SMALL_SCRIPT, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(readFileSync(join(dist, SMALL_SCRIPT.slice(1)), 'utf8'));
  });

  it('does not answer the copies under their own names', async () => {
    for (const url of [`${BIG_SCRIPT}.br`, `${BIG_SCRIPT}.gz`]) {
      const res = await web.inject({ url, headers: { accept: '*/*' } });
      expect(`${url}: ${res.statusCode}`).toBe(`${url}: 404`);
    }
  });
});

describe('answers compressed on the fly', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['deflate', undefined],
  ])('compresses a big JSON answer (the OpenAPI document) for %s', async (accept, coding) => {
    const plain = await t.app.inject({ url: '/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const res = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-encoding']).toBe(coding);
    if (coding) expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    const body = decode(res.rawPayload, coding);
    if (coding) expect(res.rawPayload.length).toBeLessThan(body.length / 3);
    expect(JSON.parse(body.toString('utf8'))).toEqual(plain.json());
  });

  it('leaves JSON under 4 KiB and errors as they are: { code, message }', async () => {
    for (const url of ['/health', '/app-config.json?brand=mmm']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.length).toBeLessThan(4096);
      expect(() => res.json<unknown>()).not.toThrow();
    }
    const missing = await t.app.inject({
      url: '/common/api/v1/nothing-here',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(Object.keys(missing.json<Record<string, unknown>>()).sort()).toEqual([
      'code',
      'message',
    ]);
  });

  it('compresses the branded page, which still varies by host', async () => {
    const plain = await web.inject({
      url: '/services?brand=mmm',
      headers: { accept: 'text/html' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const coding of ['br', 'gzip']) {
      const res = await web.inject({
        url: '/services?brand=mmm',
        headers: { accept: 'text/html', 'accept-encoding': coding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers.vary)).toMatch(/\bHost\b/);
      expect(String(res.headers.vary)).toMatch(/\bAccept-Encoding\b/);
      expect(decode(res.rawPayload, coding).toString('utf8')).toBe(plain.body);
    }
  });
});

describe('the event stream', () => {
  it('is never compressed, and its events arrive as they happen', async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { id, token } = await createService(t.app, await firstPrAccount(t.db));
    const stream = await openStream(eventsUrl(baseUrl, id, { key: t.config.appKey, token }), {
      'accept-encoding': 'br, gzip',
    });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('content-encoding')).toBeNull();
      expect(await stream.next()).toMatchObject({ event: 'created' });
      await cancelService(t.app, id, token);
      expect(await stream.next()).toMatchObject({ event: 'status', data: { status: 'Void' } });
    } finally {
      stream.close();
    }
  });
});

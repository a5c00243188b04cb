import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseContentCoding, encodeBody, isCompressibleOnTheFly } from './response-compression.ts';

// Decision 710: what is compressed on the fly, and with which coding for a request's
// Accept-Encoding (RFC 9110 12.5.3: weights, `*`, `q=0` refuses).

describe('chooseContentCoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br', "Chromium's header: Brotli first on a tie"],
    ['br', 'br', 'Brotli only'],
    ['gzip', 'gzip', 'gzip only'],
    ['GZIP', 'gzip', 'names are case-insensitive'],
    ['br;q=0.5, gzip', 'gzip', 'the higher weight wins'],
    ['br;q=0, gzip;q=0.1', 'gzip', 'q=0 refuses a coding'],
    ['*', 'br', '`*` takes any coding'],
    ['*, br;q=0', 'gzip', '`*` does not cover a coding refused by name'],
    ['deflate', undefined, 'a coding we do not write'],
    ['identity', undefined, 'no coding wanted'],
    ['', undefined, 'an empty header'],
    [undefined, undefined, 'no header'],
  ])('%s -> %s (%s)', (header, coding, _why) => {
    expect(chooseContentCoding(header)).toBe(coding);
  });
});

describe('isCompressibleOnTheFly', () => {
  it.each([
    ['application/json; charset=utf-8', true],
    ['application/problem+json', true],
    ['application/manifest+json; charset=utf-8', true],
    ['text/html; charset=utf-8', true],
    ['text/event-stream; charset=utf-8', false],
    ['application/javascript', false],
    ['image/png', false],
    ['application/octet-stream', false],
  ])('%s: %s', (contentType, expected) => {
    expect(isCompressibleOnTheFly(contentType)).toBe(expected);
  });
});

describe('encodeBody', () => {
  it('encodes with Brotli or gzip so that the body decodes back', () => {
    const body = JSON.stringify({ texts: Array.from({ length: 200 }, (_, i) => `texto ${i}`) });
    expect(brotliDecompressSync(encodeBody(body, 'br')).toString('utf8')).toBe(body);
    expect(gunzipSync(encodeBody(body, 'gzip')).toString('utf8')).toBe(body);
  });
});

import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';

// Compression of answers built per request (docs/decisions/710): JSON and the branded index.html.
// The PWA's own files are compressed once at build time (apps/web/build/precompress.ts) and sent
// as they are; only what the server writes on the fly is compressed here, cheaply.

/** Content codings the server writes, best first. */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/**
 * Pages from this size are compressed: one per navigation, before the first paint, so every
 * kilobyte saved on a weak signal shows.
 */
export const PAGE_COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * JSON from this size is compressed. Higher than for pages on measurement (decision 710): each
 * compression costs about as much CPU as the rest of the request, whatever the size, and the
 * tracking read polled by every phone (about 1.5 KiB) would save some 700 bytes per 17 s poll
 * while cutting the API's throughput several times over.
 */
export const JSON_COMPRESSION_THRESHOLD_BYTES = 4096;
/** Brotli quality on the fly: 4 is close to gzip's speed at a smaller size (11 is for the build). */
export const ON_THE_FLY_BROTLI_QUALITY = 4;
/** gzip level on the fly: zlib's usual balance of speed and size. */
export const ON_THE_FLY_GZIP_LEVEL = 6;

/**
 * Answers compressed on the fly: JSON (`application/json`, `application/problem+json`,
 * `application/manifest+json`, ...) and HTML pages. Never an event stream, which must reach the
 * phone event by event, nor files that are compressed already (fonts, images).
 */
export function isCompressibleOnTheFly(contentType: string): boolean {
  return /^(?:application\/(?:[\w.-]+\+)?json|text\/html)\s*(?:;|$)/i.test(contentType);
}

/**
 * The coding to answer with for an `Accept-Encoding` header: the one with the highest weight (`q`)
 * among those we write, Brotli on a tie; undefined when the client takes none of them (`*` counts
 * for a coding it does not name, `q=0` refuses).
 */
export function chooseContentCoding(
  acceptEncoding: string | string[] | undefined,
): ContentCoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name === '') continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let chosen: ContentCoding | undefined;
  let chosenWeight = 0;
  for (const coding of CONTENT_CODINGS) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > chosenWeight) {
      chosen = coding;
      chosenWeight = weight;
    }
  }
  return chosen;
}

/** `body` in `coding`, with the on-the-fly settings. */
export function encodeBody(body: string | Buffer, coding: ContentCoding): Buffer {
  if (coding === 'br') {
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
  }
  return gzipSync(body, { level: ON_THE_FLY_GZIP_LEVEL });
}

/** Adds `field` to the reply's `Vary` header, keeping what other plugins put there (CORS: Origin). */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (fields.includes('*') || fields.some((name) => name.toLowerCase() === field.toLowerCase())) {
    return;
  }
  reply.header('vary', [...fields, field].join(', '));
}

/**
 * Sends a text body built for this request (the branded page), compressed when it is big enough
 * and the client takes br or gzip. `Vary: Accept-Encoding` either way: the answer depends on it.
 */
export function sendCompressible(
  reply: FastifyReply,
  acceptEncoding: string | string[] | undefined,
  body: string,
): FastifyReply {
  addVary(reply, 'Accept-Encoding');
  const coding =
    Buffer.byteLength(body) >= PAGE_COMPRESSION_THRESHOLD_BYTES
      ? chooseContentCoding(acceptEncoding)
      : undefined;
  if (coding === undefined) return reply.send(body);
  return reply.header('content-encoding', coding).send(encodeBody(body, coding));
}

import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  CONTENT_CODINGS,
  isCompressibleOnTheFly,
  JSON_COMPRESSION_THRESHOLD_BYTES,
  ON_THE_FLY_BROTLI_QUALITY,
  ON_THE_FLY_GZIP_LEVEL,
} from '../../lib/response-compression.ts';

// On-the-fly compression of JSON answers (docs/decisions/710), for a phone on one bar of signal:
// Brotli or gzip as the request accepts, from 4 KiB up (below it the CPU costs more than the bytes
// save), at a quality cheap enough for every request. Event streams are never compressed (they
// would wait in the compressor instead of reaching the phone); an answer that already carries a
// Content-Encoding (the basemap's copies) is left alone; the PWA's files are compressed at build
// time and their route opts out.

async function compressPlugin(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies stay as they are: accepting compressed uploads is another decision.
    globalDecompression: false,
    encodings: [...CONTENT_CODINGS],
    threshold: JSON_COMPRESSION_THRESHOLD_BYTES,
    customTypes: isCompressibleOnTheFly,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: ON_THE_FLY_GZIP_LEVEL },
  });
}

export default fp(compressPlugin, { name: 'compress' });

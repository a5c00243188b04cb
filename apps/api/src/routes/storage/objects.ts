import { ApiErrorSchema, UPLOAD_CONTENT_TYPES } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { ERROR_RESPONSES, fileBody } from '../../lib/route-schemas.ts';
import type { UploadsRepository } from '../../repositories/uploads.ts';
import type { LocalObjectStore, LocalVerdict } from '../../services/storage/local-store.ts';
import { OBJECT_KEY_PATTERN } from '../../services/storage/object-store.ts';

interface LocalObjectsOptions {
  store: LocalObjectStore;
  uploads: UploadsRepository;
  maxUploadBytes: number;
}

const KeyParamsSchema = z.object({ '*': z.string().describe('The object key') });
const SignatureQuerySchema = z.object({
  expires: z.string().max(20).optional().describe('Unix seconds after which the URL is refused'),
  signature: z.string().max(100).optional().describe('base64url HMAC-SHA256'),
  size: z.string().max(12).optional().describe('Bytes the upload must have (signed, PUT only)'),
});

const REFUSED = ApiErrorSchema.with(z.describe('The signature is wrong or the URL has expired'));

/** An object answers with the content type it was uploaded with: one of the accepted types. */
const STORED_OBJECT = {
  description:
    'The object, with the content type it was uploaded with ' +
    `(${UPLOAD_CONTENT_TYPES.join(', ')})`,
  content: Object.fromEntries(
    UPLOAD_CONTENT_TYPES.map((contentType) => [
      contentType,
      { schema: fileBody(`The bytes of the ${contentType} file`) },
    ]),
  ),
};

function refuse(verdict: Exclude<LocalVerdict, 'valid'>): AppError {
  return new AppError(
    'FORBIDDEN',
    verdict === 'expired' ? 'This link has expired' : 'The link signature is not valid',
  );
}

/**
 * /storage/objects/<key> of the embedded store (decision 403): GET reads and PUT writes one object,
 * each allowed by the HMAC signature and expiry in the query that the signing calls handed out.
 */
const localObjectsRoutes: FastifyPluginCallbackZod<LocalObjectsOptions> = (
  app,
  { store, uploads, maxUploadBytes },
  done,
) => {
  // The uploaded bytes arrive as they are, in one of the accepted types.
  app.addContentTypeParser(
    [...UPLOAD_CONTENT_TYPES],
    { parseAs: 'buffer', bodyLimit: maxUploadBytes },
    (_request, body, parsed) => {
      parsed(null, body);
    },
  );

  app.get(
    '/*',
    {
      schema: {
        tags: ['storage'],
        summary: 'Read an object of the local store with a signed URL',
        params: KeyParamsSchema,
        querystring: SignatureQuerySchema,
        response: {
          200: STORED_OBJECT,
          ...ERROR_RESPONSES,
          403: REFUSED,
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!OBJECT_KEY_PATTERN.test(key)) throw notFound('Object', key);
      const verdict = store.verify('GET', key, request.query, '', new Date());
      if (verdict !== 'valid') throw refuse(verdict);
      const [upload, bytes] = await Promise.all([uploads.findByKey(key), store.read(key)]);
      if (!upload || !bytes) throw notFound('Object', key);
      return (
        reply
          .type(upload.contentType)
          .header('cache-control', 'private, max-age=300')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          // Fastify sends a Buffer as is (no serializer); the response schema only documents it.
          .send(bytes as unknown as string)
      );
    },
  );

  app.put(
    '/*',
    {
      bodyLimit: maxUploadBytes,
      schema: {
        tags: ['storage'],
        summary: 'Write an object of the local store with a signed upload URL',
        description:
          'Send the bytes with the content type the URL was signed for (image/jpeg, image/png, ' +
          'image/webp, image/heic or video/mp4), exactly the `size` it was signed for and at ' +
          'most STORAGE_MAX_UPLOAD_BYTES. Writing the same bytes again is harmless; a photo ' +
          'recorded on its service is not replaced (409).',
        params: KeyParamsSchema,
        querystring: SignatureQuerySchema,
        response: {
          204: z.null().describe('Stored'),
          ...ERROR_RESPONSES,
          403: REFUSED,
          409: ApiErrorSchema.with(z.describe('The photo is recorded on its service already')),
          413: ApiErrorSchema.with(z.describe('The file is larger than the store accepts')),
          415: ApiErrorSchema.with(z.describe('Not one of the accepted content types')),
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!OBJECT_KEY_PATTERN.test(key)) throw notFound('Object', key);
      const contentType = request.headers['content-type'] ?? '';
      const verdict = store.verify('PUT', key, request.query, contentType, new Date());
      if (verdict !== 'valid') throw refuse(verdict);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new AppError('BAD_REQUEST', 'The file is empty', 'body');
      }
      // Decision 660: the URL was signed for one size (a cut-off upload is not a photo).
      if (request.query.size !== undefined && body.length !== Number(request.query.size)) {
        throw new AppError(
          'BAD_REQUEST',
          `The file has ${body.length} bytes; this link takes ${request.query.size}`,
          'body',
        );
      }
      const upload = await uploads.findByKey(key);
      if (!upload) throw notFound('Object', key);
      if (upload.recordedAt) {
        throw new AppError('CONFLICT', 'This photo is recorded on its service already');
      }
      await store.write(key, body);
      await uploads.markStored(key, body.length);
      return reply.code(204).send(null);
    },
  );
  done();
};

export default localObjectsRoutes;

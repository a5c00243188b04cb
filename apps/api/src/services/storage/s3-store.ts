import type * as S3 from '@aws-sdk/client-s3';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import type { S3StorageConfig } from '../../config/env.ts';
import { AppError } from '../../lib/errors.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';
import { expiryOf, OBJECT_KEY_PATTERN, type S3ObjectStore } from './object-store.ts';

// The production object store (ARCHITECTURE decision 7): any S3-compatible service, reached through
// SigV4 presigned URLs made by the AWS SDK v3 (decision 403). Signing is local; the one call that
// leaves the server asks whether a photo's bytes arrived before it is recorded (decision 660).

/** How long the bucket may take to answer whether an object is there. */
export const S3_HEAD_TIMEOUT_MS = 5000;

interface Sdk {
  s3: typeof S3;
  getSignedUrl: typeof Presigner.getSignedUrl;
  client: S3.S3Client;
}

export function createS3ObjectStore(
  config: S3StorageConfig,
  expiresSeconds: number,
): S3ObjectStore {
  // The AWS SDK is loaded for the first URL signed, not at start (about 0.15 s of a cold start).
  const loadSdk = onFirstUse((): Promise<Sdk> =>
    Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(
      ([s3, { getSignedUrl }]) => ({
        s3,
        getSignedUrl,
        client: new s3.S3Client({
          region: config.region,
          endpoint: config.endpoint,
          // Path-style (`<endpoint>/<bucket>/<key>`) works with every S3-compatible server.
          forcePathStyle: config.endpoint !== undefined,
          credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
          // A presigned PUT must not carry the checksum of an empty body (the SDK's default would).
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
      }),
    ),
  );
  const base = (config.endpoint ?? `https://s3.${config.region}.amazonaws.com`).replace(/\/+$/, '');
  const bucketPrefix = `/${config.bucket}/`;
  const sign = async (
    commandOf: (s3: typeof S3) => S3.GetObjectCommand | S3.HeadObjectCommand | S3.PutObjectCommand,
    now: Date,
    signed?: string[],
  ) => {
    const { s3, getSignedUrl, client } = await loadSdk();
    const expiresAt = expiryOf(now, expiresSeconds);
    const url = await getSignedUrl(client, commandOf(s3), {
      expiresIn: expiresSeconds,
      signingDate: now,
      // The uploader must send the content type and length the URL was made for.
      ...(signed ? { signableHeaders: new Set(signed) } : {}),
    });
    return { url, expiresAt };
  };
  return {
    driver: 's3',
    objectUrl: (key) => `${base}${bucketPrefix}${key}`,
    keyOf: (url) => {
      const key =
        url.protocol === 's3:' && url.hostname === config.bucket
          ? url.pathname.slice(1)
          : url.origin === new URL(base).origin && url.pathname.startsWith(bucketPrefix)
            ? url.pathname.slice(bucketPrefix.length)
            : undefined;
      return key !== undefined && OBJECT_KEY_PATTERN.test(key) ? key : undefined;
    },
    signDownload: (key, _origin, now) =>
      sign((s3) => new s3.GetObjectCommand({ Bucket: config.bucket, Key: key }), now),
    signUpload: (key, contentType, size, _origin, now) =>
      sign(
        (s3) =>
          new s3.PutObjectCommand({
            Bucket: config.bucket,
            Key: key,
            ContentType: contentType,
            ContentLength: size,
          }),
        now,
        ['content-type', 'content-length'],
      ),
    storedSize: async (key, now) => {
      // A presigned HEAD, as the browser's requests are: the bucket answers the object's length.
      const { url } = await sign(
        (s3) => new s3.HeadObjectCommand({ Bucket: config.bucket, Key: key }),
        now,
      );
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'HEAD',
          signal: AbortSignal.timeout(S3_HEAD_TIMEOUT_MS),
        });
      } catch {
        throw new AppError('UNAVAILABLE', 'The file store did not answer; try again');
      }
      // Without s3:ListBucket, S3 answers a missing key with 403 rather than 404.
      if (response.status === 404 || response.status === 403) return undefined;
      if (!response.ok) {
        throw new AppError('UNAVAILABLE', `The file store answered ${response.status}`);
      }
      const length = Number(response.headers.get('content-length'));
      return Number.isSafeInteger(length) && length > 0 ? length : undefined;
    },
  };
}

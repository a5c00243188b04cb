import { resolve } from 'node:path';
import { z } from 'zod';
import {
  ConfigError,
  emptyAsUnset,
  optionalString,
  resolveFromRepoRoot,
  unsetNames,
  type EnvValues,
} from './env-values.ts';

// --- Storage service (ARCHITECTURE decision 7 "file uploads"; docs/decisions/403-404): local disk
// with HMAC-signed URLs by default, S3-compatible presigned URLs with STORAGE_DRIVER=s3. ---
export const STORAGE_ENV = {
  STORAGE_DRIVER: emptyAsUnset(z.enum(['local', 's3']).default('local')),
  STORAGE_DIR: optionalString,
  /** HMAC key of the local store's URLs; unset: generated once and kept in DATA_DIR. */
  STORAGE_SIGNING_SECRET: optionalString.pipe(z.string().min(32).optional()),
  STORAGE_URL_EXPIRES_SECONDS: emptyAsUnset(
    z.coerce.number().int().min(1).max(604_800).default(900),
  ),
  STORAGE_MAX_UPLOAD_BYTES: emptyAsUnset(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(100 * 1024 * 1024)
      .default(10 * 1024 * 1024),
  ),
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: optionalString,
  S3_REGION: emptyAsUnset(z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
};

export interface S3StorageConfig {
  /** S3-compatible endpoint (MinIO, R2, ...); undefined: AWS for the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface StorageConfig {
  driver: 'local' | 's3';
  /** The local store's folder; undefined with an in-memory DATA_DIR (a temporary folder is used). */
  dir: string | undefined;
  /** HMAC key of the local store's URLs; undefined: generated once and kept in `secretDir`. */
  signingSecret: string | undefined;
  /** Where a generated signing secret is kept (DATA_DIR); undefined: kept in memory only. */
  secretDir: string | undefined;
  /** Lifetime of a signed URL, in seconds. */
  urlExpiresSeconds: number;
  /** Largest accepted upload, in bytes. */
  maxUploadBytes: number;
  s3: S3StorageConfig | undefined;
}

/** STORAGE_DRIVER=s3 without its bucket and keys is a ConfigError, not a silent local store. */
export function storageConfig(
  e: EnvValues<typeof STORAGE_ENV>,
  dataDir: string | undefined,
): StorageConfig {
  const absent = unsetNames([
    ['S3_BUCKET', e.S3_BUCKET],
    ['S3_ACCESS_KEY_ID', e.S3_ACCESS_KEY_ID],
    ['S3_SECRET_ACCESS_KEY', e.S3_SECRET_ACCESS_KEY],
  ]);
  if (e.STORAGE_DRIVER === 's3' && absent.length > 0) {
    throw new ConfigError(
      `Invalid environment: ${absent.join(', ')} required by STORAGE_DRIVER=s3`,
    );
  }
  return {
    driver: e.STORAGE_DRIVER,
    dir: e.STORAGE_DIR
      ? resolveFromRepoRoot(e.STORAGE_DIR)
      : dataDir && resolve(dataDir, 'storage'),
    signingSecret: e.STORAGE_SIGNING_SECRET,
    secretDir: dataDir,
    urlExpiresSeconds: e.STORAGE_URL_EXPIRES_SECONDS,
    maxUploadBytes: e.STORAGE_MAX_UPLOAD_BYTES,
    s3:
      e.STORAGE_DRIVER === 's3'
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET ?? '',
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
          }
        : undefined,
  };
}

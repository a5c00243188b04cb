import { randomUUID } from 'node:crypto';
import {
  ApiErrorSchema,
  GenerateDownloadUrlResponseSchema,
  GenerateUploadUrlResponseSchema,
  ServicePhotoSchema,
  ServicePhotosResponseSchema,
} from '@auxilio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3ObjectStore } from '../src/services/storage/s3-store.ts';
import { startS3Fixture, type S3Fixture } from './fixture-servers/s3.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import { createService, type CreatedService } from './support/journey-service.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';

// ARCHITECTURE decision 7 "file uploads": the S3-compatible adapter, against a local S3 fixture that
// verifies the SigV4 presigned URLs (decisions 403-404).

const PHOTO = Buffer.from('\xff\xd8\xff\xe0 fake jpeg bytes of an accident photo', 'latin1');

let s3: S3Fixture;
let t: TestApp;
let service: CreatedService;

function s3Settings(fixture: S3Fixture) {
  return {
    endpoint: fixture.endpoint,
    bucket: fixture.bucket,
    region: fixture.region,
    ...fixture.credentials,
  };
}

beforeAll(async () => {
  s3 = await startS3Fixture({
    bucket: 'auxilio-uploads',
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIAFIXTURE', secretAccessKey: 'fixture-secret-access-key' },
  });
  const defaults = testConfig().storage;
  t = await createTestApp({
    config: { storage: { ...defaults, driver: 's3', s3: s3Settings(s3) } },
  });
  service = await createService(t, CONNECT_PR);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

function post(url: string, payload: Record<string, unknown>, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url, payload, headers });
}

async function uploadUrl() {
  const res = await post(
    '/storage/generate-upload-url',
    { serviceId: service.id, photoId: randomUUID(), contentType: 'image/jpeg', size: PHOTO.length },
    service.headers,
  );
  expect(res.statusCode).toBe(200);
  return GenerateUploadUrlResponseSchema.parse(res.json());
}

function sigV4Params(signedUrl: string) {
  return Object.fromEntries(new URL(signedUrl).searchParams);
}

describe('S3 adapter: presigned upload and download through the fixture', () => {
  it('PUTs with a presigned URL, then reads back through generate-download-url', async () => {
    const upload = await uploadUrl();
    expect(upload.url).toMatch(
      new RegExp(`^${s3.endpoint}/auxilio-uploads/services/${service.id}/[0-9a-f-]{36}\\.jpeg$`),
    );
    const put = sigV4Params(upload.signedUrl);
    expect(put).toMatchObject({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Expires': '900',
      'X-Amz-SignedHeaders': 'content-length;content-type;host',
    });
    expect(put['X-Amz-Credential']).toMatch(/^AKIAFIXTURE\/\d{8}\/eu-west-1\/s3\/aws4_request$/);
    expect(put['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    // No checksum of an empty body in the URL: the real body would not match it.
    expect(Object.keys(put).some((name) => name.startsWith('x-amz-checksum'))).toBe(false);

    const stored = await fetch(upload.signedUrl, {
      method: 'PUT',
      headers: upload.headers,
      body: PHOTO,
      signal: AbortSignal.timeout(5000),
    });
    expect(stored.status).toBe(200);
    const putRecord = s3.requests.at(-1);
    expect(putRecord).toMatchObject({ method: 'PUT', outcome: 'OK' });
    expect(putRecord?.path).toBe(new URL(upload.url).pathname);
    expect(s3.objects.get(new URL(upload.url).pathname.slice('/auxilio-uploads/'.length))).toEqual({
      body: PHOTO,
      contentType: 'image/jpeg',
    });

    const res = await post(
      '/storage/generate-download-url',
      { url: upload.url },
      {
        'x-api-key': t.config.appKey,
        'content-type': 'application/json',
      },
    );
    expect(res.statusCode).toBe(200);
    const { signedUrl } = GenerateDownloadUrlResponseSchema.parse(res.json());
    expect(sigV4Params(signedUrl)).toMatchObject({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Expires': '900',
    });
    const read = await fetch(signedUrl, { signal: AbortSignal.timeout(5000) });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await read.arrayBuffer())).toEqual(PHOTO);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'GET', outcome: 'OK' });
  });

  it('accepts the s3://bucket/key form of the same object', async () => {
    const upload = await uploadUrl();
    const key = new URL(upload.url).pathname.slice('/auxilio-uploads/'.length);
    const res = await post(
      '/storage/generate-download-url',
      { url: `s3://auxilio-uploads/${key}` },
      {
        'x-api-key': t.config.appKey,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(GenerateDownloadUrlResponseSchema.parse(res.json()).signedUrl).toContain(key);
  });

  it('the bucket refuses a tampered key or signature and a different content type', async () => {
    const upload = await uploadUrl();
    const wrongType = await fetch(upload.signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: PHOTO,
      signal: AbortSignal.timeout(5000),
    });
    expect(wrongType.status).toBe(403);
    expect(s3.requests.at(-1)?.outcome).toBe('SignatureDoesNotMatch');

    const otherKey = upload.signedUrl.replace(
      /[0-9a-f-]{36}\.jpeg/,
      '00000000-0000-4000-8000-000000000000.jpeg',
    );
    const tamperedKey = await fetch(otherKey, {
      method: 'PUT',
      headers: upload.headers,
      body: PHOTO,
      signal: AbortSignal.timeout(5000),
    });
    expect(tamperedKey.status).toBe(403);
    expect(await tamperedKey.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('signs with the signing date, so the bucket refuses the URL after X-Amz-Expires', async () => {
    const store = createS3ObjectStore(s3Settings(s3), 900);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    const stale = await store.signDownload('services/abcdefgh/x.jpeg', '', twoHoursAgo);
    const res = await fetch(stale.url, { signal: AbortSignal.timeout(5000) });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
    expect(stale.expiresAt.getTime()).toBe(
      Math.floor(twoHoursAgo.getTime() / 1000) * 1000 + 900_000,
    );
  });

  it('never signs a URL outside the bucket: 400 naming body.url, nothing sent to S3', async () => {
    const before = s3.requests.length;
    const upload = await uploadUrl();
    const key = new URL(upload.url).pathname.slice('/auxilio-uploads/'.length);
    for (const url of [
      `https://evil.example/auxilio-uploads/${key}`,
      `${s3.endpoint}/another-bucket/${key}`,
      'http://169.254.169.254/latest/meta-data/iam',
      `s3://another-bucket/${key}`,
    ]) {
      const res = await post(
        '/storage/generate-download-url',
        { url },
        { 'x-api-key': t.config.appKey },
      );
      expect(res.statusCode, url).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).field).toBe('body.url');
    }
    const unknown = `${s3.endpoint}/auxilio-uploads/services/${service.id}/00000000-0000-4000-8000-000000000000.jpeg`;
    const res = await post(
      '/storage/generate-download-url',
      { url: unknown },
      {
        'x-api-key': t.config.appKey,
      },
    );
    expect(res.statusCode).toBe(404);
    expect(s3.requests.length).toBe(before);
  });

  it('the local object routes do not exist with the S3 driver', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/storage/objects/services/x/y.jpeg' });
    expect(res.statusCode).toBe(404);
  });
});

describe('S3 adapter: accident photos recorded on the service (decision 660)', () => {
  const record = (photoId: string) =>
    post(`/common/api/v1/services/${service.id}/photos`, { photoId }, service.headers);

  it('the bucket takes exactly the signed size; a photo is recorded once the bucket has it', async () => {
    const photoId = randomUUID();
    const upload = GenerateUploadUrlResponseSchema.parse(
      (
        await post(
          '/storage/generate-upload-url',
          { serviceId: service.id, photoId, contentType: 'image/jpeg', size: PHOTO.length },
          service.headers,
        )
      ).json(),
    );
    // Asked before the PUT: a presigned HEAD finds nothing, so nothing is recorded.
    const early = await record(photoId);
    expect(early.statusCode).toBe(409);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'HEAD', outcome: 'NoSuchKey' });

    const longer = await fetch(upload.signedUrl, {
      method: 'PUT',
      headers: upload.headers,
      body: Buffer.concat([PHOTO, PHOTO]),
      signal: AbortSignal.timeout(5000),
    });
    expect(longer.status).toBe(403);
    expect(s3.requests.at(-1)?.outcome).toBe('SignatureDoesNotMatch');

    const stored = await fetch(upload.signedUrl, {
      method: 'PUT',
      headers: upload.headers,
      body: PHOTO,
      signal: AbortSignal.timeout(5000),
    });
    expect(stored.status).toBe(200);
    const recorded = await record(photoId);
    expect(recorded.statusCode).toBe(200);
    expect(ServicePhotoSchema.parse(recorded.json())).toMatchObject({
      photoId,
      size: PHOTO.length,
    });
    const head = s3.requests.at(-1);
    expect(head).toMatchObject({ method: 'HEAD', outcome: 'OK' });
    expect(head?.query['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);

    const listed = await t.app.inject({
      method: 'GET',
      url: `/common/api/v1/services/${service.id}/photos`,
      headers: service.headers,
    });
    const { photos } = ServicePhotosResponseSchema.parse(listed.json());
    expect(photos.map((photo) => photo.photoId)).toEqual([photoId]);
    const shown = await fetch(photos[0]?.signedUrl ?? '', { signal: AbortSignal.timeout(5000) });
    expect(Buffer.from(await shown.arrayBuffer())).toEqual(PHOTO);
  });

  it('503 with { code, message } when the bucket does not answer the HEAD', async () => {
    const down = await createTestApp({
      config: {
        storage: {
          ...testConfig().storage,
          driver: 's3',
          // Nothing listens there: the HEAD fails at once.
          s3: { ...s3Settings(s3), endpoint: 'http://127.0.0.1:9' },
        },
      },
    });
    try {
      const owner = await createService(down, CONNECT_PR);
      const photoId = randomUUID();
      const asked = await down.app.inject({
        method: 'POST',
        url: '/storage/generate-upload-url',
        headers: owner.headers,
        payload: { serviceId: owner.id, photoId, contentType: 'image/jpeg', size: PHOTO.length },
      });
      expect(asked.statusCode).toBe(200);
      const res = await down.app.inject({
        method: 'POST',
        url: `/common/api/v1/services/${owner.id}/photos`,
        headers: owner.headers,
        payload: { photoId },
      });
      expect(res.statusCode).toBe(503);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('UNAVAILABLE');
    } finally {
      await down.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ApiErrorSchema,
  GenerateDownloadUrlResponseSchema,
  GenerateUploadUrlResponseSchema,
} from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { uploads } from '../src/db/schema.ts';
import { signLocalObject } from '../src/services/storage/local-store.ts';
import { STORAGE_SECRET_FILE } from '../src/services/storage/create-object-store.ts';
import { loadPersistedSecret } from '../src/lib/persisted-secret.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import { createService, type CreatedService } from './support/journey-service.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';

// SPEC 7 POST /storage/generate-download-url ("{url}; JSON content type and API-key header; success
// on status 200 with signedUrl") on the embedded local store with HMAC-signed, expiring URLs, and the
// upload URL (decisions 403-404).

const SECRET = 'test-signing-secret-of-at-least-32-characters';
const PHOTO = Buffer.from('\x89PNG\r\n fake png bytes', 'latin1');

let t: TestApp;
let dir: string;
let service: CreatedService;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'auxilio-storage-test-'));
  const defaults = testConfig().storage;
  t = await createTestApp({
    config: {
      storage: { ...defaults, driver: 'local', dir, signingSecret: SECRET, maxUploadBytes: 1024 },
    },
  });
  service = await createService(t, CONNECT_PR);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const appKey = () => ({ 'x-api-key': t.config.appKey });

/** The path and query of a signed URL, for app.inject. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

async function uploadUrl(contentType = 'image/png', size = PHOTO.length) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/storage/generate-upload-url',
    headers: service.headers,
    payload: { serviceId: service.id, photoId: randomUUID(), contentType, size },
  });
  expect(res.statusCode).toBe(200);
  return GenerateUploadUrlResponseSchema.parse(res.json());
}

async function uploaded() {
  const upload = await uploadUrl();
  const put = await t.app.inject({
    method: 'PUT',
    url: pathOf(upload.signedUrl),
    headers: upload.headers,
    payload: PHOTO,
  });
  expect(put.statusCode).toBe(204);
  return upload;
}

function downloadUrl(url: string, headers: Record<string, string> = appKey()) {
  return t.app.inject({
    method: 'POST',
    url: '/storage/generate-download-url',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ url }),
  });
}

describe('local store: upload, then POST /storage/generate-download-url', () => {
  it('stores the PUT bytes on disk and in uploads, and reads them with the signed URL', async () => {
    const upload = await uploaded();
    const key = upload.url.slice(
      upload.url.indexOf('/storage/objects/') + '/storage/objects/'.length,
    );
    expect(key).toMatch(new RegExp(`^services/${service.id}/[0-9a-f-]{36}\\.png$`));
    expect(await readFile(join(dir, key))).toEqual(PHOTO);
    const [row] = await t.db.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({
      serviceId: service.id,
      contentType: 'image/png',
      size: PHOTO.length,
    });

    const res = await downloadUrl(upload.url);
    expect(res.statusCode).toBe(200);
    const { signedUrl } = GenerateDownloadUrlResponseSchema.parse(res.json());
    const signed = new URL(signedUrl);
    expect(signed.pathname).toBe(`/storage/objects/${key}`);
    const expires = Number(signed.searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(890_000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(900_000);

    const read = await t.app.inject({ method: 'GET', url: pathOf(signedUrl) });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload).toEqual(PHOTO);

    // The relative form of the object URL names the same object.
    expect((await downloadUrl(new URL(upload.url).pathname)).statusCode).toBe(200);
  });

  it('403 for a tampered signature, another key, an expired URL or no signature', async () => {
    const upload = await uploaded();
    const { signedUrl } = GenerateDownloadUrlResponseSchema.parse(
      (await downloadUrl(upload.url)).json(),
    );
    const url = new URL(signedUrl);
    const signature = url.searchParams.get('signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const other = await uploaded();
    const otherPath = new URL(other.url).pathname;
    const key = url.pathname.slice('/storage/objects/'.length);
    const past = Math.floor(Date.now() / 1000) - 1;
    const cases = {
      tampered: `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${flipped}`,
      otherKey: `${otherPath}${url.search}`,
      longerExpiry: `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&signature=${signature}`,
      expired: `${url.pathname}?expires=${past}&signature=${signLocalObject(SECRET, 'GET', key, past)}`,
      unsigned: url.pathname,
    };
    for (const [name, path] of Object.entries(cases)) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, name).toBe(403);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('FORBIDDEN');
    }
    const expired = await t.app.inject({ method: 'GET', url: cases.expired });
    expect(expired.json()).toMatchObject({ message: 'This link has expired' });
  });

  it('an upload URL writes only its key, with its content type, and never reads', async () => {
    const upload = await uploadUrl();
    const asJpeg = await t.app.inject({
      method: 'PUT',
      url: pathOf(upload.signedUrl),
      headers: { 'content-type': 'image/jpeg' },
      payload: PHOTO,
    });
    expect(asJpeg.statusCode).toBe(403);
    const asText = await t.app.inject({
      method: 'PUT',
      url: pathOf(upload.signedUrl),
      headers: { 'content-type': 'text/html' },
      payload: '<script>alert(1)</script>',
    });
    expect(asText.statusCode).toBe(415);
    const readWithPutUrl = await t.app.inject({ method: 'GET', url: pathOf(upload.signedUrl) });
    expect(readWithPutUrl.statusCode).toBe(403);
    const tooLarge = await t.app.inject({
      method: 'PUT',
      url: pathOf(upload.signedUrl),
      headers: upload.headers,
      payload: Buffer.alloc(1025, 1),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(ApiErrorSchema.parse(tooLarge.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('never signs a URL that is not an object of this store: 400 on body.url, 404 when unknown', async () => {
    const upload = await uploaded();
    const path = new URL(upload.url).pathname;
    for (const url of [
      `https://evil.example${path}`,
      'http://169.254.169.254/latest/meta-data/iam',
      'file:///etc/passwd',
      'http://localhost:80/storage/objects/../../etc/passwd',
      'http://[::1',
    ]) {
      const res = await downloadUrl(url);
      expect(res.statusCode, url).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).field).toBe('body.url');
    }
    const unknown = `/storage/objects/services/${service.id}/00000000-0000-4000-8000-000000000000.png`;
    expect((await downloadUrl(unknown)).statusCode).toBe(404);
  });

  it('400 naming the field for a missing url', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/storage/generate-download-url',
      headers: appKey(),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe('body.url');
  });

  it('401 without the app key and with a wrong one', async () => {
    const upload = await uploaded();
    expect((await downloadUrl(upload.url, {})).statusCode).toBe(401);
    expect((await downloadUrl(upload.url, { 'x-api-key': 'wrong-key' })).statusCode).toBe(401);
  });
});

describe('POST /storage/generate-upload-url', () => {
  const call = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/storage/generate-upload-url', headers, payload });

  it('400 naming the field for a content type it does not store', async () => {
    const res = await call(service.headers, {
      serviceId: service.id,
      photoId: randomUUID(),
      contentType: 'text/html',
      size: 10,
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe('body.contentType');
  });

  it('401 without or with a wrong app key; 403 with another service’s token', async () => {
    const other = await createService(t, CONNECT_PR);
    const body = {
      serviceId: service.id,
      photoId: randomUUID(),
      contentType: 'image/png',
      size: 4,
    };
    const { authorization = '' } = service.headers;
    expect((await call({ authorization }, body)).statusCode).toBe(401);
    expect((await call({ ...service.headers, 'x-api-key': 'nope' }, body)).statusCode).toBe(401);
    const before = await t.db.db.select().from(uploads).where(eq(uploads.serviceId, service.id));
    expect((await call(other.headers, body)).statusCode).toBe(403);
    const after = await t.db.db.select().from(uploads).where(eq(uploads.serviceId, service.id));
    expect(after).toHaveLength(before.length);
  });
});

describe('OpenAPI', () => {
  it('documents the storage calls and the local object routes at /docs/json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const download = doc.paths['/storage/generate-download-url']?.post;
    expect(Object.keys(download?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401']),
    );
    expect(doc.paths['/storage/generate-upload-url']?.post?.responses).toHaveProperty('403');
    expect(doc.paths['/storage/objects/{*}']?.get?.responses).toHaveProperty('403');
    expect(doc.paths['/storage/objects/{*}']?.put?.responses).toHaveProperty('413');
  });
});

describe('storage configuration', () => {
  it('STORAGE_DRIVER=s3 without its bucket and keys is a ConfigError naming them', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY required by STORAGE_DRIVER=s3/,
    );
    const s3 = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
    }).storage;
    expect(s3).toMatchObject({
      driver: 's3',
      urlExpiresSeconds: 900,
      s3: { endpoint: 'http://127.0.0.1:9000', bucket: 'b', region: 'us-east-1' },
    });
  });

  it('defaults to the local store in DATA_DIR/storage with a generated secret', () => {
    const local = loadConfig({ DATA_DIR: '/srv/auxilio' }).storage;
    expect(local).toMatchObject({
      driver: 'local',
      dir: '/srv/auxilio/storage',
      secretDir: '/srv/auxilio',
      signingSecret: undefined,
      maxUploadBytes: 10 * 1024 * 1024,
      s3: undefined,
    });
    expect(loadConfig({ DATA_DIR: 'memory://' }).storage).toMatchObject({
      dir: undefined,
      secretDir: undefined,
    });
  });
});

describe('the signing secret', () => {
  it('is generated once and kept in DATA_DIR, readable only by its owner', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'auxilio-secret-test-'));
    try {
      const first = await loadPersistedSecret({
        secret: undefined,
        secretDir: dataDir,
        fileName: STORAGE_SECRET_FILE,
      });
      const second = await loadPersistedSecret({
        secret: undefined,
        secretDir: dataDir,
        fileName: STORAGE_SECRET_FILE,
      });
      expect(first).toHaveLength(43);
      expect(second).toBe(first);
      const file = await stat(join(dataDir, 'storage-signing-secret'));
      expect(file.mode & 0o777).toBe(0o600);
      expect(
        await loadPersistedSecret({
          secret: SECRET,
          secretDir: dataDir,
          fileName: STORAGE_SECRET_FILE,
        }),
      ).toBe(SECRET);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

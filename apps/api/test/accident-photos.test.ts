import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ApiErrorSchema,
  GenerateUploadUrlResponseSchema,
  ServicePhotoSchema,
  ServicePhotosResponseSchema,
  SituationSpecificationResponseSchema,
  type GenerateUploadUrlResponse,
} from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services, uploads } from '../src/db/schema.ts';
import { signLocalObject } from '../src/services/storage/local-store.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import { createService, setServiceStatus, type CreatedService } from './support/journey-service.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';

// SPEC 2 /tracking/coninspection, accident documentation (decision 660): the phone asks for an
// upload URL per photo id, PUTs the JPEG there, records the photo on the service; the service then
// shows its photos to its token's holder and to an operator. Signed URLs are scoped to one object of
// one service, expire, and take one content type and one size; a retried photo is one object and
// one record; imagesCount is the photos the service holds.

const SECRET = 'accident-photos-signing-secret-of-32-characters';
const OPERATOR_KEY = 'operator-key-for-the-photo-tests-0001';
const MAX_BYTES = 2048;
const JPEG = Buffer.from('\xff\xd8\xff\xe0 JPEG bytes of an accident photo \xff\xd9', 'latin1');

let t: TestApp;
let dir: string;
let service: CreatedService;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'auxilio-photos-test-'));
  const defaults = testConfig().storage;
  t = await createTestApp({
    config: {
      operatorApiKey: OPERATOR_KEY,
      storage: {
        ...defaults,
        driver: 'local',
        dir,
        signingSecret: SECRET,
        maxUploadBytes: MAX_BYTES,
      },
    },
  });
  service = await createService(t, CONNECT_PR);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** The path and query of a signed URL, for app.inject. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

const photosUrl = (serviceId: string) => `/common/api/v1/services/${serviceId}/photos`;

function askUploadUrl(
  owner: CreatedService,
  body: Record<string, unknown>,
  headers: Record<string, string> = owner.headers,
) {
  return t.app.inject({
    method: 'POST',
    url: '/storage/generate-upload-url',
    headers,
    payload: { serviceId: owner.id, contentType: 'image/jpeg', size: JPEG.length, ...body },
  });
}

async function uploadUrl(owner: CreatedService, photoId: string, bytes = JPEG) {
  const res = await askUploadUrl(owner, { photoId, size: bytes.length });
  expect(res.statusCode, res.body).toBe(200);
  return GenerateUploadUrlResponseSchema.parse(res.json());
}

function put(upload: GenerateUploadUrlResponse, bytes = JPEG, headers = upload.headers) {
  return t.app.inject({ method: 'PUT', url: pathOf(upload.signedUrl), headers, payload: bytes });
}

function record(
  owner: CreatedService,
  photoId: string,
  headers: Record<string, string> = owner.headers,
) {
  return t.app.inject({ method: 'POST', url: photosUrl(owner.id), headers, payload: { photoId } });
}

function list(serviceId: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: photosUrl(serviceId), headers });
}

/** One photo through the whole way: upload URL, PUT, record. */
async function uploadPhoto(owner: CreatedService, photoId = randomUUID(), bytes = JPEG) {
  const upload = await uploadUrl(owner, photoId, bytes);
  expect((await put(upload, bytes)).statusCode).toBe(204);
  const res = await record(owner, photoId);
  expect(res.statusCode, res.body).toBe(200);
  return ServicePhotoSchema.parse(res.json());
}

async function uploadRows(serviceId: string) {
  return t.db.db.select().from(uploads).where(eq(uploads.serviceId, serviceId));
}

async function storedSpecification(serviceId: string) {
  const [row] = await t.db.db
    .select({ spec: services.situationSpecification })
    .from(services)
    .where(eq(services.id, serviceId));
  return row?.spec;
}

function expectError(res: { statusCode: number; json: () => unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  return ApiErrorSchema.parse(res.json());
}

describe('an accident photo, from the phone to the service', () => {
  it('is stored under its photo id, recorded on the service, counted, and read back signed', async () => {
    const owner = await createService(t, CONNECT_PR);
    const photoId = randomUUID();
    const upload = await uploadUrl(owner, photoId);
    expect(new URL(upload.url).pathname).toBe(
      `/storage/objects/services/${owner.id}/${photoId}.jpeg`,
    );
    expect(new URL(upload.signedUrl).searchParams.get('size')).toBe(String(JPEG.length));
    expect(upload.headers).toEqual({ 'content-type': 'image/jpeg' });

    expect((await put(upload)).statusCode).toBe(204);
    const recorded = await record(owner, photoId);
    expect(recorded.statusCode).toBe(200);
    const photo = ServicePhotoSchema.parse(recorded.json());
    expect(photo).toMatchObject({
      photoId,
      contentType: 'image/jpeg',
      size: JPEG.length,
    });
    // Only expiring reads are given out, never the object's own URL.
    expect(photo).not.toHaveProperty('url');
    expect(await readFile(join(dir, 'services', owner.id, `${photoId}.jpeg`))).toEqual(JPEG);
    expect(await storedSpecification(owner.id)).toMatchObject({
      hasComment: false,
      imagesCount: 1,
    });

    const listed = await list(owner.id, owner.headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const { photos } = ServicePhotosResponseSchema.parse(listed.json());
    expect(photos.map((p) => p.photoId)).toEqual([photoId]);
    const shown = await t.app.inject({ method: 'GET', url: pathOf(photos[0]?.signedUrl ?? '') });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.rawPayload).toEqual(JPEG);
  });

  it('a retried photo is one object and one record: URL asked again, PUT again, recorded again', async () => {
    const owner = await createService(t, CONNECT_PR);
    const photoId = randomUUID();
    const first = await uploadUrl(owner, photoId);
    // The answer was lost on a weak signal: the phone asks again for the same photo.
    const again = await uploadUrl(owner, photoId);
    expect(again.url).toBe(first.url);
    expect((await put(first)).statusCode).toBe(204);
    expect((await put(again)).statusCode).toBe(204);
    const records = await Promise.all([1, 2, 3].map(() => record(owner, photoId)));
    expect(records.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const recordedAt = records.map((res) => ServicePhotoSchema.parse(res.json()).recordedAt);
    expect(new Set(recordedAt).size).toBe(1);

    const rows = await uploadRows(owner.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ photoId, size: JPEG.length, contentType: 'image/jpeg' });
    const { photos } = ServicePhotosResponseSchema.parse(
      (await list(owner.id, owner.headers)).json(),
    );
    expect(photos).toHaveLength(1);
    expect(await storedSpecification(owner.id)).toMatchObject({ imagesCount: 1 });
  });

  it('imagesCount follows the photos recorded, not the number a caller sends', async () => {
    const owner = await createService(t, CONNECT_PR);
    await uploadPhoto(owner);
    // Asked for but never uploaded: not a photo of the service.
    await uploadUrl(owner, randomUUID());
    await uploadPhoto(owner);
    expect(await storedSpecification(owner.id)).toMatchObject({ imagesCount: 2 });

    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/common/utils/situation-specification',
      headers: owner.headers,
      payload: { serviceId: owner.id, hasComment: true, imagesCount: 7 },
    });
    expect(patched.statusCode).toBe(200);
    expect(
      SituationSpecificationResponseSchema.parse(patched.json()).situationSpecification,
    ).toMatchObject({ hasComment: true, imagesCount: 2 });

    // A later photo keeps the comment flag.
    await uploadPhoto(owner);
    expect(await storedSpecification(owner.id)).toMatchObject({
      hasComment: true,
      imagesCount: 3,
    });
  });

  it('a photo is recorded only once its bytes are stored, and then is not replaced', async () => {
    const owner = await createService(t, CONNECT_PR);
    const photoId = randomUUID();
    const upload = await uploadUrl(owner, photoId);
    const early = expectError(await record(owner, photoId), 409);
    expect(early.code).toBe('CONFLICT');
    expect(await storedSpecification(owner.id)).toBeNull();
    expectError(await record(owner, randomUUID()), 404);

    expect((await put(upload)).statusCode).toBe(204);
    expect((await record(owner, photoId)).statusCode).toBe(200);
    const other = Buffer.from('\xff\xd8 other bytes \xff\xd9', 'latin1');
    expect(expectError(await askUploadUrl(owner, { photoId, size: other.length }), 409).code).toBe(
      'CONFLICT',
    );
    expectError(await put(upload), 409);
    expect(await readFile(join(dir, 'services', owner.id, `${photoId}.jpeg`))).toEqual(JPEG);
  });

  it('a photo id started as one content type is not signed for another', async () => {
    const owner = await createService(t, CONNECT_PR);
    const photoId = randomUUID();
    await uploadUrl(owner, photoId);
    const res = await askUploadUrl(owner, { photoId, contentType: 'image/png' });
    expect(expectError(res, 409).code).toBe('CONFLICT');
    expect(await uploadRows(owner.id)).toHaveLength(1);
  });

  it('a Void or Cancelled service gets no photo', async () => {
    const owner = await createService(t, CONNECT_PR);
    const photoId = randomUUID();
    const upload = await uploadUrl(owner, photoId);
    expect((await put(upload)).statusCode).toBe(204);
    await setServiceStatus(t, owner.id, 'Void');
    expect(expectError(await record(owner, photoId), 409).code).toBe('CONFLICT');
    expect(ServicePhotosResponseSchema.parse((await list(owner.id, owner.headers)).json())).toEqual(
      { photos: [] },
    );
  });
});

describe('signed upload URLs: one object of one service, one type, one size, for a while', () => {
  it('another service’s token or no token is refused, and nothing is written', async () => {
    const other = await createService(t, CONNECT_PR);
    const before = await uploadRows(service.id);
    const photoId = randomUUID();
    const wrong = expectError(await askUploadUrl(service, { photoId }, other.headers), 403);
    expect(wrong.code).toBe('FORBIDDEN');
    const { authorization: _omitted, ...appKeyOnly } = service.headers;
    expect(expectError(await askUploadUrl(service, { photoId }, appKeyOnly), 401).code).toBe(
      'UNAUTHORIZED',
    );
    expect(await uploadRows(service.id)).toHaveLength(before.length);

    const upload = await uploadUrl(service, photoId);
    expect((await put(upload)).statusCode).toBe(204);
    expect(expectError(await record(service, photoId, other.headers), 403).code).toBe('FORBIDDEN');
    expect(expectError(await record(service, photoId, appKeyOnly), 401).code).toBe('UNAUTHORIZED');
    expect(expectError(await list(service.id, other.headers), 403).code).toBe('FORBIDDEN');
    expect(expectError(await list(service.id, appKeyOnly), 401).code).toBe('UNAUTHORIZED');
    // The other service's own list stays empty: the photo id names nothing there.
    expect(expectError(await record(other, photoId), 404).code).toBe('NOT_FOUND');
  });

  it('the URL writes only its own key: another service’s key, a tampered size or no signature is 403', async () => {
    const other = await createService(t, CONNECT_PR);
    const upload = await uploadUrl(service, randomUUID());
    const signed = new URL(upload.signedUrl);
    const toOtherService = `${signed.pathname.replace(service.id, other.id)}${signed.search}`;
    const biggerSize = pathOf(upload.signedUrl).replace(
      `size=${JPEG.length}`,
      `size=${JPEG.length + 1}`,
    );
    const withoutSize = pathOf(upload.signedUrl).replace(`&size=${JPEG.length}`, '');
    for (const [name, url] of Object.entries({
      toOtherService,
      biggerSize,
      withoutSize,
      unsigned: signed.pathname,
    })) {
      const res = await t.app.inject({
        method: 'PUT',
        url,
        headers: upload.headers,
        payload: JPEG,
      });
      expect(res.statusCode, name).toBe(403);
      expect(ApiErrorSchema.safeParse(res.json()).success, name).toBe(true);
    }
  });

  it('expires: a PUT URL past its expiry is refused with 403', async () => {
    const photoId = randomUUID();
    const upload = await uploadUrl(service, photoId);
    const signed = new URL(upload.signedUrl);
    const expires = Number(signed.searchParams.get('expires'));
    // Valid for STORAGE_URL_EXPIRES_SECONDS (900 s) from now.
    expect(expires * 1000 - Date.now()).toBeGreaterThan(890_000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(900_000);
    const key = signed.pathname.slice('/storage/objects/'.length);
    const past = Math.floor(Date.now() / 1000) - 1;
    const signature = signLocalObject(SECRET, 'PUT', key, past, 'image/jpeg', JPEG.length);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${signed.pathname}?expires=${past}&size=${JPEG.length}&signature=${signature}`,
      headers: upload.headers,
      payload: JPEG,
    });
    expect(expectError(res, 403).message).toBe('This link has expired');
  });

  it('an oversize file or another content type is refused with 4xx', async () => {
    const photoId = randomUUID();
    const oversize = expectError(
      await askUploadUrl(service, { photoId, size: MAX_BYTES + 1 }),
      413,
    );
    expect(oversize).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'body.size' });
    const html = expectError(
      await askUploadUrl(service, { photoId, contentType: 'text/html' }),
      400,
    );
    expect(html.field).toBe('body.contentType');
    expect(expectError(await askUploadUrl(service, { photoId: 'photo-1' }), 400).field).toBe(
      'body.photoId',
    );

    const upload = await uploadUrl(service, photoId);
    // More or fewer bytes than signed for: refused (a cut-off upload is not a photo).
    const longer = Buffer.concat([JPEG, Buffer.from('!')]);
    expect(expectError(await put(upload, longer), 400).field).toBe('body');
    expect(expectError(await put(upload, JPEG.subarray(1)), 400).field).toBe('body');
    // Another content type than signed for: the signature does not match.
    expectError(await put(upload, JPEG, { 'content-type': 'image/png' }), 403);
    // Beyond the store's limit: refused before the body is read.
    expectError(await put(upload, Buffer.alloc(MAX_BYTES + 1, 1)), 413);
    expect((await put(upload)).statusCode).toBe(204);
  });
});

describe('the operator reads a service’s photos', () => {
  const operator = { authorization: `Bearer ${OPERATOR_KEY}` };
  const operatorUrl = (serviceId: string) => `/common/api/v1/operator/services/${serviceId}/photos`;

  it('with the operator key: the photos, signed; without it 401; an unknown service 404', async () => {
    const owner = await createService(t, CONNECT_PR);
    const first = await uploadPhoto(owner);
    const second = await uploadPhoto(owner);
    const res = await t.app.inject({
      method: 'GET',
      url: operatorUrl(owner.id),
      headers: operator,
    });
    expect(res.statusCode).toBe(200);
    const { photos } = ServicePhotosResponseSchema.parse(res.json());
    expect(photos.map((p) => p.photoId)).toEqual([first.photoId, second.photoId]);
    const shown = await t.app.inject({ method: 'GET', url: pathOf(photos[1]?.signedUrl ?? '') });
    expect(shown.rawPayload).toEqual(JPEG);

    for (const headers of [{}, owner.headers, { 'x-api-key': t.config.appKey }]) {
      const refused = await t.app.inject({ method: 'GET', url: operatorUrl(owner.id), headers });
      expect(expectError(refused, 401).code).toBe('UNAUTHORIZED');
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: operatorUrl('no-such-service-0001'),
      headers: operator,
    });
    expect(expectError(unknown, 404).code).toBe('NOT_FOUND');
  });
});

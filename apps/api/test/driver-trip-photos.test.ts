import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ApiErrorSchema,
  GenerateUploadUrlResponseSchema,
  ServicePhotoSchema,
  ServicePhotosResponseSchema,
  type GenerateUploadUrlResponse,
} from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { drivers, services, uploads } from '../src/db/schema.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import {
  driverCall,
  driverState,
  requestAtSituation,
  resetFleet,
  signInFleet,
  tickAt,
  type FleetDriver,
} from './support/dispatch-fleet.ts';
import type { CreatedService } from './support/journey-service.ts';
import { firstPrAccount } from './support/service-request-payload.ts';

// The driver's optional photos of the trip (docs/decisions/761): upload URL, PUT, record, list, as
// the phone does it; only on the driver's own trip under way; never among the customer's accident
// photos nor in their imagesCount.

const JPEG = Buffer.from('\xff\xd8\xff\xe0 JPEG bytes of a towed car \xff\xd9', 'latin1');

let t: TestApp;
let dir: string;
let accountId: string;
let fleet: FleetDriver[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'auxilio-driver-photos-test-'));
  t = await createTestApp({
    config: {
      driverSimulator: false,
      dispatchEngine: false,
      storage: { ...testConfig().storage, driver: 'local', dir, maxUploadBytes: 2048 },
    },
  });
  accountId = await firstPrAccount(t.db);
  fleet = await signInFleet(t);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetFleet(t, fleet);
});

function fleetDriver(index: number): FleetDriver {
  const driver = fleet[index];
  if (!driver) throw new Error('fleet');
  return driver;
}

/** The nearest driver, alone online, takes a new request. */
async function onATrip(): Promise<{ driver: FleetDriver; service: CreatedService }> {
  const driver = fleetDriver(0);
  for (const other of fleet.slice(1)) {
    await t.db.db.update(drivers).set({ online: false }).where(eq(drivers.id, other.id));
  }
  const service = await requestAtSituation(t, accountId);
  await tickAt(t);
  const offer = (await driverState(t, driver)).offer;
  const accepted = await driverCall(t, driver, 'POST', `/offers/${offer?.id ?? ''}/accept`);
  expect(accepted.statusCode).toBe(200);
  return { driver, service };
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

const askUploadUrl = (driver: FleetDriver, serviceId: string, photoId: string) =>
  driverCall(t, driver, 'POST', `/services/${serviceId}/photos/upload-url`, {
    photoId,
    contentType: 'image/jpeg',
    size: JPEG.length,
  });

const record = (driver: FleetDriver, serviceId: string, photoId: string) =>
  driverCall(t, driver, 'POST', `/services/${serviceId}/photos`, { photoId });

function put(upload: GenerateUploadUrlResponse) {
  return t.app.inject({
    method: 'PUT',
    url: pathOf(upload.signedUrl),
    headers: upload.headers,
    payload: JPEG,
  });
}

/** Upload URL, PUT, record: the recorded photo. */
async function takePhoto(driver: FleetDriver, serviceId: string, photoId = randomUUID()) {
  const asked = await askUploadUrl(driver, serviceId, photoId);
  expect(asked.statusCode, asked.body).toBe(200);
  expect((await put(GenerateUploadUrlResponseSchema.parse(asked.json()))).statusCode).toBe(204);
  const recorded = await record(driver, serviceId, photoId);
  expect(recorded.statusCode, recorded.body).toBe(200);
  return ServicePhotoSchema.parse(recorded.json());
}

async function driverPhotos(driver: FleetDriver, serviceId: string) {
  const res = await driverCall(t, driver, 'GET', `/services/${serviceId}/photos`);
  expect(res.statusCode, res.body).toBe(200);
  return ServicePhotosResponseSchema.parse(res.json()).photos;
}

async function customerPhotos(service: CreatedService) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/common/api/v1/services/${service.id}/photos`,
    headers: service.headers,
  });
  expect(res.statusCode).toBe(200);
  return ServicePhotosResponseSchema.parse(res.json()).photos;
}

async function imagesCountOf(serviceId: string) {
  const [row] = await t.db.db
    .select({ spec: services.situationSpecification })
    .from(services)
    .where(eq(services.id, serviceId));
  return row?.spec?.['imagesCount'];
}

function expectError(res: { statusCode: number; json: () => unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  return ApiErrorSchema.parse(res.json());
}

describe("the driver's photos of the trip", () => {
  it('go from upload URL to the store, are recorded and listed with a signed URL', async () => {
    const { driver, service } = await onATrip();
    const photoId = randomUUID();
    const photo = await takePhoto(driver, service.id, photoId);
    expect(photo).toMatchObject({ photoId, contentType: 'image/jpeg', size: JPEG.length });

    const listed = await driverPhotos(driver, service.id);
    expect(listed.map((p) => p.photoId)).toEqual([photoId]);
    const shown = await t.app.inject({ method: 'GET', url: pathOf(listed[0]?.signedUrl ?? '') });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(JPEG)).toBe(true);
    const [row] = await t.db.db.select().from(uploads).where(eq(uploads.photoId, photoId));
    expect(row?.takenBy).toBe('driver');
  });

  it('are recorded once: the same photo id answers the same photo', async () => {
    const { driver, service } = await onATrip();
    const photo = await takePhoto(driver, service.id);
    const again = await record(driver, service.id, photo.photoId);
    expect(again.statusCode).toBe(200);
    expect(ServicePhotoSchema.parse(again.json())).toMatchObject({
      photoId: photo.photoId,
      recordedAt: photo.recordedAt,
    });
    expect(await driverPhotos(driver, service.id)).toHaveLength(1);
  });

  it('are not recorded before their bytes arrive (409)', async () => {
    const { driver, service } = await onATrip();
    const photoId = randomUUID();
    expect((await askUploadUrl(driver, service.id, photoId)).statusCode).toBe(200);
    expect(expectError(await record(driver, service.id, photoId), 409).code).toBe('CONFLICT');
    expect(await driverPhotos(driver, service.id)).toEqual([]);
  });

  it("are neither among the customer's photos nor in imagesCount", async () => {
    const { driver, service } = await onATrip();
    const before = await imagesCountOf(service.id);
    const photo = await takePhoto(driver, service.id);
    expect(await customerPhotos(service)).toEqual([]);
    expect(await imagesCountOf(service.id)).toBe(before);
    // The customer cannot claim the driver's photo id either.
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/common/api/v1/services/${service.id}/photos`,
      headers: service.headers,
      payload: { photoId: photo.photoId },
    });
    expect(claimed.statusCode).toBe(404);
    const signed = await t.app.inject({
      method: 'POST',
      url: '/storage/generate-upload-url',
      headers: service.headers,
      payload: {
        serviceId: service.id,
        photoId: photo.photoId,
        contentType: 'image/jpeg',
        size: JPEG.length,
      },
    });
    expect(signed.statusCode).toBe(409);
  });

  it('are refused to another driver, on no trip, and once the trip is over', async () => {
    const { driver, service } = await onATrip();
    const other = fleetDriver(1);
    expect(expectError(await askUploadUrl(other, service.id, randomUUID()), 403).code).toBe(
      'FORBIDDEN',
    );
    expectError(await driverCall(t, other, 'GET', `/services/${service.id}/photos`), 403);
    expectError(await askUploadUrl(driver, 'no-such-service', randomUUID()), 404);

    const finished = await driverCall(t, driver, 'POST', `/services/${service.id}/trip-status`, {
      status: 'FINISHED',
    });
    expect(finished.statusCode).toBe(200);
    expectError(await askUploadUrl(driver, service.id, randomUUID()), 409);
  });

  it('sent just before the trip finished are still recorded', async () => {
    const { driver, service } = await onATrip();
    const photoId = randomUUID();
    const asked = await askUploadUrl(driver, service.id, photoId);
    expect((await put(GenerateUploadUrlResponseSchema.parse(asked.json()))).statusCode).toBe(204);
    await driverCall(t, driver, 'POST', `/services/${service.id}/trip-status`, {
      status: 'FINISHED',
    });
    expect((await record(driver, service.id, photoId)).statusCode).toBe(200);
    expect((await driverPhotos(driver, service.id)).map((p) => p.photoId)).toEqual([photoId]);
  });
});

import type { GenerateUploadUrlResponse, ServicePhoto } from '@auxilio/domain';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api-client.ts';
import {
  MAX_UPLOAD_FAILURES,
  PhotoUploadFailedError,
  PutPhotoError,
  retryDelayMs,
  uploadPhoto,
  type PhotoUploadSteps,
  type UploadProgress,
} from './upload-photo.ts';

// Decision 660: one photo's way (upload URL, PUT, record) on a weak signal: the progress it tells,
// the waits between tries, and that every try is keyed by the same photo id.

const PHOTO_ID = '0b5f2a1e-6c4d-4e8f-9a7b-3c2d1e0f9a8b';
const NOW = Date.parse('2026-11-28T15:00:00Z');
const BLOB = new Blob([new Uint8Array(1200)], { type: 'image/jpeg' });

type Outcome = 'ok' | Error;

/** Steps whose outcomes are scripted per call; every call is recorded in order. */
function scriptedSteps(script: { sign?: Outcome[]; put?: Outcome[]; record?: Outcome[] }) {
  const calls: string[] = [];
  const signedFor: string[] = [];
  const waits: number[] = [];
  let urls = 0;
  const next = (list: Outcome[] | undefined): Outcome => list?.shift() ?? 'ok';
  const steps: PhotoUploadSteps = {
    requestUploadUrl: (input) => {
      calls.push('sign');
      signedFor.push(input.photoId);
      const outcome = next(script.sign);
      if (outcome !== 'ok') return Promise.reject(outcome);
      urls += 1;
      return Promise.resolve({
        signedUrl: `https://app.test/storage/objects/services/svc-1/${input.photoId}.jpeg?u=${urls}`,
        method: 'PUT',
        headers: { 'content-type': input.contentType },
        url: `https://app.test/storage/objects/services/svc-1/${input.photoId}.jpeg`,
        expiresAt: new Date(NOW + 900_000).toISOString(),
      } satisfies GenerateUploadUrlResponse);
    },
    putBytes: (upload, blob, onProgress) => {
      calls.push(`put ${new URL(upload.signedUrl).searchParams.get('u') ?? ''}`);
      expect(blob).toBe(BLOB);
      onProgress(0.5);
      const outcome = next(script.put);
      if (outcome !== 'ok') return Promise.reject(outcome);
      onProgress(1);
      return Promise.resolve();
    },
    recordPhoto: (photoId) => {
      calls.push('record');
      signedFor.push(photoId);
      const outcome = next(script.record);
      if (outcome !== 'ok') return Promise.reject(outcome);
      return Promise.resolve({
        photoId,
        contentType: 'image/jpeg',
        size: BLOB.size,
        recordedAt: new Date(NOW).toISOString(),
        signedUrl: `/storage/objects/services/svc-1/${photoId}.jpeg?signature=x`,
        expiresAt: new Date(NOW + 900_000).toISOString(),
      } satisfies ServicePhoto);
    },
    wait: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    now: () => NOW,
  };
  return { steps, calls, signedFor, waits };
}

async function run(script: Parameters<typeof scriptedSteps>[0]) {
  const scripted = scriptedSteps(script);
  const progress: UploadProgress[] = [];
  const outcome = await uploadPhoto(
    { photoId: PHOTO_ID, blob: BLOB, contentType: 'image/jpeg' },
    scripted.steps,
    (p) => progress.push(p),
  ).then(
    (photo) => ({ photo, error: undefined }),
    (error: unknown) => ({ photo: undefined, error }),
  );
  return { ...scripted, progress, ...outcome };
}

const offline = () => new PutPhotoError(0);
const noAnswer = () => new ApiRequestError(0, 'NETWORK', 'no answer within 5000 ms');

describe('uploadPhoto', () => {
  it('asks for the URL, PUTs with progress, records: the photo the service holds', async () => {
    const { calls, progress, photo, signedFor } = await run({});
    expect(calls).toEqual(['sign', 'put 1', 'record']);
    expect(progress).toEqual([
      { phase: 'uploading', fraction: 0 },
      { phase: 'uploading', fraction: 0.5 },
      { phase: 'uploading', fraction: 1 },
      { phase: 'uploading', fraction: 1 },
    ]);
    expect(photo?.photoId).toBe(PHOTO_ID);
    expect(signedFor).toEqual([PHOTO_ID, PHOTO_ID]);
  });

  it('a PUT cut by the signal is sent again to the same URL after a wait, and recorded once', async () => {
    const { calls, waits, progress, photo } = await run({ put: [offline(), offline()] });
    expect(calls).toEqual(['sign', 'put 1', 'put 1', 'put 1', 'record']);
    expect(waits).toEqual([1000, 2000]);
    expect(progress).toContainEqual({ phase: 'waiting', failures: 1, delayMs: 1000 });
    expect(progress).toContainEqual({ phase: 'waiting', failures: 2, delayMs: 2000 });
    expect(photo?.photoId).toBe(PHOTO_ID);
  });

  it('every try names the same photo id, so the server keeps one object and one record', async () => {
    const { signedFor } = await run({
      sign: [noAnswer()],
      put: [new PutPhotoError(403)],
      record: [noAnswer()],
    });
    expect(signedFor.length).toBeGreaterThan(3);
    expect(new Set(signedFor)).toEqual(new Set([PHOTO_ID]));
  });

  it('an expired or refused URL (403) is asked for again before the next PUT', async () => {
    const { calls } = await run({ put: [new PutPhotoError(403)] });
    expect(calls).toEqual(['sign', 'put 1', 'sign', 'put 2', 'record']);
  });

  it('a record whose answer was lost is asked again, without a second PUT', async () => {
    const { calls, waits } = await run({
      record: [noAnswer(), new ApiRequestError(503, 'UNAVAILABLE', 'x')],
    });
    expect(calls).toEqual(['sign', 'put 1', 'record', 'record', 'record']);
    expect(waits).toEqual([1000, 2000]);
  });

  it('bytes the server does not have (record 409 without a PUT in that try) are PUT again', async () => {
    const { calls } = await run({
      sign: [new ApiRequestError(409, 'CONFLICT', 'recorded?')],
      record: [new ApiRequestError(409, 'CONFLICT', 'not arrived')],
    });
    expect(calls).toEqual(['sign', 'record', 'sign', 'put 1', 'record']);
  });

  it('a photo recorded by an earlier try (409 to the URL or the PUT) is recorded, not sent again', async () => {
    expect((await run({ put: [new PutPhotoError(409)] })).calls).toEqual([
      'sign',
      'put 1',
      'record',
    ]);
    expect((await run({ sign: [new ApiRequestError(409, 'CONFLICT', 'recorded')] })).calls).toEqual(
      ['sign', 'record'],
    );
  });

  it(`stops after ${MAX_UPLOAD_FAILURES} failures in a row, as a failure a later retry may fix`, async () => {
    const { error, waits } = await run({ put: Array.from({ length: 20 }, offline) });
    expect(error).toBeInstanceOf(PhotoUploadFailedError);
    expect((error as PhotoUploadFailedError).retryable).toBe(true);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('a photo the server refuses (too large, cancelled service) stops at once, not retryable', async () => {
    for (const refusal of [
      new ApiRequestError(413, 'PAYLOAD_TOO_LARGE', 'too large'),
      new PutPhotoError(400),
    ]) {
      const { error, waits } = await run(
        refusal instanceof PutPhotoError ? { put: [refusal] } : { sign: [refusal] },
      );
      expect((error as PhotoUploadFailedError).retryable).toBe(false);
      expect(waits).toEqual([]);
    }
    // Refused right after its bytes were stored: the service was cancelled meanwhile.
    const cancelled = await run({ record: [new ApiRequestError(409, 'CONFLICT', 'Void')] });
    expect(cancelled.calls).toEqual(['sign', 'put 1', 'record']);
    expect((cancelled.error as PhotoUploadFailedError).retryable).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [5, 16_000],
    [6, 30_000],
    [10, 30_000],
  ])('after %i failures waits %i ms', (failures, ms) => {
    expect(retryDelayMs(failures)).toBe(ms);
  });
});

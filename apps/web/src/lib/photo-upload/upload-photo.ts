import type {
  GenerateUploadUrlResponse,
  PhotoId,
  ServicePhoto,
  UploadContentType,
} from '@auxilio/domain';
import { ApiRequestError } from '../api-client.ts';

// One photo from the phone to its service (decisions 660, 761): ask for the
// signed URL of the photo id, PUT the bytes there, record the photo on the service. On a weak
// signal each step is tried again after a growing wait; every step is keyed by the photo id, so a
// retry never makes a second object or a second photo, whatever step the signal dropped in.

/** Failures in a row after which the phone stops trying by itself and offers a retry button. */
export const MAX_UPLOAD_FAILURES = 8;

/** Wait before the next try after `failures` failures: 1, 2, 4, 8, 16 s, then 30 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/** A PUT to the signed URL that did not store the bytes: no answer (status 0) or an HTTP status. */
export class PutPhotoError extends Error {
  override readonly name = 'PutPhotoError';
  constructor(readonly status: number) {
    super(status === 0 ? 'The upload did not reach the server' : `The upload answered ${status}`);
  }
}

/** The photo could not be uploaded: `retryable` when a later try may still work (the signal). */
export class PhotoUploadFailedError extends Error {
  override readonly name = 'PhotoUploadFailedError';
  constructor(
    readonly retryable: boolean,
    options: { cause: unknown },
  ) {
    super('The photo could not be uploaded', options);
  }
}

/** The network calls of one upload; the real ones are in ../api, tests give their own. */
export interface PhotoUploadSteps {
  /** The upload URL of this photo id (the customer's storage call, or the driver app's). */
  requestUploadUrl(input: {
    photoId: PhotoId;
    contentType: UploadContentType;
    size: number;
  }): Promise<GenerateUploadUrlResponse>;
  /** PUTs the bytes to the signed URL, telling the fraction sent; rejects with PutPhotoError. */
  putBytes(
    upload: GenerateUploadUrlResponse,
    blob: Blob,
    onProgress: (fraction: number) => void,
  ): Promise<void>;
  /** Records the photo on the service (the customer's photos, or the driver's). */
  recordPhoto(photoId: PhotoId): Promise<ServicePhoto>;
  /** Waits `ms` (or less, when the connection comes back). */
  wait(ms: number): Promise<void>;
  now(): number;
}

export type UploadProgress =
  | { phase: 'uploading'; fraction: number }
  | { phase: 'waiting'; failures: number; delayMs: number };

/** A signed URL this close to its end is asked for again rather than used. */
const URL_MARGIN_MS = 30_000;

type Next = 'again' | 'resign' | 'record' | 'reupload' | 'stop';

/**
 * What to do after a step failed. `justPut`: the bytes were PUT in this same try, so a refusal to
 * record them is not "not arrived yet" but final (the service was cancelled).
 */
function nextAfter(error: unknown, step: 'sign' | 'put' | 'record', justPut: boolean): Next {
  if (error instanceof PutPhotoError) {
    if (error.status === 0 || error.status >= 500 || error.status === 408) return 'again';
    // The URL expired or was refused: a fresh one for the same photo id.
    if (error.status === 403) return 'resign';
    // Already recorded (the answer of an earlier try was lost): record it again.
    if (error.status === 409) return 'record';
    return 'stop';
  }
  if (error instanceof ApiRequestError) {
    if (error.code === 'NETWORK' || error.status >= 500) return 'again';
    if (error.status === 408 || error.status === 429) return 'again';
    // Recorded already (an earlier try got through) or, when recording, the bytes are not there.
    if (error.status === 409) {
      if (step === 'sign') return 'record';
      return justPut ? 'stop' : 'reupload';
    }
    return 'stop';
  }
  return 'stop';
}

/**
 * Uploads one prepared photo and records it on the service; resolves to the recorded photo. Rejects
 * with PhotoUploadFailedError after MAX_UPLOAD_FAILURES failures in a row, or at once when the
 * server refuses the photo for good (too large, wrong type, service cancelled).
 */
export async function uploadPhoto(
  photo: { photoId: PhotoId; blob: Blob; contentType: UploadContentType },
  steps: PhotoUploadSteps,
  onProgress: (progress: UploadProgress) => void,
): Promise<ServicePhoto> {
  let upload: GenerateUploadUrlResponse | undefined;
  let stored = false;
  let recordTried = false;
  let failures = 0;
  for (;;) {
    let step: 'sign' | 'put' | 'record' = 'sign';
    let justPut = false;
    try {
      if (!stored) {
        if (!upload || Date.parse(upload.expiresAt) - steps.now() < URL_MARGIN_MS) {
          step = 'sign';
          upload = await steps.requestUploadUrl({
            photoId: photo.photoId,
            contentType: photo.contentType,
            size: photo.blob.size,
          });
        }
        step = 'put';
        onProgress({ phase: 'uploading', fraction: 0 });
        await steps.putBytes(upload, photo.blob, (fraction) => {
          onProgress({ phase: 'uploading', fraction });
        });
        stored = true;
        justPut = true;
      }
      step = 'record';
      recordTried = true;
      const recorded = await steps.recordPhoto(photo.photoId);
      onProgress({ phase: 'uploading', fraction: 1 });
      return recorded;
    } catch (error) {
      let next = nextAfter(error, step, justPut);
      // A refusal to sign that recording does not explain either is final.
      if (next === 'record' && step === 'sign' && recordTried) next = 'stop';
      if (next === 'stop') throw new PhotoUploadFailedError(false, { cause: error });
      if (next === 'record') {
        stored = true;
        continue;
      }
      if (next === 'resign') upload = undefined;
      if (next === 'reupload') stored = false;
      failures += 1;
      if (failures >= MAX_UPLOAD_FAILURES) {
        throw new PhotoUploadFailedError(true, { cause: error });
      }
      const delayMs = retryDelayMs(failures);
      onProgress({ phase: 'waiting', failures, delayMs });
      await steps.wait(delayMs);
    }
  }
}

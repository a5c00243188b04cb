import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ServicePhoto, ServicePhotosResponse } from '@auxilio/domain';
import { preparePhoto, type PreparedPhoto } from './prepare-photo.ts';
import { putPhoto } from './put-photo.ts';
import {
  PhotoUploadFailedError,
  uploadPhoto,
  type PhotoUploadSteps,
  type UploadProgress,
} from './upload-photo.ts';

// Photos taken on the phone on their way to their service (decisions 660, 761): each one prepared
// (JPEG, quality 30), uploaded with its progress, tried again on a weak signal, and handed to
// `onRecorded` once recorded. Photos still on their way live only in the screen that took them.

export type LocalPhotoStatus =
  'queued' | 'preparing' | 'uploading' | 'waiting' | 'uploaded' | 'failed';

export interface LocalPhoto {
  /** The photo id made on this phone: its object key and its idempotency key. */
  photoId: string;
  /** Object URL of the picture on this phone, until the screen is left. */
  previewUrl: string;
  status: LocalPhotoStatus;
  /** Fraction of the bytes sent, 0..1. */
  fraction: number;
  /** While `waiting`: the next try is in this many milliseconds. */
  retryInMs: number;
  /** When `failed`: whether trying again may work (the signal) or not (the photo is refused). */
  retryable: boolean;
}

/** The calls that differ between who takes the photos: where to ask the URL, where to record. */
export type PhotoServiceCalls = Pick<PhotoUploadSteps, 'requestUploadUrl' | 'recordPhoto'>;

/** Resolves after `ms`, or as soon as the phone is back online. */
export function waitForRetry(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/**
 * The photos being sent with `calls` (null while there is no service to send them to). `logTag`
 * names the screen in the console warnings.
 */
export function usePhotoUploadQueue(
  calls: PhotoServiceCalls | null,
  onRecorded: (photo: ServicePhoto) => void,
  logTag: string,
) {
  const [photos, setPhotos] = useState<LocalPhoto[]>([]);
  const prepared = useRef(new Map<string, PreparedPhoto>());
  // One photo after the other: on a weak signal, one photo that arrives beats two half-sent ones.
  const queue = useRef<Promise<void>>(Promise.resolve());

  // Previews hold pictures in memory: released when the screen is left (and on removal).
  const photosRef = useRef<LocalPhoto[]>([]);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);
  useEffect(
    () => () => {
      for (const photo of photosRef.current) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  const update = useCallback((photoId: string, patch: Partial<LocalPhoto>) => {
    setPhotos((current) => current.map((p) => (p.photoId === photoId ? { ...p, ...patch } : p)));
  }, []);

  const steps = useMemo<PhotoUploadSteps | null>(() => {
    if (!calls) return null;
    return {
      requestUploadUrl: calls.requestUploadUrl,
      putBytes: (upload, blob, onProgress) => putPhoto(upload, blob, onProgress),
      recordPhoto: calls.recordPhoto,
      wait: waitForRetry,
      now: () => Date.now(),
    };
  }, [calls]);

  const send = useCallback(
    async (photoId: string, photo: PreparedPhoto) => {
      if (!steps) return;
      const onProgress = (progress: UploadProgress) => {
        update(
          photoId,
          progress.phase === 'uploading'
            ? { status: 'uploading', fraction: progress.fraction }
            : { status: 'waiting', fraction: 0, retryInMs: progress.delayMs },
        );
      };
      try {
        const recorded = await uploadPhoto({ photoId, ...photo }, steps, onProgress);
        onRecorded(recorded);
        update(photoId, { status: 'uploaded', fraction: 1 });
      } catch (error) {
        console.warn(`[${logTag}] photo upload failed`, error);
        update(photoId, {
          status: 'failed',
          retryable: error instanceof PhotoUploadFailedError && error.retryable,
        });
      }
    },
    [logTag, onRecorded, steps, update],
  );

  const addFiles = useCallback(
    (files: File[]) => {
      const added = files.map((file) => ({
        file,
        photo: {
          photoId: crypto.randomUUID(),
          previewUrl: URL.createObjectURL(file),
          status: 'queued',
          fraction: 0,
          retryInMs: 0,
          retryable: true,
        } satisfies LocalPhoto,
      }));
      setPhotos((current) => [...current, ...added.map((a) => a.photo)]);
      for (const { file, photo } of added) {
        queue.current = queue.current.then(async () => {
          update(photo.photoId, { status: 'preparing' });
          let ready: PreparedPhoto;
          try {
            ready = await preparePhoto(file);
          } catch (error) {
            console.warn(`[${logTag}] photo not readable`, error);
            update(photo.photoId, { status: 'failed', retryable: false });
            return;
          }
          prepared.current.set(photo.photoId, ready);
          await send(photo.photoId, ready);
        });
      }
    },
    [logTag, send, update],
  );

  const retry = useCallback(
    (photoId: string) => {
      const ready = prepared.current.get(photoId);
      if (!ready) return;
      // In line with the others: on a weak signal one photo goes at a time.
      update(photoId, { status: 'queued', fraction: 0 });
      queue.current = queue.current.then(() => send(photoId, ready));
    },
    [send, update],
  );

  const remove = useCallback((photoId: string) => {
    prepared.current.delete(photoId);
    setPhotos((current) => {
      const photo = current.find((p) => p.photoId === photoId);
      if (photo) URL.revokeObjectURL(photo.previewUrl);
      return current.filter((p) => p.photoId !== photoId);
    });
  }, []);

  return { photos, addFiles, retry, remove };
}

/** A photo list with `photo` in it once, oldest first. */
export function withPhoto(
  list: ServicePhotosResponse | undefined,
  photo: ServicePhoto,
): ServicePhotosResponse {
  const photos = (list?.photos ?? []).filter((p) => p.photoId !== photo.photoId);
  photos.push(photo);
  photos.sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
  return { photos };
}

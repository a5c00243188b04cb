import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServicePhoto, ServicePhotosResponse } from '@auxilio/domain';
import { useApi, useStorageApi } from '../../../lib/use-api.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { generateUploadUrl } from '../api/generate-upload-url.ts';
import { servicePhotoKeys } from '../api/get-service-photos.ts';
import { putPhoto } from '../api/put-photo.ts';
import { recordServicePhoto } from '../api/record-service-photo.ts';
import { preparePhoto, type PreparedPhoto } from '../utils/prepare-photo.ts';
import {
  PhotoUploadFailedError,
  uploadPhoto,
  type PhotoUploadSteps,
  type UploadProgress,
} from '../utils/upload-photo.ts';

// The photos taken on /tracking/coninspection on their way to the service (decision 660): each one
// prepared (JPEG, quality 30), uploaded with its progress, tried again on a weak signal, and added
// to the service's photo list once recorded. Photos still on their way live only in this screen.

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

/** Adds a recorded photo to the service's cached list (once, oldest first). */
function withPhoto(
  list: ServicePhotosResponse | undefined,
  photo: ServicePhoto,
): ServicePhotosResponse {
  const photos = (list?.photos ?? []).filter((p) => p.photoId !== photo.photoId);
  photos.push(photo);
  photos.sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
  return { photos };
}

export function usePhotoUploads() {
  const api = useApi();
  const storageApi = useStorageApi();
  const queryClient = useQueryClient();
  const serviceId = useSessionStore((state) => state.session.serviceId);
  const token = useSessionStore((state) => state.session.token);
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
    if (!serviceId) return null;
    return {
      requestUploadUrl: (input) => generateUploadUrl(storageApi, token, { serviceId, ...input }),
      putBytes: (upload, blob, onProgress) => putPhoto(upload, blob, onProgress),
      recordPhoto: (photoId) => recordServicePhoto(api, serviceId, token, photoId),
      wait: waitForRetry,
      now: () => Date.now(),
    };
  }, [api, storageApi, serviceId, token]);

  const send = useCallback(
    async (photoId: string, photo: PreparedPhoto) => {
      if (!steps || !serviceId) return;
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
        queryClient.setQueryData<ServicePhotosResponse>(servicePhotoKeys.list(serviceId), (list) =>
          withPhoto(list, recorded),
        );
        update(photoId, { status: 'uploaded', fraction: 1 });
      } catch (error) {
        console.warn('[inspection] photo upload failed', error);
        update(photoId, {
          status: 'failed',
          retryable: error instanceof PhotoUploadFailedError && error.retryable,
        });
      }
    },
    [queryClient, serviceId, steps, update],
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
            console.warn('[inspection] photo not readable', error);
            update(photo.photoId, { status: 'failed', retryable: false });
            return;
          }
          prepared.current.set(photo.photoId, ready);
          await send(photo.photoId, ready);
        });
      }
    },
    [send, update],
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

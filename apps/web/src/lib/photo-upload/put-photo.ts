import type { GenerateUploadUrlResponse } from '@auxilio/domain';
import { PutPhotoError } from './upload-photo.ts';

/** No byte sent for this long: the signal is gone, the upload is dropped and tried again. */
export const UPLOAD_STALL_MS = 20_000;

/**
 * PUTs the photo's bytes to its signed URL (decision 660) with XMLHttpRequest, the one browser API
 * that tells how much of a request body has been sent (fetch does not). Rejects with PutPhotoError:
 * status 0 when the request failed or stalled for UPLOAD_STALL_MS, else the HTTP status.
 */
export function putPhoto(
  upload: GenerateUploadUrlResponse,
  blob: Blob,
  onProgress: (fraction: number) => void,
  stallMs: number = UPLOAD_STALL_MS,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        xhr.abort();
      }, stallMs);
    };
    const fail = (status: number) => {
      clearTimeout(stall);
      reject(new PutPhotoError(status));
    };
    xhr.open(upload.method, upload.signedUrl);
    for (const [name, value] of Object.entries(upload.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      watch();
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      clearTimeout(stall);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        fail(xhr.status);
      }
    };
    xhr.onerror = () => {
      fail(0);
    };
    xhr.onabort = () => {
      fail(0);
    };
    xhr.ontimeout = () => {
      fail(0);
    };
    watch();
    xhr.send(blob);
  });
}

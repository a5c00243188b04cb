import { imageExtensionFromMime, type PhotoId, type UploadContentType } from '@auxilio/domain';

// ARCHITECTURE decision 7, "file uploads" row: an object store behind one interface; the embedded
// default is the local disk with HMAC-signed URLs, the production adapter S3-compatible presigned
// URLs (decisions 403-404).

export interface SignedUrl {
  url: string;
  expiresAt: Date;
}

export interface ObjectStore {
  readonly driver: 'local' | 's3';
  /** The object's own (unsigned) URL, handed out after an upload; `origin` is the API's. */
  objectUrl(key: string, origin: string): string;
  /** The key named by one of this store's object URLs; undefined for any other URL. */
  keyOf(url: URL, origin: string): string | undefined;
  /** A URL that reads the object until it expires. */
  signDownload(key: string, origin: string, now: Date): Promise<SignedUrl>;
  /** A URL that PUTs exactly `size` bytes of that content type as the object, until it expires. */
  signUpload(
    key: string,
    contentType: UploadContentType,
    size: number,
    origin: string,
    now: Date,
  ): Promise<SignedUrl>;
  /**
   * Bytes stored under the key, or undefined when nothing is (decision 660: a photo is recorded on
   * its service only once its bytes are there).
   */
  storedSize(key: string, now: Date): Promise<number | undefined>;
}

export type S3ObjectStore = ObjectStore & { readonly driver: 's3' };

/**
 * Object keys: `services/<service id>/<photo id>.<extension>`, the photo id a random UUID the phone
 * made (decision 660). The uuid makes a key unguessable; the pattern keeps keys free of `..`, slashes
 * elsewhere and odd characters (they become file names).
 */
export const OBJECT_KEY_PATTERN =
  /^services\/[A-Za-z0-9_-]{8,64}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,5}$/;

/**
 * The key of one photo of a service. SPEC 5 "Image extension from type: png, jpg, jpeg, mp4,
 * otherwise the part after the slash".
 */
export function photoObjectKey(
  serviceId: string,
  photoId: PhotoId,
  contentType: UploadContentType,
): string {
  return `services/${serviceId}/${photoId}.${imageExtensionFromMime(contentType).extension}`;
}

/** The end of a URL's validity, whole seconds after `now`. */
export function expiryOf(now: Date, seconds: number): Date {
  return new Date((Math.floor(now.getTime() / 1000) + seconds) * 1000);
}

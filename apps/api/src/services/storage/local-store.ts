import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { expiryOf, OBJECT_KEY_PATTERN, type ObjectStore } from './object-store.ts';

// The embedded object store (ARCHITECTURE decision 7): files under one folder, read and written
// through the API at /storage/objects/<key> with an HMAC-SHA256 signature and an expiry in the query
// (decision 403). Nothing else is served from the folder.

export const LOCAL_OBJECTS_PATH = '/storage/objects/';

export type SignedMethod = 'GET' | 'PUT';

/**
 * base64url HMAC-SHA256 over method, key, expiry (unix seconds) and, for PUT, the content type and
 * the size in bytes the upload must have (decision 660).
 */
export function signLocalObject(
  secret: string,
  method: SignedMethod,
  key: string,
  expires: number,
  contentType = '',
  size?: number | string,
): string {
  const sized = size === undefined ? '' : `\n${String(size)}`;
  return createHmac('sha256', secret)
    .update(`${method}\n${key}\n${expires}\n${contentType}${sized}`)
    .digest('base64url');
}

export type LocalVerdict = 'valid' | 'expired' | 'bad-signature';

export interface LocalObjectStore extends ObjectStore {
  readonly driver: 'local';
  /**
   * Checks a request's signature and expiry (the signature first: an expired forgery is forged). A
   * PUT URL carries the size it was signed for in `size`; the caller checks the body against it.
   */
  verify(
    method: SignedMethod,
    key: string,
    query: { expires?: string; signature?: string; size?: string },
    contentType: string,
    now: Date,
  ): LocalVerdict;
  read(key: string): Promise<Buffer | undefined>;
  write(key: string, bytes: Buffer): Promise<void>;
}

export function createLocalObjectStore(options: {
  dir: string;
  secret: string;
  expiresSeconds: number;
}): LocalObjectStore {
  const root = resolve(options.dir);
  const pathOf = (key: string): string => {
    const path = resolve(root, ...key.split('/'));
    // Keys are checked by OBJECT_KEY_PATTERN; this keeps the folder closed even if that changed.
    if (!OBJECT_KEY_PATTERN.test(key) || !path.startsWith(root + sep)) {
      throw new Error(`not an object key: ${key}`);
    }
    return path;
  };
  const signed = (
    method: SignedMethod,
    key: string,
    origin: string,
    now: Date,
    upload?: { contentType: string; size: number },
  ) => {
    const expiresAt = expiryOf(now, options.expiresSeconds);
    const expires = expiresAt.getTime() / 1000;
    const signature = signLocalObject(
      options.secret,
      method,
      key,
      expires,
      upload?.contentType,
      upload?.size,
    );
    const sized = upload ? `&size=${upload.size}` : '';
    const url = `${origin}${LOCAL_OBJECTS_PATH}${key}?expires=${expires}${sized}&signature=${signature}`;
    return Promise.resolve({ url, expiresAt });
  };
  return {
    driver: 'local',
    objectUrl: (key, origin) => `${origin}${LOCAL_OBJECTS_PATH}${key}`,
    keyOf: (url, origin) => {
      if (url.origin !== origin || !url.pathname.startsWith(LOCAL_OBJECTS_PATH)) return undefined;
      const key = url.pathname.slice(LOCAL_OBJECTS_PATH.length);
      return OBJECT_KEY_PATTERN.test(key) ? key : undefined;
    },
    signDownload: (key, origin, now) => signed('GET', key, origin, now),
    signUpload: (key, contentType, size, origin, now) =>
      signed('PUT', key, origin, now, { contentType, size }),
    storedSize: async (key) => {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    verify: (method, key, query, contentType, now) => {
      const expires = Number(query.expires);
      if (!query.signature || !Number.isSafeInteger(expires)) return 'bad-signature';
      const expected = Buffer.from(
        method === 'PUT'
          ? signLocalObject(options.secret, method, key, expires, contentType, query.size)
          : signLocalObject(options.secret, method, key, expires),
      );
      const given = Buffer.from(query.signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return 'bad-signature';
      }
      return expires * 1000 <= now.getTime() ? 'expired' : 'valid';
    },
    read: async (key) => {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    write: async (key, bytes) => {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const partial = join(dirname(path), `.${process.pid}.${Date.now()}.partial`);
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
  };
}

import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

// A browser's side of Web Push, written from the RFCs (independent of the `web-push` package under
// test): a P-256 key pair and a 16-byte auth secret as PushManager.subscribe makes them, RFC 8291
// decryption of an aes128gcm body (RFC 8188), and the check of an RFC 8292 VAPID Authorization.

export interface PushSubscriber {
  /** `PushSubscription.toJSON()` of this subscriber at `endpoint`. */
  subscription(endpoint: string): {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  };
  /** The plaintext of an `aes128gcm` push message body. */
  decrypt(body: Buffer): string;
}

function hmac(key: Buffer, ...data: Buffer[]): Buffer {
  const mac = createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
}

/** HKDF (RFC 5869) with SHA-256 for one block of output, cut to `length` bytes. */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = hmac(salt, ikm);
  return hmac(prk, info, Buffer.from([1])).subarray(0, length);
}

export function createPushSubscriber(): PushSubscriber {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: (endpoint) => ({
      endpoint,
      keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    }),
    decrypt(body) {
      // RFC 8188 section 2.1 header: salt(16) | rs(4) | idlen(1) | keyid (the server's public key).
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      if (record.length > recordSize) throw new Error('more than one record: not expected here');
      // RFC 8291 section 3.3 and 3.4.
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
      const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
      const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // RFC 8188 section 2: the last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('missing last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

export interface VapidAuthorization {
  /** `k`: the server's public key, base64url. */
  publicKey: string;
  claims: JWTPayload;
}

/**
 * Parses `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292 section 3) and verifies the JWT's ES256
 * signature with `k` and its audience; throws otherwise.
 */
export async function verifyVapidAuthorization(
  header: string | undefined,
  audience: string,
): Promise<VapidAuthorization> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${String(header)}`);
  const raw = Buffer.from(match[2], 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(match[1], key, { audience, algorithms: ['ES256'] });
  return { publicKey: match[2], claims: payload };
}

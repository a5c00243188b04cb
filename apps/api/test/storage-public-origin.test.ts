import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ApiErrorSchema,
  GenerateDownloadUrlResponseSchema,
  GenerateUploadUrlResponseSchema,
} from '@auxilio/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import { createService, type CreatedService } from './support/journey-service.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';

// Decision 504: the local store's signed URLs are handed to the browser, which then PUTs the
// customer's photos there, so their origin is configuration (PUBLIC_ORIGIN), never the request's
// Host or X-Forwarded-Host, which anyone can write.

const PUBLIC_ORIGIN = 'https://asistencia.auxilio.example';
const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
};

let dir: string;
let t: TestApp;
let service: CreatedService;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'auxilio-origin-test-'));
  const storage = { ...testConfig().storage, driver: 'local' as const, dir };
  // Behind a proxy (X-Forwarded-* trusted), with the public origin configured.
  t = await createTestApp({ config: { storage, trustProxy: true, publicOrigin: PUBLIC_ORIGIN } });
  service = await createService(t, CONNECT_PR);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

function uploadUrl(app: FastifyInstance, headers: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/storage/generate-upload-url',
    headers: { ...service.headers, ...headers },
    payload: { serviceId: service.id, photoId: randomUUID(), contentType: 'image/jpeg', size: 4 },
  });
}

function downloadUrl(app: FastifyInstance, url: string, headers: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/storage/generate-download-url',
    headers: { 'x-api-key': t.config.appKey, ...headers },
    payload: { url },
  });
}

describe('signed URLs of the local store are on the configured public origin', () => {
  it('a forged Host or X-Forwarded-Host does not move the upload or download URL', async () => {
    const res = await uploadUrl(t.app, FORGED);
    expect(res.statusCode).toBe(200);
    const upload = GenerateUploadUrlResponseSchema.parse(res.json());
    expect(new URL(upload.signedUrl).origin).toBe(PUBLIC_ORIGIN);
    expect(new URL(upload.url).origin).toBe(PUBLIC_ORIGIN);

    const download = await downloadUrl(t.app, upload.url, FORGED);
    expect(download.statusCode).toBe(200);
    const { signedUrl } = GenerateDownloadUrlResponseSchema.parse(download.json());
    expect(new URL(signedUrl).origin).toBe(PUBLIC_ORIGIN);

    // An object URL on the forged host is not an object of this store, whatever the Host says.
    const path = new URL(upload.url).pathname;
    const forged = await downloadUrl(t.app, `http://evil.example${path}`, FORGED);
    expect(forged.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(forged.json()).field).toBe('body.url');
  });

  it("without PUBLIC_ORIGIN (development) they are on the server's own loopback origin", async () => {
    const app = await buildApp({
      config: { ...t.config, publicOrigin: undefined },
      db: t.db,
      logger: false,
    });
    await app.ready();
    try {
      const res = await uploadUrl(app, FORGED);
      expect(res.statusCode).toBe(200);
      const upload = GenerateUploadUrlResponseSchema.parse(res.json());
      const own = `http://localhost:${String(t.config.port)}`;
      expect(new URL(upload.signedUrl).origin).toBe(own);
      expect(new URL(upload.url).origin).toBe(own);
    } finally {
      await app.close();
    }
  });
});

import { ApiErrorSchema } from '@auxilio/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { IN_MEMORY_DATA_DIR, openDatabase } from '../src/db/client.ts';
import { media } from '../src/db/schema.ts';
import { AppError } from '../src/lib/errors.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';

// The platform: health, one error handler with no internals on 5xx, OpenAPI at /docs, request ids.

const SECRET = 'password=hunter2 at /srv/internal/db.ts:42';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    setup: (app) => {
      // Test-only routes: an unexpected failure and an expected one.
      app.get('/test/boom', () => {
        throw new Error(SECRET);
      });
      app.get('/test/conflict', () => {
        throw new AppError('CONFLICT', 'Service already exists with another body');
      });
      app
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/test/echo',
          { schema: { body: z.object({ client: z.object({ phone: z.string().min(7) }) }) } },
          (request) => request.body,
        );
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('GET /health and GET /ready (decision 495)', () => {
  it('both answer ok with the database kind while everything is up', async () => {
    const database = t.config.databaseUrl ? 'postgres' : 'pglite';
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database });
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database });
  });

  it('with the database down: /health still 200, /ready 503 UNAVAILABLE with Retry-After', async () => {
    const config = testConfig();
    const closed = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: IN_MEMORY_DATA_DIR },
    );
    await closed.close();
    const app = await buildApp({ config, db: closed, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      const res = await app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'UNAVAILABLE' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});

describe('error handler', () => {
  it('answers 500 without internals; the message carries only the request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/test/boom',
      headers: { 'x-request-id': 'trace-500-abc' },
    });
    expect(res.statusCode).toBe(500);
    const body = ApiErrorSchema.parse(res.json());
    expect(body).toEqual({
      code: 'INTERNAL',
      message: 'Internal server error (request trace-500-abc)',
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('/srv/');
  });

  it('answers an AppError with its code and status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: 'Service already exists with another body',
    });
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('BAD_REQUEST');
  });

  it('names the first failing body field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { client: { phone: '1' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'body.client.phone' });
    expect(res.json<{ message: string }>().message).toMatch(/^body\.client\.phone: /);
  });
});

describe('request ids', () => {
  it('echoes a sane incoming x-request-id and replaces a suspicious one', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'evil\nlog line' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('OpenAPI', () => {
  it('documents every endpoint with its zod-generated schemas at /docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { responses: Record<string, unknown>; security?: unknown }>
      >;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/common/services/types/all',
        '/common/accounts/{id}',
        '/common/accounts/salesforce/{id}',
        '/common/accounts/campaigns/{name}',
        '/common/api/v2/accounts/{id}/integrations',
        '/health',
        '/app-config.json',
        '/manifest.webmanifest',
        '/brands/{slug}/{asset}',
      ]),
    );
    // Plumbing stays out of the document.
    expect(Object.keys(doc.paths)).not.toContain('/*');
    expect(doc.components.securitySchemes).toHaveProperty('appKey');

    const account = doc.paths['/common/accounts/{id}']?.get;
    expect(account?.security).toEqual([{ appKey: [] }]);
    const ok = JSON.stringify(account?.responses['200']);
    // The Account schema of packages/domain, generated from zod.
    for (const field of ['_id', 'salesforce', 'serviceFees', 'pwaRoadServicesAllowed']) {
      expect(ok).toContain(field);
    }
    expect(JSON.stringify(account?.responses['404'])).toContain('NOT_FOUND');
    expect(
      JSON.stringify(doc.paths['/common/services/types/all']?.get?.responses['200']),
    ).toContain('towCollision');
  });

  it('serves the interactive documentation at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('GET /common/media/:file', () => {
  it('serves a generated picture from the media table, publicly (for <img>)', async () => {
    const [row] = await t.db.db.select().from(media).limit(1);
    if (!row) throw new Error('the demo seed stored no media');
    const res = await t.app.inject({ method: 'GET', url: `/common/media/${row.id}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toBe(row.body);
  });

  it('answers 404 for an unknown picture and 400 for a bad name', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/common/media/nope.svg' });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/common/media/..%2Fsecret' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toBe('params.file');
  });
});

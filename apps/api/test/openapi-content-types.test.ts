import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ApiErrorSchema,
  GenerateDownloadUrlResponseSchema,
  GenerateUploadUrlResponseSchema,
  UPLOAD_CONTENT_TYPES,
} from '@auxilio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBasemapAtlas } from '../src/services/basemap-atlas.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import { createService } from './support/journey-service.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';

// The OpenAPI document at /docs says what the server sends: for the routes that answer other
// than JSON, the content types documented for a 200 are the ones real requests get back, and the
// answers Node gives before any route (a request that is not HTTP, headers too large) are
// documented with the status and body a client really receives.

interface OpenApiResponse {
  description?: string;
  content?: Record<string, unknown>;
}
interface OpenApiDocument {
  info: { description: string };
  paths: Record<string, Record<string, { responses: Record<string, OpenApiResponse> }>>;
}

let t: TestApp;
let dir: string;
let doc: OpenApiDocument;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'auxilio-openapi-content-test-'));
  const defaults = testConfig().storage;
  t = await createTestApp({
    config: { storage: { ...defaults, driver: 'local', dir, maxUploadBytes: 1024 } },
  });
  doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApiDocument>();
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** A content type without its parameters: `application/json; charset=utf-8` → `application/json`. */
function essence(contentType: unknown): string {
  if (typeof contentType !== 'string') return '';
  return contentType.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The media types the document gives for a 200 of `GET path`. */
function documentedTypes(path: string): string[] {
  const ok = doc.paths[path]?.get?.responses['200'];
  return Object.keys(ok?.content ?? {})
    .map(essence)
    .sort();
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe('GET /storage/objects/{*}', () => {
  it('documents the content types stored objects come back with', async () => {
    const service = await createService(t, CONNECT_PR);
    const answered = new Set<string>();
    for (const contentType of UPLOAD_CONTENT_TYPES) {
      const bytes = Buffer.from(`bytes of a ${contentType} file`);
      const upload = GenerateUploadUrlResponseSchema.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: '/storage/generate-upload-url',
            headers: service.headers,
            payload: {
              serviceId: service.id,
              photoId: randomUUID(),
              contentType,
              size: bytes.length,
            },
          })
        ).json(),
      );
      const put = await t.app.inject({
        method: 'PUT',
        url: pathOf(upload.signedUrl),
        headers: upload.headers,
        payload: bytes,
      });
      expect(put.statusCode).toBe(204);
      const { signedUrl } = GenerateDownloadUrlResponseSchema.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: '/storage/generate-download-url',
            headers: { 'x-api-key': t.config.appKey },
            payload: { url: upload.url },
          })
        ).json(),
      );
      const read = await t.app.inject({ method: 'GET', url: pathOf(signedUrl) });
      expect(read.statusCode).toBe(200);
      answered.add(essence(read.headers['content-type']));
    }
    expect(documentedTypes('/storage/objects/{*}')).toEqual([...answered].sort());
  });
});

describe('GET /map/data/{version}/{name}', () => {
  it('documents the content type of every kind of file, and names each file', async () => {
    const { version, files } = await loadBasemapAtlas();
    const answered = new Set<string>();
    const description = doc.paths['/map/data/{version}/{name}']?.get?.responses['200']?.description;
    for (const name of files.keys()) {
      const res = await t.app.inject({ method: 'GET', url: `/map/data/${version}/${name}` });
      expect(res.statusCode, name).toBe(200);
      const type = essence(res.headers['content-type']);
      answered.add(type);
      // The document says which file comes back as which type: on the line that names the file.
      const line = description?.split('\n').find((text) => text.includes(`\`${name}\``));
      expect(line, name).toContain(`\`${type}\``);
    }
    expect(documentedTypes('/map/data/{version}/{name}')).toEqual([...answered].sort());
  });

  it('documents the manifest as JSON, as it is served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/map/basemap.json' });
    expect(documentedTypes('/map/basemap.json')).toEqual([essence(res.headers['content-type'])]);
  });
});

/** What the server wrote back on a raw connection that sent `request`, until it closed. */
async function rawAnswer(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      resolve(answer);
    });
    socket.once('connect', () => {
      socket.write(request);
    });
    socket.setTimeout(5000, () => {
      socket.destroy();
      reject(new Error('no answer within 5 s'));
    });
  });
}

/** The rows `| status | `CODE` | … |` of the document's table of answers given before routing. */
function documentedBeforeRouting(): Map<number, string> {
  const rows = new Map<number, string>();
  for (const match of doc.info.description.matchAll(/^\|\s*(\d{3})\s*\|\s*`(\w+)`\s*\|/gm)) {
    rows.set(Number(match[1]), match[2] ?? '');
  }
  return rows;
}

describe('answers before routing', () => {
  it('headers too large (431) and a request that is not HTTP (400): our body, and documented', async () => {
    const listening = await createTestApp();
    try {
      const baseUrl = await listening.app.listen({ port: 0, host: '127.0.0.1' });
      const port = Number(new URL(baseUrl).port);
      const cases = [
        {
          status: 431,
          request: `GET /health HTTP/1.1\r\nHost: localhost\r\nx-long: ${'a'.repeat(20_000)}\r\n\r\n`,
        },
        { status: 400, request: 'THIS IS NOT HTTP\r\n\r\n' },
      ];
      const documented = documentedBeforeRouting();
      for (const { status, request } of cases) {
        const answer = await rawAnswer(port, request);
        expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
        expect(answer).toMatch(/\r\ncontent-type: application\/json/i);
        const body = ApiErrorSchema.parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
        expect(documented.get(status), `status ${status} documented`).toBe(body.code);
      }
    } finally {
      await listening.close();
    }
  });
});

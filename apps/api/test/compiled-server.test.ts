import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../scripts/build.ts';
import { startApiProcess, type ApiProcess } from './support/api-process.ts';

// Decision 780: production runs the API compiled (`npm run build -w @auxilio/api`, then
// `node dist/server.js`), with no TypeScript loader. The build is made here by the build script's
// own function into a new folder under dist/ (so it finds the API's package, its migrations and its
// npm dependencies as dist/server.js does, and no other run writes there) and run by plain node on
// an embedded database of its own, without the PWA's build.

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
let outDir: string | undefined;
let dataDir: string | undefined;
let api: ApiProcess | undefined;

beforeAll(async () => {
  await mkdir(join(API_ROOT, 'dist'), { recursive: true });
  outDir = await buildApi({ outDir: await mkdtemp(join(API_ROOT, 'dist', 'test-')) });
  dataDir = await mkdtemp(join(tmpdir(), 'auxilio-compiled-'));
  api = await startApiProcess(
    { DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST_DIR: join(dataDir, 'no-web-build') },
    { compiled: join(outDir, 'server.js') },
  );
});
afterAll(async () => {
  await api?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function baseUrl(): string {
  if (!api) throw new Error('the compiled API did not start');
  return api.baseUrl;
}

describe('the compiled API (decision 780)', () => {
  it('starts under plain node and answers /health and /ready as JSON', async () => {
    for (const path of ['/health', '/ready']) {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      const body = await res.text();
      expect(body, path).not.toMatch(/<html/i);
      expect(JSON.parse(body), path).toMatchObject({ database: 'pglite' });
    }
  });

  it('reads the brands from their package, which is not bundled', async () => {
    const res = await fetch(`${baseUrl()}/brands/connect/logo.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toContain('<svg');
  });
});

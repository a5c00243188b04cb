import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

// Decision 710: the build writes Brotli and gzip copies of its text files, and only where they
// help. The whole real build is checked over HTTP in e2e/specs/compression.spec.ts.

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'auxilio-precompress-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function put(path: string, body: string | Buffer): Buffer {
  const file = join(dir, path);
  mkdirSync(join(file, '..'), { recursive: true });
  const bytes = Buffer.from(body);
  writeFileSync(file, bytes);
  return bytes;
}

const text = (lines: number) =>
  Array.from(
    { length: lines },
    (_, i) => `export const line${i} = "${'texto '.repeat(4)}";\n`,
  ).join('');

describe('precompressDirectory', () => {
  it('writes .br and .gz copies of text files from 1 KiB, in every folder, that decode to the file', async () => {
    const files = {
      'assets/index-3f2a.js': put('assets/index-3f2a.js', text(100)),
      'assets/maplibre-worker-3f2a.mjs': put('assets/maplibre-worker-3f2a.mjs', text(80)),
      'assets/index-3f2a.css': put('assets/index-3f2a.css', `.a{color:red}\n`.repeat(200)),
      'locales/es/common.json': put('locales/es/common.json', JSON.stringify({ k: text(40) })),
      'offline.html': put('offline.html', `<p>${text(40)}</p>`),
      'icon.svg': put('icon.svg', `<svg>${'<path d="M0 0h1v1z"/>'.repeat(80)}</svg>`),
    };
    const written = await precompressDirectory(dir);
    expect(written.map((file) => file.file).sort()).toEqual(Object.keys(files).sort());
    for (const [path, original] of Object.entries(files)) {
      const br = readFileSync(join(dir, `${path}.br`));
      const gz = readFileSync(join(dir, `${path}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(original.length);
      const result = written.find((file) => file.file === path);
      expect(result).toEqual({
        file: path,
        bytes: original.length,
        brotliBytes: br.length,
        gzipBytes: gz.length,
      });
    }
  });

  it('leaves alone small files, fonts and images, and data that does not shrink', async () => {
    put('locales/es/tiny.json', '{"ok":"sí"}');
    put('assets/inter-latin-3f2a.woff2', text(100));
    put('assets/photo-3f2a.png', text(100));
    put('assets/noise-3f2a.js', randomBytes(4096));
    expect(await precompressDirectory(dir)).toEqual([]);
    for (const path of [
      'locales/es/tiny.json',
      'assets/inter-latin-3f2a.woff2',
      'assets/photo-3f2a.png',
      'assets/noise-3f2a.js',
    ]) {
      expect(existsSync(join(dir, `${path}.br`)), path).toBe(false);
      expect(existsSync(join(dir, `${path}.gz`)), path).toBe(false);
    }
  });

  it('never compresses its own copies again when run twice', async () => {
    put('assets/index-3f2a.js', text(100));
    await precompressDirectory(dir);
    await precompressDirectory(dir);
    expect(existsSync(join(dir, 'assets/index-3f2a.js.br.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets/index-3f2a.js.gz.gz'))).toBe(false);
  });
});

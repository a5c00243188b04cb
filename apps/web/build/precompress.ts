import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// Build-time compression (docs/decisions/710): a Brotli (`.br`) and a gzip (`.gz`) copy beside
// every text file of the build, at the strongest settings, once; the API sends the copy the phone
// accepts (@fastify/static `preCompressed`) instead of compressing on every request.

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text files worth compressing. Fonts (woff2) and images are compressed formats already. */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.webmanifest',
  '.txt',
]);

/** Files under this size are left alone: they fit in a packet or two either way. */
export const MIN_COMPRESSED_FILE_BYTES = 1024;

/** One file of the build and the sizes of what was written beside it. */
export interface PrecompressedFile {
  /** Path from the build directory, with `/` separators ('assets/index-3f2a.js'). */
  file: string;
  bytes: number;
  /** Size of `<file>.br`; undefined when not written (compression did not make it smaller). */
  brotliBytes: number | undefined;
  /** Size of `<file>.gz`; undefined when not written. */
  gzipBytes: number | undefined;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** True for a file of the build that gets `.br` and `.gz` copies. */
export function isCompressible(path: string, bytes: number): boolean {
  return (
    COMPRESSIBLE_EXTENSIONS.has(extname(path).toLowerCase()) && bytes >= MIN_COMPRESSED_FILE_BYTES
  );
}

/** Writes `compressed` to `path` when it is smaller than the original; returns its size if so. */
async function writeIfSmaller(
  path: string,
  compressed: Buffer,
  originalBytes: number,
): Promise<number | undefined> {
  if (compressed.length >= originalBytes) return undefined;
  await writeFile(path, compressed);
  return compressed.length;
}

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible
 * file under `dir` of at least MIN_COMPRESSED_FILE_BYTES; a copy that would not be smaller is not
 * written. Returns the files that got at least one copy.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressedFile[]> {
  const files = await listFiles(dir);
  const results = await Promise.all(
    files.map(async (path): Promise<PrecompressedFile | undefined> => {
      const body = await readFile(path);
      if (!isCompressible(path, body.length)) return undefined;
      const [brotliBody, gzipBody] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const [brotliBytes, gzipBytes] = await Promise.all([
        writeIfSmaller(`${path}.br`, brotliBody, body.length),
        writeIfSmaller(`${path}.gz`, gzipBody, body.length),
      ]);
      if (brotliBytes === undefined && gzipBytes === undefined) return undefined;
      return {
        file: relative(dir, path).split(sep).join('/'),
        bytes: body.length,
        brotliBytes,
        gzipBytes,
      };
    }),
  );
  return results.filter((result) => result !== undefined);
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/**
 * The Vite plugin: runs once the whole build is written, after the service worker is generated
 * (vite-plugin-pwa writes sw.js in its own closeBundle), so sw.js gets copies too and the worker's
 * precache list, made from the files present then, never names a `.br` or `.gz`.
 */
export function precompress(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => undefined;
  return {
    name: 'auxilio:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (message) => {
        config.logger.info(message);
      };
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error) return;
        const written = await precompressDirectory(outDir);
        const sum = (pick: (file: PrecompressedFile) => number | undefined) =>
          written.reduce((total, file) => total + (pick(file) ?? file.bytes), 0);
        log(
          `precompress: ${written.length} files, ${kib(sum((file) => file.bytes))} -> ` +
            `br ${kib(sum((file) => file.brotliBytes))}, gz ${kib(sum((file) => file.gzipBytes))}`,
        );
      },
    },
  };
}

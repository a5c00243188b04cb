// `npm run build -w @auxilio/api`: the API compiled for production (docs/decisions/780). The server,
// the dispatch worker and the database reset become one ES module each in dist/, run by plain
// `node`: the project's own TypeScript (apps/api/src and the workspace packages, which publish their
// sources) is bundled in; every npm dependency stays an import, installed by `npm ci --omit=dev`.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Imports of npm packages (and Node's own modules) stay imports; the workspace's are bundled. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@auxilio/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * An ES module has no `require`; bundled CommonJS code would call it, so each bundle defines one
 * first (under a name of its own: modules that make their own `require` keep theirs).
 */
const REQUIRE_BANNER =
  "import { createRequire as __auxilioCreateRequire } from 'node:module';\n" +
  'const require = __auxilioCreateRequire(import.meta.url);';

/**
 * Builds dist/server.js, dist/worker.js and dist/db-reset.js (with source maps) into `outDir`. The
 * folder is written over, not emptied first: benchmarks and tests keep builds of their own in it.
 */
export async function buildApi({ outDir = join(API_ROOT, 'dist') } = {}): Promise<string> {
  await build({
    absWorkingDir: API_ROOT,
    entryPoints: {
      server: 'src/server.ts',
      worker: 'src/worker.ts',
      'db-reset': 'scripts/db-reset.ts',
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    banner: { js: REQUIRE_BANNER },
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
  });
  return outDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = await buildApi();
  console.log(`API built into ${outDir}`);
}

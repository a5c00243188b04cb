import { readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE "Map code is lazy-loaded": what screens import from lib/map must not reach Leaflet
// through static imports (the bundle budget of /services); the lazily loaded view does (decision 700).

const HERE = import.meta.dirname;
const STATIC_IMPORT =
  /^\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
const MAP_LIBRARY = /^(?:leaflet|maplibre-gl|react-map-gl)(?:\/|$)/;

function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(STATIC_IMPORT)].map((m) => m[1] ?? m[2] ?? '');
}

/** Every module reached from `entry` by static imports (local files followed, packages listed). */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const spec of staticImports(file)) {
      if (spec.startsWith('.')) {
        // Stylesheets are followed by the bundler, not read here.
        if (!spec.endsWith('.css')) visit(resolve(dirname(file), spec));
      } else packages.add(spec);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('lib/map/index.ts', () => {
  it('reaches no map library by static import', () => {
    const { packages, files } = staticGraph(join(HERE, 'index.ts'));
    expect([...packages].filter((p) => MAP_LIBRARY.test(p))).toEqual([]);
    expect([...files].map((f) => basename(f))).not.toContain('map-view.tsx');
  });

  it('the lazily loaded view is what reaches Leaflet, as an ES module, and nothing reaches MapLibre', () => {
    const { packages } = staticGraph(join(HERE, 'components/map-view.tsx'));
    expect(packages).toContain('leaflet/dist/leaflet-src.esm.js');
    expect([...packages].filter((p) => /maplibre|react-map-gl/.test(p))).toEqual([]);
  });
});

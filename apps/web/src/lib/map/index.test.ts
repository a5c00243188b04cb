import { readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE "Map code is lazy-loaded": what screens import from lib/map must not reach
// maplibre-gl or react-map-gl through static imports (the bundle budget of /services).

const HERE = import.meta.dirname;
const STATIC_IMPORT =
  /^\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

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
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
      else packages.add(spec);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('lib/map/index.ts', () => {
  it('reaches no map library by static import', () => {
    const { packages, files } = staticGraph(join(HERE, 'index.ts'));
    const mapPackages = [...packages].filter((p) => /maplibre|react-map-gl/.test(p));
    expect(mapPackages).toEqual([]);
    expect([...files].map((f) => basename(f))).not.toContain('map-view.tsx');
  });

  it('the lazily loaded view is the module that does import MapLibre', () => {
    const { packages } = staticGraph(join(HERE, 'components/map-view.tsx'));
    expect(packages).toContain('react-map-gl/maplibre');
  });
});

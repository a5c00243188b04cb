import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../src/app/routes/route-table.tsx';
import { readRouteTable, routePreloads, type RouteEntry } from './route-preloads.ts';

// The preloads the server announces per address (decision 720) come from the route table itself.
// The real build's, as a browser uses them, in e2e/specs/route-preloads.spec.ts.

const TABLE_SOURCE = readFileSync(
  join(import.meta.dirname, '../src/app/routes/route-table.tsx'),
  'utf8',
);

describe('readRouteTable', () => {
  it('reads every route of the table, in its order, with its module and texts', () => {
    const routes = readRouteTable(TABLE_SOURCE);
    expect(routes.map((route) => route.path)).toEqual(ROUTE_TABLE.map((route) => route.path));
    for (const route of ROUTE_TABLE) {
      const read = routes.find((entry) => entry.path === route.path);
      expect(read?.namespaces, route.path).toEqual([...(route.namespaces ?? [])]);
    }
    expect(routes.find((route) => route.path === '/services')?.module).toBe('services.tsx');
    expect(routes.find((route) => route.path === '/sign-in')?.module).toBe('sign-in.tsx');
  });

  it('fails the build on a route it cannot read', () => {
    const source = `${TABLE_SOURCE}\n  { path: '/new', load: lazyScreen('new') },\n`;
    expect(() => readRouteTable(source)).toThrow(/cannot read the route/);
  });
});

function chunk(fileName: string, fields: Partial<Rollup.OutputChunk>): Rollup.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    imports: [],
    isEntry: false,
    facadeModuleId: null,
    ...fields,
  } as Rollup.OutputChunk;
}

describe('routePreloads', () => {
  const bundle = {
    'assets/index.js': chunk('assets/index.js', {
      isEntry: true,
      imports: ['assets/vendor.js'],
    }),
    'assets/vendor.js': chunk('assets/vendor.js', {}),
    'assets/tracking.js': chunk('assets/tracking.js', {
      facadeModuleId: '/repo/apps/web/src/app/routes/tracking.tsx',
      imports: ['assets/vendor.js', 'assets/polling.js'],
      viteMetadata: { importedCss: new Set(['assets/tracking.css']), importedAssets: new Set() },
    }),
    'assets/polling.js': chunk('assets/polling.js', {}),
  } as unknown as Rollup.OutputBundle;
  const tracking: RouteEntry = {
    path: '/tracking',
    module: 'tracking.tsx',
    namespaces: ['tracking'],
  };

  it("lists the screen's code beyond the app's own, its styles and its texts of this build", () => {
    const [preload] = routePreloads([tracking], bundle, 'b1');
    expect(preload).toEqual({
      path: '/tracking',
      pattern: expect.any(String) as string,
      flags: 'i',
      modules: ['/assets/tracking.js', '/assets/polling.js'],
      styles: ['/assets/tracking.css'],
      texts: ['/locales/es/tracking.json?v=b1'],
    });
    const pattern = new RegExp(preload?.pattern ?? '', preload?.flags);
    expect(pattern.test('/tracking')).toBe(true);
    expect(pattern.test('/tracking/loading')).toBe(false);
  });

  it('fails the build when a screen has no chunk', () => {
    const gone: RouteEntry = { path: '/gone', module: 'gone.tsx', namespaces: [] };
    expect(() => routePreloads([gone], bundle, 'b1')).toThrow(/no chunk for the screen/);
  });
});

import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { firstScreenGroup, staticImportsOf, VENDOR_GROUP } from './chunk-groups.ts';

// A small module graph standing in for the build's: the entry, the first screen and another screen.
const GRAPH: Record<string, string[]> = {
  '/app/src/main.tsx': ['/app/src/session.ts', '/app/node_modules/react/index.js'],
  '/app/src/routes/services.tsx': ['/app/src/services-screen.tsx', '/app/src/session.ts'],
  '/app/src/services-screen.tsx': ['/app/src/rules.ts', '/app/node_modules/react/index.js'],
  '/app/src/rules.ts': [],
  '/app/src/session.ts': [],
  '/app/src/routes/tracking.tsx': ['/app/src/rules.ts', '/app/src/tracking-only.ts'],
  '/app/src/tracking-only.ts': [],
  '/app/node_modules/react/index.js': [],
};

const ctx = {
  getModuleInfo: (id: string) => (id in GRAPH ? { importedIds: GRAPH[id] } : null),
} as unknown as Rolldown.ChunkingContext;

describe('chunk groups (decision 720)', () => {
  it('walks static imports', () => {
    expect([...staticImportsOf('/app/src/routes/services.tsx', ctx)].sort()).toEqual([
      '/app/node_modules/react/index.js',
      '/app/src/routes/services.tsx',
      '/app/src/rules.ts',
      '/app/src/services-screen.tsx',
      '/app/src/session.ts',
    ]);
  });

  it("puts the first screen's own imports together, not the entry's, the libraries or the screen", () => {
    const group = firstScreenGroup('/app/src/routes/services.tsx', '/app/src/main.tsx');
    const name = group.name as Rolldown.CodeSplittingNameFunction;
    const groupOf = (id: string) => name(id, ctx) ?? null;
    expect(groupOf('/app/src/services-screen.tsx')).toBe('first-screen');
    expect(groupOf('/app/src/rules.ts')).toBe('first-screen');
    expect(groupOf('/app/src/session.ts')).toBeNull();
    expect(groupOf('/app/node_modules/react/index.js')).toBeNull();
    expect(groupOf('/app/src/routes/services.tsx')).toBeNull();
    expect(groupOf('/app/src/tracking-only.ts')).toBeNull();
  });

  it('takes the libraries every screen needs, and leaves the rest to their screens', () => {
    const test = VENDOR_GROUP.test as RegExp;
    for (const library of ['react-dom', 'wouter', 'i18next', '@tanstack', 'zustand', 'zod'])
      expect(test.test(`/app/node_modules/${library}/index.js`), library).toBe(true);
    for (const library of ['leaflet', 'libphonenumber-js', '@sentry', '@stripe', 'workbox-window'])
      expect(test.test(`/app/node_modules/${library}/index.js`), library).toBe(false);
  });
});

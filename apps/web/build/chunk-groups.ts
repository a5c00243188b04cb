import { resolve } from 'node:path';
import type { Rolldown } from 'vite';

// How the build groups modules into files (decision 720). Screens are split by route (route-table.tsx
// loads each lazily); two groups then cut the number of files the first screen waits for, since
// each file is compressed on its own and carries its own imports and exports:
// - `vendor`: the libraries the entry imports statically (React, router, i18n, query and state,
//   zod). Every screen needs all of them before it renders, so one file loses nothing and
//   compresses better than five.
// - `first-screen`: the /services screen (where a customer starts a request) with everything it
//   imports statically. Left to the default splitting, its shared code came in some twenty small
//   files of a few hundred bytes each, cut by which other screens use each module.

type CodeSplittingGroup = Rolldown.CodeSplittingGroup;
type ChunkingContext = Rolldown.ChunkingContext;

/** The screen module most visits start on (SPEC 2: entry and home lead to /services). */
export const FIRST_SCREEN_MODULE = resolve(import.meta.dirname, '../src/app/routes/services.tsx');
/** The app's entry module (index.html loads it). */
export const ENTRY_MODULE = resolve(import.meta.dirname, '../src/main.tsx');

export const VENDOR_GROUP: CodeSplittingGroup = {
  name: 'vendor',
  test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|i18next[^\\/]*|react-i18next|html-parse-stringify|void-elements|@tanstack|zustand|use-sync-external-store|zod)[\\/]/,
  // Before `first-screen`, which would otherwise take the libraries the screen imports.
  priority: 2,
};

/** A module and every module it imports statically, by module id. */
export function staticImportsOf(moduleId: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const pending = [moduleId];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The `first-screen` group: modules the first screen imports statically, other than the entry's own
 * (the entry chunk) and libraries (`vendor`). The screen module itself stays its own small chunk, so
 * the route table still finds it by name.
 */
export function firstScreenGroup(
  screenModule = FIRST_SCREEN_MODULE,
  entryModule = ENTRY_MODULE,
): CodeSplittingGroup {
  // One walk of the import graph per chunking pass (the context is the pass's own).
  const walks = new WeakMap<ChunkingContext, { screen: Set<string>; entry: Set<string> }>();
  return {
    name: (moduleId, ctx) => {
      let graph = walks.get(ctx);
      if (!graph) {
        graph = {
          screen: staticImportsOf(screenModule, ctx),
          entry: staticImportsOf(entryModule, ctx),
        };
        walks.set(ctx, graph);
      }
      if (moduleId === screenModule || graph.entry.has(moduleId)) return null;
      if (/[\\/]node_modules[\\/]/.test(moduleId)) return null;
      return graph.screen.has(moduleId) ? 'first-screen' : null;
    },
    priority: 1,
  };
}

export const CHUNK_GROUPS: CodeSplittingGroup[] = [VENDOR_GROUP, firstScreenGroup()];

import { readFileSync } from 'node:fs';
import { parse } from 'regexparam';
import type { Plugin, Rollup } from 'vite';
import { localeFileUrl } from '../src/lib/locale-files.ts';

// What each screen's first paint needs besides the app itself (its code, its styles, its texts),
// written for the server (apps/api/src/services/web-shell.ts), which announces it in the page it
// sends for that address: on a weak signal the screen then arrives in the same round as the app
// instead of one round after it (docs/decisions/720). Read from the route table itself, so the
// table stays the one place a screen is declared.

/** The file the server reads: one entry per screen, in the route table's order (first match wins). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface RoutePreload {
  /** The route table's pattern, for readers. */
  path: string;
  /** The pattern as a regular expression (regexparam, as the router matches it). */
  pattern: string;
  flags: string;
  /** Scripts the screen's module loads before it runs, beyond the app's own (`/assets/...`). */
  modules: string[];
  styles: string[];
  /** Its texts, in the build's default language (the server swaps the language, as for the app's). */
  texts: string[];
}

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export interface RouteEntry {
  path: string;
  /** The screen's module, relative to src/app/routes (`services.tsx`). */
  module: string;
  namespaces: string[];
}

const ROUTE_LINE = /\{\s*path:\s*'([^']+)'.*?import\('\.\/([\w-]+\.tsx)'\)(.*)$/;
const NAMESPACES = /namespaces:\s*\[([^\]]*)\]/;

/**
 * The routes of route-table.tsx (one route per line there). Throws when a line that declares a
 * route cannot be read, so a new way of writing a route fails the build instead of losing its
 * preloads.
 */
export function readRouteTable(source: string): RouteEntry[] {
  const declared = source.split('\n').filter((line) => /^\s*\{\s*path:/.test(line));
  return declared.map((line) => {
    const match = ROUTE_LINE.exec(line);
    if (!match?.[1] || !match[2])
      throw new Error(`route-preloads: cannot read the route '${line.trim()}'`);
    const namespaces = NAMESPACES.exec(match[3] ?? '')?.[1] ?? '';
    return {
      path: match[1],
      module: match[2],
      namespaces: [...namespaces.matchAll(/'([\w-]+)'/g)].map((found) => found[1] ?? ''),
    };
  });
}

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
}

/** A chunk's file and those it imports statically, recursively. */
function staticClosure(
  bundle: OutputBundle,
  fileName: string,
  into = new Set<string>(),
): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk')
    for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  return into;
}

function importedCss(chunk: OutputChunk): string[] {
  return [...(chunk.viteMetadata?.importedCss ?? [])];
}

/** The preloads of every route whose screen is a chunk of `bundle`. */
export function routePreloads(
  routes: readonly RouteEntry[],
  bundle: OutputBundle,
  buildId: string,
): RoutePreload[] {
  const chunks = chunksOf(bundle);
  const entryFiles = new Set<string>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry))
    staticClosure(bundle, entry.fileName, entryFiles);
  return routes
    .filter((route) => route.path !== '*')
    .map((route) => {
      const screen = chunks.find((chunk) =>
        chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/src/app/routes/${route.module}`),
      );
      if (!screen)
        throw new Error(
          `route-preloads: no chunk for the screen of '${route.path}' (${route.module})`,
        );
      const files = [...staticClosure(bundle, screen.fileName)].filter(
        (file) => !entryFiles.has(file),
      );
      const styles = files.flatMap((file) => {
        const chunk = bundle[file];
        return chunk?.type === 'chunk' ? importedCss(chunk) : [];
      });
      const { pattern } = parse(route.path);
      return {
        path: route.path,
        pattern: pattern.source,
        flags: pattern.flags,
        modules: files.map((file) => `/${file}`),
        styles: [...new Set(styles)].map((file) => `/${file}`),
        texts: route.namespaces.map((namespace) => localeFileUrl('es', namespace, buildId)),
      };
    });
}

export function routePreloadsPlugin(routeTableFile: string, buildId: string): Plugin {
  return {
    name: 'auxilio-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const routes = readRouteTable(readFileSync(routeTableFile, 'utf8'));
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(routePreloads(routes, bundle, buildId)),
      });
    },
  };
}

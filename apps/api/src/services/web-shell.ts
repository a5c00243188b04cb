import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  ServiceIdSchema,
  themeStyleRule,
  type Brand,
  type Language,
  type RuntimeConfig,
} from '@auxilio/domain';
import { brandAssetsBase } from './runtime-config.ts';
import { builtBrandPngIcons, manifestUrl } from './web-manifest.ts';

// ARCHITECTURE decision 5: one PWA build serves every brand; the server writes the brand's title,
// theme colour, favicon and manifest into index.html so the first paint and "add to home screen"
// are already branded, and embeds the runtime config so the PWA starts without a round trip.

/** The built PWA, read once at start. */
export interface WebShell {
  /** index.html of the build, with the placeholder tags of apps/web/index.html. */
  template: string;
  /** URL paths of every file in the build ('/assets/index-3f2a.js'), index.html included. */
  files: ReadonlySet<string>;
  /** A text of the build's translation files, for the page's first paint (decision 770). */
  text: (language: Language, namespace: string, key: string) => string | undefined;
}

function listFiles(root: string, dir: string = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(root, path);
    return entry.isFile() ? ['/' + relative(root, path).split(sep).join('/')] : [];
  });
}

/** The namespaces the first paint reads (first-paint.ts), per language, from the build. */
const FIRST_PAINT_NAMESPACES = ['common', 'home', 'services', 'tracking'];

function readTexts(distDir: string): Map<string, unknown> {
  const texts = new Map<string, unknown>();
  for (const language of LANGUAGES) {
    for (const namespace of FIRST_PAINT_NAMESPACES) {
      const file = join(distDir, 'locales', language, `${namespace}.json`);
      if (existsSync(file))
        texts.set(`${language}/${namespace}`, JSON.parse(readFileSync(file, 'utf8')));
    }
  }
  return texts;
}

/** `a.b.c` in a parsed translation file: a string, or undefined. */
function textAt(tree: unknown, key: string): string | undefined {
  let node = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Reads the build in `distDir`, or undefined when there is no build (no index.html). */
export function loadWebShell(distDir: string): WebShell | undefined {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const texts = readTexts(distDir);
  return {
    template: readFileSync(indexFile, 'utf8'),
    files: new Set(listFiles(distDir)),
    text: (language, namespace, key) => textAt(texts.get(`${language}/${namespace}`), key),
  };
}

/** Vite writes content-hashed names under /assets/: those never change and cache for a year. */
export function isImmutableAsset(urlPath: string): boolean {
  return urlPath.startsWith('/assets/');
}

/** Hashed assets: a new build has new names, so a phone never asks again. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** SPEC 9 "translation cache expiry 60": the translation files are kept 60 minutes. */
export const TRANSLATIONS_CACHE_CONTROL = 'public, max-age=3600';
/**
 * Files with a fixed name (the service worker, its Workbox runtime, the offline page, icons) and
 * pages: revalidated on every use (a 304 when unchanged), so a deploy reaches every phone at once.
 */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/** The Cache-Control of a file of the build (docs/decisions/163, 710). */
export function fileCacheControl(urlPath: string): string {
  if (isImmutableAsset(urlPath)) return IMMUTABLE_CACHE_CONTROL;
  if (urlPath.startsWith('/locales/')) return TRANSLATIONS_CACHE_CONTROL;
  return REVALIDATE_CACHE_CONTROL;
}

/**
 * A Brotli or gzip copy the build wrote beside a file (docs/decisions/710): sent in the file's
 * place to a client that accepts it, never answered under its own name.
 */
export function isPrecompressedCopy(urlPath: string, files: ReadonlySet<string>): boolean {
  const original = /^(.+)\.(?:br|gz)$/.exec(urlPath)?.[1];
  return original !== undefined && files.has(original);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** JSON for a `<script type="application/json">`: `<` escaped so no `</script>` can close it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Replaces every tag that `pattern` matches, or inserts the tag before `</head>` when none does. */
function putTag(html: string, pattern: RegExp, tag: string): string {
  if (html.search(pattern) !== -1) return html.replace(pattern, () => tag);
  return insertBeforeHeadEnd(html, tag);
}

function insertBeforeHeadEnd(html: string, fragment: string): string {
  const at = html.search(/<\/head>/i);
  return at === -1 ? fragment + html : `${html.slice(0, at)}${fragment}\n  ${html.slice(at)}`;
}

/**
 * SPEC 2 "/{serviceId}: Landing for shared links" (SPEC 9 link `{host}/{serviceId}?account=...&
 * redirect=...`): one path segment shaped like a service id, with the link's `redirect` or `t`;
 * and SPEC 2 "/get-service/{id}" with the `t` of a texted link (decision 610).
 */
export function isSharedLinkLanding(path: string, query: Record<string, unknown>): boolean {
  const secondStop = /^\/get-service\/([^/]+)\/?$/.exec(path)?.[1];
  if (secondStop !== undefined) {
    return ServiceIdSchema.safeParse(secondStop).success && typeof query.t === 'string';
  }
  const segment = /^\/([^/]+)\/?$/.exec(path)?.[1];
  return (
    segment !== undefined &&
    ServiceIdSchema.safeParse(segment).success &&
    (typeof query.redirect === 'string' || typeof query.t === 'string')
  );
}

/** The shared-link landing's link (and its token) must not be indexed nor leak in a Referer. */
export const SHARED_LINK_HEAD_TAGS =
  '<meta name="robots" content="noindex, nofollow">\n  <meta name="referrer" content="no-referrer">';

/** Response headers of the same rule, for the landing page and the shared-link API alike. */
export const SHARED_LINK_HEADERS = {
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
} as const;

/**
 * The brand's theme as a `<style>` of the page (decision 770): the first paint is in the brand's
 * colours before the scripts set them. Its hash goes into the page's Content-Security-Policy.
 */
export function brandThemeStyle(brand: Brand): { tag: string; hash: string } {
  const rule = themeStyleRule(brand.theme);
  const digest = createHash('sha256').update(rule).digest('base64');
  return { tag: `<style id="brand-theme">${rule}</style>`, hash: `'sha256-${digest}'` };
}

/** A copy of the page's first text preload, for another namespace (same language and build). */
function textPreloadFor(html: string, namespace: string): string | undefined {
  const first = /<link\s+rel=["']preload["'][^>]*\/locales\/[a-z]{2}\/[a-z-]+\.json[^>]*>/i.exec(
    html,
  );
  return first?.[0].replace(
    /(\/locales\/[a-z]{2}\/)[a-z-]+(\.json)/i,
    (_file, folder: string, extension: string) => `${folder}${namespace}${extension}`,
  );
}

/** What the head of one page depends on besides its brand. */
export interface PageHead {
  /** The page's `lang` query (SPEC 1): the manifest linked is in that language. */
  lang?: Language | undefined;
  /** Files of the build: the brand's PNG apple-touch-icon is linked when the build drew it. */
  files?: ReadonlySet<string> | undefined;
  /** The screen painted before the scripts run (first-paint.ts), placed inside `#root`. */
  firstPaint?: string | undefined;
  /** Texts of the page's first screen, preloaded beside the first texts (e.g. `tracking`). */
  screenTexts?: readonly string[] | undefined;
}

/**
 * index.html for one brand: title, theme colour, icons, manifest link and the runtime config, plus
 * `extraHeadTags` of the page (e.g. SHARED_LINK_HEAD_TAGS).
 */
export function renderIndexHtml(
  template: string,
  brand: Brand,
  runtimeConfig: RuntimeConfig,
  extraHeadTags = '',
  page: PageHead = {},
): string {
  const assets = brandAssetsBase(brand);
  // iOS takes no SVG here: the 180 px PNG the build drew, else the SVG (docs/decisions/740).
  const appleTouch = builtBrandPngIcons(brand, page.files).find(
    ({ icon }) => icon.use === 'apple-touch-icon',
  );
  const appleTouchTag = appleTouch
    ? `<link rel="apple-touch-icon" href="${escapeHtml(appleTouch.src)}" sizes="${appleTouch.icon.size}x${appleTouch.icon.size}">`
    : `<link rel="apple-touch-icon" href="${escapeHtml(`${assets}icon.svg`)}">`;
  let html = template;
  if (extraHeadTags) html = insertBeforeHeadEnd(html, extraHeadTags);
  html = putTag(
    html,
    /<title>[^<]*<\/title>/gi,
    `<title>${escapeHtml(brand.manifest.name)}</title>`,
  );
  html = putTag(
    html,
    /<meta\s+name=["']theme-color["'][^>]*>/gi,
    `<meta name="theme-color" content="${escapeHtml(brand.theme.primary)}">`,
  );
  html = putTag(
    html,
    /<link\s+rel=["']icon["'][^>]*>/gi,
    `<link rel="icon" href="${escapeHtml(`${assets}favicon.svg`)}" type="image/svg+xml">`,
  );
  html = putTag(html, /<link\s+rel=["']apple-touch-icon["'][^>]*>/gi, appleTouchTag);
  html = putTag(
    html,
    /<link\s+rel=["']manifest["'][^>]*>/gi,
    `<link rel="manifest" href="${escapeHtml(manifestUrl(brand, page.lang ?? DEFAULT_LANGUAGE))}">`,
  );
  // The build preloads the first texts in the default language: a page opened in another language
  // preloads that language's instead (apps/web/build/preload-first-texts.ts).
  const language = page.lang ?? runtimeConfig.defaultLanguage;
  html = html.replace(
    /(<link\s+rel=["']preload["'][^>]*\shref=["'])\/locales\/[a-z]{2}\//gi,
    (_tag, start: string) => `${start}/locales/${language}/`,
  );
  // The first screen's own texts download with the page too, so the app's first render does not
  // wait a round trip for them after the scripts have run.
  for (const namespace of page.screenTexts ?? []) {
    const tag = textPreloadFor(html, namespace);
    if (tag) html = insertBeforeHeadEnd(html, tag);
  }
  html = html.replace(/<style\s+id=["']brand-theme["'][^>]*>[\s\S]*?<\/style>\s*/gi, '');
  html = insertBeforeHeadEnd(html, brandThemeStyle(brand).tag);
  if (page.firstPaint) {
    html = html.replace(
      '<div id="root"></div>',
      () => `<div id="root">${page.firstPaint ?? ''}</div>`,
    );
  }
  // A build that already carries a config script (should not happen) gets ours instead.
  html = html.replace(/<script\s+id=["']app-config["'][^>]*>[\s\S]*?<\/script>\s*/gi, '');
  return insertBeforeHeadEnd(
    html,
    `<script id="app-config" type="application/json">${jsonForScript(runtimeConfig)}</script>`,
  );
}

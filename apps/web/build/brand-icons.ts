import { readFile } from 'node:fs/promises';
import { Resvg } from '@resvg/resvg-js';
import type * as BrandCatalog from '@auxilio/brands';
import type { BrandPngIcon } from '@auxilio/brands';
import type { Brand } from '@auxilio/domain';
import type { Plugin } from 'vite';

// Installable on every phone (docs/decisions/740): PNG icons for each brand of
// packages/brands, drawn from its icon.svg when the PWA is built (BRAND_PNG_ICONS: 192 and 512 for
// the manifest, a maskable 512, and iOS's 180 apple-touch-icon). A brand added to the catalog gets
// its icons with the next build; until then the API lists its SVG icon only.

/** The maskable safe zone (W3C Manifest): a centred circle of radius 40% of the icon's size. */
export const SAFE_ZONE_RADIUS = 0.4;

/** How far a colour may differ from the background and still count as background (antialiasing). */
const BACKGROUND_TOLERANCE = 24;

/** Size at which an icon is measured. */
const MEASURE_SIZE = 512;

/** One drawn icon: its path in the build ('brand-icons/connect/icon-192.png') and its bytes. */
export interface DrawnIcon {
  fileName: string;
  icon: BrandPngIcon;
  png: Buffer;
}

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

function rasterize(svg: string, size: number, background?: string) {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: size },
    // Icons are shapes: no font is read, so the build does not depend on the machine's fonts.
    font: { loadSystemFonts: false },
    ...(background ? { background } : {}),
  });
  return resvg.render();
}

function pixelAt(pixels: Buffer, size: number, x: number, y: number): Rgba {
  const at = (y * size + x) * 4;
  return {
    r: pixels[at] ?? 0,
    g: pixels[at + 1] ?? 0,
    b: pixels[at + 2] ?? 0,
    a: pixels[at + 3] ?? 0,
  };
}

function hex({ r, g, b }: Rgba): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** True when `pixel` is (nearly) `background`, an opaque colour. */
export function isBackground(pixel: Rgba, background: Rgba): boolean {
  return (
    Math.abs(pixel.r - background.r) +
      Math.abs(pixel.g - background.g) +
      Math.abs(pixel.b - background.b) +
      Math.abs(pixel.a - background.a) <=
    BACKGROUND_TOLERANCE
  );
}

/**
 * How far the drawing of an icon reaches from the centre, as a fraction of its size (0.5 reaches
 * the middle of an edge, 0.707 a corner): the farthest pixel that is not the background.
 */
export function markReach(pixels: Buffer, size: number, background: Rgba): number {
  const centre = size / 2;
  let farthest = 0;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (isBackground(pixelAt(pixels, size, x, y), background)) continue;
      const dx = Math.abs(x + 0.5 - centre) + 0.5;
      const dy = Math.abs(y + 0.5 - centre) + 0.5;
      farthest = Math.max(farthest, Math.hypot(dx, dy));
    }
  }
  return farthest / size;
}

/** The icon's root `<svg>` placed as a square of `side` pixels at (x, y) inside another SVG. */
function placeSvg(svg: string, x: number, y: number, side: number): string {
  const body = svg.replace(/^\s*<\?xml[^>]*\?>\s*/, '');
  const root = /<svg\b[^>]*>/.exec(body)?.[0];
  if (!root?.includes('viewBox')) {
    throw new Error('A brand icon needs a viewBox on its <svg> to be drawn at other sizes');
  }
  const attributes = root.slice(4, -1).replace(/\s(?:x|y|width|height)="[^"]*"/g, '');
  return body.replace(
    root,
    `<svg${attributes} x="${x}" y="${y}" width="${side}" height="${side}">`,
  );
}

/**
 * A full-bleed square of `background` with the icon on it, shrunk about its centre by `scale`:
 * what a maskable or apple-touch icon is drawn from.
 */
function onBackground(svg: string, background: string, scale: number): string {
  const side = MEASURE_SIZE * scale;
  const offset = (MEASURE_SIZE - side) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MEASURE_SIZE} ${MEASURE_SIZE}" ` +
    `width="${MEASURE_SIZE}" height="${MEASURE_SIZE}">` +
    `<rect width="${MEASURE_SIZE}" height="${MEASURE_SIZE}" fill="${background}"/>` +
    placeSvg(svg, offset, offset, side) +
    `</svg>`
  );
}

/**
 * Every PNG icon of one brand from its icon.svg. The `any` icons are the SVG as drawn. The maskable
 * and apple-touch icons put it on its own background colour (the colour at its corner; the brand's
 * primary colour where the corner is transparent), shrunk only if its mark reaches outside the safe
 * zone, so a launcher's crop never cuts the mark and iOS never shows black corners.
 */
export function drawBrandIcons(
  brand: Pick<Brand, 'slug'> & { theme: Pick<Brand['theme'], 'primary'> },
  iconSvg: string,
  catalog: Pick<Catalog, 'BRAND_PNG_ICONS' | 'brandPngIconPath'>,
): DrawnIcon[] {
  const { BRAND_PNG_ICONS, brandPngIconPath } = catalog;
  const corner = pixelAt(rasterize(iconSvg, MEASURE_SIZE).pixels, MEASURE_SIZE, 0, 0);
  const backgroundRgba = corner.a === 255 ? corner : parseRgb(brand.theme.primary);
  const background = hex(backgroundRgba);
  const flattened = rasterize(iconSvg, MEASURE_SIZE, background).pixels;
  const reach = markReach(flattened, MEASURE_SIZE, backgroundRgba);
  const scale = Math.min(1, SAFE_ZONE_RADIUS / Math.max(reach, Number.EPSILON));
  const masked = onBackground(iconSvg, background, scale);

  return BRAND_PNG_ICONS.map((icon) => {
    const source = icon.use === 'any' ? iconSvg : masked;
    const png = rasterize(source, icon.size, icon.use === 'any' ? undefined : background).asPng();
    return { fileName: brandPngIconPath(brand.slug, icon).slice(1), icon, png };
  });
}

function parseRgb(color: string): Rgba {
  const digits = color.replace('#', '');
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : digits;
  return {
    r: parseInt(full.slice(0, 2), 16),
    g: parseInt(full.slice(2, 4), 16),
    b: parseInt(full.slice(4, 6), 16),
    a: 255,
  };
}

/** What the plugin reads of packages/brands. */
type Catalog = Pick<
  typeof BrandCatalog,
  'BRANDS' | 'BRAND_PNG_ICONS' | 'brandAssetFile' | 'brandPngIconPath'
>;

/**
 * The brand catalog, loaded through tsx: Vite loads its config with Node, which cannot import the
 * TypeScript sources of the workspace packages by itself (the API runs them through tsx as well).
 */
async function loadCatalog(): Promise<Catalog> {
  const { tsImport } = await import('tsx/esm/api');
  return (await tsImport('@auxilio/brands', import.meta.url)) as Catalog;
}

/** Vite plugin: writes every catalog brand's PNG icons into the build (`brand-icons/<slug>/`). */
export function brandIcons(): Plugin {
  return {
    name: 'auxilio-brand-icons',
    apply: 'build',
    async generateBundle() {
      const catalog = await loadCatalog();
      for (const brand of catalog.BRANDS) {
        const svg = await readFile(catalog.brandAssetFile(brand, 'icon'), 'utf8');
        for (const drawn of drawBrandIcons(brand, svg, catalog)) {
          this.emitFile({ type: 'asset', fileName: drawn.fileName, source: drawn.png });
        }
      }
    },
  };
}

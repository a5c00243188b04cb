import { BRAND_PNG_ICONS, brandPngIconPath, type BrandPngIcon } from '@auxilio/brands';
import { DEFAULT_LANGUAGE, type Brand, type Language } from '@auxilio/domain';
import { z } from 'zod';
import { brandAssetsBase } from './runtime-config.ts';

// A manifest per brand: one PWA build, and each brand's own manifest so that "add to home
// screen" installs the brand's name, colour and icon (ARCHITECTURE decision 5). Its PNG icons are
// drawn by the web build and its texts follow the page's language (docs/decisions/740).
// Defined here because packages/domain has no manifest contract yet.

const ManifestIconSchema = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.string(),
  purpose: z.enum(['any', 'maskable', 'monochrome']),
});

/** The subset of the W3C Web App Manifest that we serve. */
export const WebManifestSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(ManifestIconSchema),
});
export type WebManifest = z.infer<typeof WebManifestSchema>;
type ManifestIcon = z.infer<typeof ManifestIconSchema>;

/** The address of the brand's app, with the language when it is not the default one. */
function brandUrl(path: string, brand: Pick<Brand, 'slug'>, lang: Language): string {
  const query = new URLSearchParams({ brand: brand.slug });
  if (lang !== DEFAULT_LANGUAGE) query.set('lang', lang);
  return `${path}?${query.toString()}`;
}

/** URL of a brand's manifest in a language, as linked from index.html. */
export function manifestUrl(brand: Pick<Brand, 'slug'>, lang: Language = DEFAULT_LANGUAGE): string {
  return brandUrl('/manifest.webmanifest', brand, lang);
}

/**
 * The brand's PNG icons that the web build drew (apps/web/build/brand-icons.ts), with their URL.
 * None for a brand added to the catalog after the build, or when there is no build.
 */
export function builtBrandPngIcons(
  brand: Pick<Brand, 'slug'>,
  files: ReadonlySet<string> | undefined,
): { icon: BrandPngIcon; src: string }[] {
  return BRAND_PNG_ICONS.map((icon) => ({ icon, src: brandPngIconPath(brand.slug, icon) })).filter(
    ({ src }) => files?.has(src) === true,
  );
}

/**
 * The description in English. Brands write theirs in Spanish (packages/brands: `manifest`); an
 * English page gets what the brand offers, in the words of the product.
 */
function englishDescription(brand: Pick<Brand, 'tracks'>): string {
  const road = brand.tracks.includes('road');
  const home = brand.tracks.includes('home');
  const what =
    road && home ? 'roadside and home assistance' : home ? 'home repairs' : 'roadside assistance';
  return `Request ${what}, follow your provider live and rate the service.`;
}

/**
 * The manifest of `brand` for a page in `lang`: the description in that language and a start
 * address that opens the app in it; the same `id` in every language (one app per brand). Icons:
 * the PNGs the build drew (any 192 and 512, maskable 512) and the scalable SVG; without the PNGs,
 * the SVG for both purposes.
 */
export function buildWebManifest(
  brand: Brand,
  lang: Language,
  files: ReadonlySet<string> | undefined,
): WebManifest {
  const svg = `${brandAssetsBase(brand)}icon.svg`;
  const pngs = builtBrandPngIcons(brand, files).flatMap(({ icon, src }): ManifestIcon[] =>
    icon.use === 'apple-touch-icon'
      ? []
      : [{ src, sizes: `${icon.size}x${icon.size}`, type: 'image/png', purpose: icon.use }],
  );
  const hasMaskable = pngs.some((icon) => icon.purpose === 'maskable');
  return {
    // A distinct id per brand: two brands installed on one device are two apps.
    id: brandUrl('/', brand, DEFAULT_LANGUAGE),
    name: brand.manifest.name,
    short_name: brand.manifest.shortName,
    description: lang === 'es' ? brand.manifest.description : englishDescription(brand),
    lang,
    start_url: brandUrl('/', brand, lang),
    scope: '/',
    display: 'standalone',
    theme_color: brand.theme.primary,
    background_color: brand.theme.background,
    // Separate entries per purpose: a combined "any maskable" is discouraged.
    icons: [
      ...pngs,
      { src: svg, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ...(hasMaskable
        ? []
        : [{ src: svg, sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' as const }]),
    ],
  };
}

import type { Brand } from '@auxilio/domain';
import { z } from 'zod';
import { brandAssetsBase } from './runtime-config.ts';

// A manifest per brand: one PWA build, and each brand's own manifest so that "add to home
// screen" installs the brand's name, colour and icon (ARCHITECTURE decision 5).
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

/** URL of a brand's manifest, as linked from index.html. */
export function manifestUrl(brand: Pick<Brand, 'slug'>): string {
  return `/manifest.webmanifest?brand=${encodeURIComponent(brand.slug)}`;
}

export function buildWebManifest(brand: Brand, lang: string): WebManifest {
  const startUrl = `/?brand=${encodeURIComponent(brand.slug)}`;
  const icon = `${brandAssetsBase(brand)}icon.svg`;
  return {
    // A distinct id per brand: two brands installed on one device are two apps.
    id: startUrl,
    name: brand.manifest.name,
    short_name: brand.manifest.shortName,
    description: brand.manifest.description,
    lang,
    start_url: startUrl,
    scope: '/',
    display: 'standalone',
    theme_color: brand.theme.primary,
    background_color: brand.theme.background,
    // SVG scales to every size; separate entries because a combined "any maskable" is discouraged.
    icons: [
      { src: icon, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: icon, sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  };
}

// The PNG icons of "add to home screen" (decision 740: an SVG alone is ignored by iOS and shown poorly by
// some Android launchers). apps/web/build/brand-icons.ts draws them from each brand's icon.svg when
// the PWA is built; the API lists the ones the build holds in the manifest and the page's head
// (docs/decisions/740). One list, so the two sides always agree on names and sizes.

/** What a PNG icon is for: the manifest's `purpose`, or iOS's apple-touch-icon. */
export type BrandPngIconUse = 'any' | 'maskable' | 'apple-touch-icon';

export interface BrandPngIcon {
  /** File name inside the brand's icon folder. */
  file: string;
  /** Width and height in pixels. */
  size: number;
  use: BrandPngIconUse;
}

export const BRAND_PNG_ICONS: readonly BrandPngIcon[] = [
  { file: 'icon-192.png', size: 192, use: 'any' },
  { file: 'icon-512.png', size: 512, use: 'any' },
  // Android crops a maskable icon to its own shape: the mark stays inside the central circle of
  // 80% diameter (the safe zone), on a full-bleed background.
  { file: 'maskable-512.png', size: 512, use: 'maskable' },
  // iOS rounds the corners itself and shows transparency as black: opaque and full-bleed.
  { file: 'apple-touch-icon.png', size: 180, use: 'apple-touch-icon' },
];

/** Folder of the build that holds one sub-folder of PNG icons per brand. */
export const BRAND_PNG_ICONS_DIR = 'brand-icons';

/** URL path of one of a brand's PNG icons in the built PWA: '/brand-icons/connect/icon-192.png'. */
export function brandPngIconPath(slug: string, icon: Pick<BrandPngIcon, 'file'>): string {
  return `/${BRAND_PNG_ICONS_DIR}/${slug}/${icon.file}`;
}

import path from 'node:path';
import type { Brand, ServiceCenter } from '@auxilio/domain';
import { BRANDS_DIR, loadBrandCatalog, type BrandAsset } from './catalog.ts';

export {
  BRANDS_DIR,
  BRAND_ASSETS,
  BRAND_FILE,
  CENTERS_FILE,
  BrandCatalogError,
  assetProblems,
  loadBrandCatalog,
  loadBrands,
  type BrandAsset,
  type BrandCatalog,
} from './catalog.ts';
export {
  THEME_TEXT_PAIRS,
  WCAG_AA_TEXT_CONTRAST,
  contrastRatio,
  parseHexColor,
  relativeLuminance,
  themeContrastProblems,
  type ContrastProblem,
} from './contrast.ts';

export {
  BRAND_PNG_ICONS,
  BRAND_PNG_ICONS_DIR,
  brandPngIconPath,
  type BrandPngIcon,
  type BrandPngIconUse,
} from './png-icons.ts';

/** The provider's own brand, used when nothing else decides (ARCHITECTURE decision 5). */
export const DEFAULT_BRAND_SLUG = 'connect';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * Every brand of the catalog, read and validated once when this module loads. Frozen: the objects
 * are shared by every request, so a caller that changes one would change it for everybody.
 */
const CATALOG = loadBrandCatalog();
export const BRANDS: readonly Brand[] = deepFreeze(CATALOG.brands);
// Private map; each list is frozen for the same reason as the brands.
const CENTERS = new Map(
  [...CATALOG.centers].map(([slug, centers]) => [slug, deepFreeze([...centers])] as const),
);

const bySlug = new Map(BRANDS.map((brand) => [brand.slug, brand]));
const byHost = new Map(
  BRANDS.flatMap((brand) => brand.hosts.map((host) => [host, brand] as const)),
);

const defaultBrand = bySlug.get(DEFAULT_BRAND_SLUG);
if (!defaultBrand)
  throw new Error(`The default brand '${DEFAULT_BRAND_SLUG}' is missing in ${BRANDS_DIR}`);
const DEFAULT_BRAND: Brand = defaultBrand;

/** The brand with this slug (the `brand` query value, case-insensitive), or undefined. */
export function getBrand(slug: string | null | undefined): Brand | undefined {
  if (!slug) return undefined;
  return bySlug.get(slug.trim().toLowerCase());
}

/** Host name without port or trailing dot, lower case: 'Honda.LOCALHOST:3000' -> 'honda.localhost'. */
export function normalizeHost(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    // IPv6 literal, e.g. '[::1]:3000'
    name = name.slice(0, name.indexOf(']') + 1);
  } else {
    name = name.split(':')[0] ?? '';
  }
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** SPEC 2: "The host name can decide brand and account for honda, acura and mazda". */
export function brandForHost(host: string | null | undefined): Brand | undefined {
  if (!host) return undefined;
  return byHost.get(normalizeHost(host));
}

export interface BrandHints {
  /** The `brand` query parameter. */
  brand?: string | null;
  /** Brand slug of the account named by the `account` query parameter. */
  accountBrand?: string | null;
  /** Host name of the request (a port is ignored). */
  host?: string | null;
}

/**
 * ARCHITECTURE decision 5: the `brand` query first, then the account's brand, then the host name,
 * else the default brand. A hint that names no known brand is skipped, not an error.
 */
export function resolveBrand(hints: BrandHints): Brand {
  return (
    getBrand(hints.brand) ??
    getBrand(hints.accountBrand) ??
    brandForHost(hints.host) ??
    DEFAULT_BRAND
  );
}

/** SPEC 2 "/corporate/centers": the brand's service centres (empty when it lists none). */
export function serviceCentersOf(brand: Pick<Brand, 'slug'>): readonly ServiceCenter[] {
  return CENTERS.get(brand.slug) ?? [];
}

/** Absolute path of one of a catalog brand's SVG assets. */
export function brandAssetFile(brand: Brand, asset: BrandAsset): string {
  return path.resolve(BRANDS_DIR, brand.slug, brand.assets[asset]);
}

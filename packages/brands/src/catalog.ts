import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  BrandSchema,
  ServiceCentersFileSchema,
  type Brand,
  type ServiceCenter,
} from '@auxilio/domain';
import { themeContrastProblems, WCAG_AA_TEXT_CONTRAST } from './contrast.ts';

/**
 * Absolute path of the folder that holds one sub-folder per brand, in this package beside `src/`.
 * Found through the package's own entry rather than this file's place, so that it holds for the
 * sources and for the API compiled into one bundle elsewhere (docs/decisions/780).
 */
export const BRANDS_DIR = path.resolve(
  path.dirname(createRequire(import.meta.url).resolve('@auxilio/brands')),
  '../brands',
);

export const BRAND_FILE = 'brand.json';
/** Optional: a corporate brand's service centres (SPEC 2 "/corporate/centers", decision 621). */
export const CENTERS_FILE = 'centers.json';
export const BRAND_ASSETS = ['logo', 'icon', 'favicon'] as const;
export type BrandAsset = (typeof BRAND_ASSETS)[number];

/** Thrown by `loadBrands`; `problems` are the individual messages, each naming folder and field. */
export class BrandCatalogError extends Error {
  constructor(
    readonly problems: readonly string[],
    dir: string,
  ) {
    super(`Invalid brand catalog in ${dir}:\n  - ${problems.join('\n  - ')}`);
    this.name = 'BrandCatalogError';
  }
}

/**
 * Problems with a brand's asset files in `folder`: a path that leaves the folder or a missing file.
 * Empty when all three assets exist.
 */
export function assetProblems(brand: Pick<Brand, 'assets'>, folder: string): string[] {
  return BRAND_ASSETS.flatMap((asset) => {
    const relative = brand.assets[asset];
    const file = path.resolve(folder, relative);
    // Asset paths are served by the API: never let one point outside the brand's own folder.
    if (path.dirname(file) !== path.resolve(folder)) {
      return [`assets.${asset}: '${relative}' must be a file name inside the brand folder`];
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      return [`assets.${asset}: file '${relative}' not found`];
    }
    return [];
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Paths of fields in `raw` that the schema dropped while parsing (zod strips unknown keys), so a
 * misspelt flag such as `hideChats` is reported instead of silently falling back to its default.
 */
function unknownFields(raw: unknown, parsed: unknown, at: string[] = []): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    return raw.flatMap((item, i) => unknownFields(item, parsed[i], [...at, String(i)]));
  }
  if (!isPlainObject(raw) || !isPlainObject(parsed)) return [];
  return Object.keys(raw).flatMap((key) =>
    key in parsed ? unknownFields(raw[key], parsed[key], [...at, key]) : [[...at, key].join('.')],
  );
}

/**
 * The brand's service centres from its optional `centers.json` (none when the file is absent), with
 * the problems of the file: invalid JSON, a schema error, a centre in a branch the brand does not
 * serve.
 */
function readCenters(
  folder: string,
  brand: Pick<Brand, 'branches'>,
): { centers: ServiceCenter[]; problems: string[] } {
  const file = path.join(folder, CENTERS_FILE);
  if (!existsSync(file)) return { centers: [], problems: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { centers: [], problems: [`${CENTERS_FILE} is not valid JSON (${String(error)})`] };
  }
  const parsed = ServiceCentersFileSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      centers: [],
      problems: parsed.error.issues.map(
        (issue) => `${CENTERS_FILE}: field '${issue.path.join('.') || '(root)'}': ${issue.message}`,
      ),
    };
  }
  const { centers } = parsed.data;
  const problems = [
    ...unknownFields(raw, parsed.data).map(
      (field) => `${CENTERS_FILE}: field '${field}': unknown field`,
    ),
    ...centers.flatMap((center, i) =>
      brand.branches.includes(center.branch)
        ? []
        : [
            `${CENTERS_FILE}: field 'centers.${i}.branch': '${center.branch}' is not a branch of the brand`,
          ],
    ),
  ];
  return { centers, problems };
}

interface CheckedFolder {
  brand?: Brand;
  centers: ServiceCenter[];
  problems: string[];
}

/** Problems with one brand folder, each prefixed with the folder name; the parsed brand when valid. */
function checkBrandFolder(dir: string, folderName: string): CheckedFolder {
  const folder = path.join(dir, folderName);
  const where = `brand folder '${folderName}'`;
  const file = path.join(folder, BRAND_FILE);
  if (!existsSync(file)) return { centers: [], problems: [`${where}: ${BRAND_FILE} is missing`] };

  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return {
      centers: [],
      problems: [`${where}: ${BRAND_FILE} is not valid JSON (${String(error)})`],
    };
  }

  const parsed = BrandSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      centers: [],
      problems: parsed.error.issues.map(
        (issue) => `${where}: field '${issue.path.join('.') || '(root)'}': ${issue.message}`,
      ),
    };
  }
  const brand = parsed.data;
  const centers = readCenters(folder, brand);
  const problems = [
    ...unknownFields(raw, brand).map((field) => `field '${field}': unknown field`),
    ...(brand.slug === folderName
      ? []
      : [`field 'slug': '${brand.slug}' must equal the folder name '${folderName}'`]),
    ...assetProblems(brand, folder),
    // Text/background colours below WCAG AA would be unreadable on a phone in sunlight: refused.
    ...themeContrastProblems(brand.theme).map(
      ({ pair, ratio }) =>
        `fields '${pair}': contrast ${ratio.toFixed(2)} is below WCAG AA ${WCAG_AA_TEXT_CONTRAST}`,
    ),
    ...centers.problems,
  ].map((problem) => `${where}: ${problem}`);
  return { brand, centers: centers.centers, problems };
}

/** The catalog: its brands sorted by slug, and the service centres of each brand (by slug). */
export interface BrandCatalog {
  brands: Brand[];
  centers: ReadonlyMap<string, readonly ServiceCenter[]>;
}

/**
 * Reads and validates every brand folder under `dir` (default `BRANDS_DIR`), sorted by slug.
 * Throws a `BrandCatalogError` naming each bad folder and field: schema errors, slug not equal to
 * the folder name, missing asset files, text colours below WCAG AA, a host claimed by two brands.
 */
export function loadBrands(dir: string = BRANDS_DIR): Brand[] {
  return loadBrandCatalog(dir).brands;
}

/** `loadBrands` with the service centres of each brand (`centers.json`), checked the same way. */
export function loadBrandCatalog(dir: string = BRANDS_DIR): BrandCatalog {
  const folders = readdirSync(dir, { withFileTypes: true })
    // Hidden folders (editor or OS metadata) are not brands.
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  const brands: Brand[] = [];
  const centers = new Map<string, readonly ServiceCenter[]>();
  const problems: string[] = [];
  for (const folderName of folders) {
    const result = checkBrandFolder(dir, folderName);
    problems.push(...result.problems);
    if (result.brand) {
      brands.push(result.brand);
      centers.set(result.brand.slug, result.centers);
    }
  }

  // SPEC 2 "The host name can decide brand": one host must lead to exactly one brand.
  const hostOwner = new Map<string, string>();
  for (const brand of brands) {
    for (const host of brand.hosts) {
      const owner = hostOwner.get(host);
      if (owner !== undefined && owner !== brand.slug) {
        problems.push(
          `brand folder '${brand.slug}': field 'hosts': '${host}' is also used by '${owner}'`,
        );
      }
      hostOwner.set(host, brand.slug);
    }
  }

  if (folders.length === 0) problems.push('no brand folders found');
  if (problems.length > 0) throw new BrandCatalogError(problems, dir);
  return { brands, centers };
}

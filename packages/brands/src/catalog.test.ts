import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assetProblems,
  BRANDS_DIR,
  BrandCatalogError,
  loadBrandCatalog,
  loadBrands,
} from './catalog.ts';

// The loader is tested on throw-away copies of a real brand folder, broken one way per case.
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function catalogWith(...slugs: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'auxilio-brands-'));
  made.push(dir);
  for (const slug of slugs)
    cpSync(path.join(BRANDS_DIR, slug), path.join(dir, slug), { recursive: true });
  return dir;
}

function editBrand(dir: string, slug: string, edit: (brand: Record<string, unknown>) => void) {
  const file = path.join(dir, slug, 'brand.json');
  const brand = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(brand);
  writeFileSync(file, JSON.stringify(brand));
}

function loadProblems(dir: string): string[] {
  try {
    loadBrands(dir);
  } catch (error) {
    if (error instanceof BrandCatalogError) return [...error.problems];
    throw error;
  }
  return [];
}

describe('loadBrands', () => {
  it('loads valid folders, sorted by slug', () => {
    const brands = loadBrands(catalogWith('mmm', 'connect'));
    expect(brands.map((brand) => brand.slug)).toEqual(['connect', 'mmm']);
  });

  it.each([
    [
      'a missing asset file',
      (dir: string) => {
        rmSync(path.join(dir, 'connect', 'icon.svg'));
      },
      "brand folder 'connect': assets.icon: file 'icon.svg' not found",
    ],
    [
      'text/background colours below WCAG AA',
      (dir: string) => {
        editBrand(dir, 'connect', (brand) => {
          brand.theme = { ...(brand.theme as object), text: '#9ca3af' };
        });
      },
      "brand folder 'connect': fields 'theme.text/theme.background': contrast 2.54 is below WCAG AA 4.5",
    ],
    [
      'onPrimary/primary below WCAG AA',
      (dir: string) => {
        editBrand(dir, 'connect', (brand) => {
          brand.theme = { ...(brand.theme as object), primary: '#fb923c' };
        });
      },
      "brand folder 'connect': fields 'theme.onPrimary/theme.primary'",
    ],
    [
      'an invalid field',
      (dir: string) => {
        editBrand(dir, 'connect', (brand) => {
          brand.theme = { ...(brand.theme as object), primary: 'orange' };
        });
      },
      "brand folder 'connect': field 'theme.primary': Expected a 3- or 6-digit hex colour",
    ],
    [
      'a missing required field',
      (dir: string) => {
        editBrand(dir, 'connect', (brand) => {
          delete brand.survey;
        });
      },
      "brand folder 'connect': field 'survey'",
    ],
    [
      'a misspelt flag',
      (dir: string) => {
        editBrand(dir, 'connect', (brand) => {
          brand.hideChats = true;
        });
      },
      "brand folder 'connect': field 'hideChats': unknown field",
    ],
    [
      'a slug that differs from the folder',
      (dir: string) => {
        editBrand(dir, 'connect', (brand) => {
          brand.slug = 'conect';
        });
      },
      "brand folder 'connect': field 'slug': 'conect' must equal the folder name 'connect'",
    ],
    [
      'an asset path outside the folder',
      (dir: string) => {
        editBrand(dir, 'connect', (brand) => {
          brand.assets = { ...(brand.assets as object), logo: '../mmm/logo.svg' };
        });
      },
      "brand folder 'connect': assets.logo: '../mmm/logo.svg' must be a file name inside the brand folder",
    ],
    [
      'a host used by two brands',
      (dir: string) => {
        editBrand(dir, 'mmm', (brand) => {
          brand.hosts = ['connect.localhost'];
        });
      },
      "brand folder 'mmm': field 'hosts': 'connect.localhost' is also used by 'connect'",
    ],
    [
      'broken JSON',
      (dir: string) => {
        writeFileSync(path.join(dir, 'connect', 'brand.json'), '{ "slug": ');
      },
      "brand folder 'connect': brand.json is not valid JSON",
    ],
    [
      'a folder without brand.json',
      (dir: string) => {
        rmSync(path.join(dir, 'connect', 'brand.json'));
      },
      "brand folder 'connect': brand.json is missing",
    ],
  ])('throws on %s, naming folder and field', (_case, breakIt, expected) => {
    const dir = catalogWith('connect', 'mmm');
    breakIt(dir);
    expect(() => loadBrands(dir)).toThrow(BrandCatalogError);
    expect(loadProblems(dir).join('\n')).toContain(expected);
  });

  it('ignores hidden folders and loose files', () => {
    const dir = catalogWith('connect');
    mkdirSync(path.join(dir, '.trash'));
    writeFileSync(path.join(dir, 'notes.txt'), 'not a brand');
    expect(loadBrands(dir).map((brand) => brand.slug)).toEqual(['connect']);
  });

  it('throws on an empty catalog', () => {
    expect(loadProblems(catalogWith())).toEqual(['no brand folders found']);
  });
});

describe('service centres (centers.json)', () => {
  function editCenters(dir: string, slug: string, edit: (file: { centers: unknown[] }) => void) {
    const file = path.join(dir, slug, 'centers.json');
    const centers = JSON.parse(readFileSync(file, 'utf8')) as { centers: unknown[] };
    edit(centers);
    writeFileSync(file, JSON.stringify(centers));
  }
  const firstCenter = (file: { centers: unknown[] }) => file.centers[0] as Record<string, unknown>;

  it("loads a brand's centres, and none for a brand without the file", () => {
    const { centers } = loadBrandCatalog(catalogWith('honda', 'connect'));
    expect(centers.get('honda')?.length).toBeGreaterThan(0);
    expect(centers.get('connect')).toEqual([]);
  });

  it.each([
    [
      'broken JSON',
      (dir: string) => {
        writeFileSync(path.join(dir, 'honda', 'centers.json'), '{ "centers": [');
      },
      "brand folder 'honda': centers.json is not valid JSON",
    ],
    [
      'a centre without a phone',
      (dir: string) => {
        editCenters(dir, 'honda', (file) => {
          delete firstCenter(file).phone;
        });
      },
      "brand folder 'honda': centers.json: field 'centers.0.phone'",
    ],
    [
      'hours that close before they open',
      (dir: string) => {
        editCenters(dir, 'honda', (file) => {
          firstCenter(file).hours = [{ days: ['mon'], opens: '18:00', closes: '08:00' }];
        });
      },
      "brand folder 'honda': centers.json: field 'centers.0.hours.0.closes': opens must be before closes",
    ],
    [
      'a centre in a branch the brand does not serve',
      (dir: string) => {
        editCenters(dir, 'honda', (file) => {
          firstCenter(file).branch = 'MX';
        });
      },
      "brand folder 'honda': centers.json: field 'centers.0.branch': 'MX' is not a branch of the brand",
    ],
    [
      'a misspelt field',
      (dir: string) => {
        editCenters(dir, 'honda', (file) => {
          firstCenter(file).openingHours = [];
        });
      },
      "brand folder 'honda': centers.json: field 'centers.0.openingHours': unknown field",
    ],
  ])('throws on %s, naming folder and field', (_case, breakIt, expected) => {
    const dir = catalogWith('honda');
    breakIt(dir);
    expect(loadProblems(dir).join('\n')).toContain(expected);
  });
});

describe('assetProblems', () => {
  it('reports each of the three assets missing for an in-memory brand', () => {
    const dir = catalogWith();
    const assets = { logo: 'logo.svg', icon: 'icon.svg', favicon: 'favicon.svg' };
    expect(assetProblems({ assets }, dir)).toEqual([
      "assets.logo: file 'logo.svg' not found",
      "assets.icon: file 'icon.svg' not found",
      "assets.favicon: file 'favicon.svg' not found",
    ]);
  });

  it('is empty for a real brand folder', () => {
    const assets = { logo: 'logo.svg', icon: 'icon.svg', favicon: 'favicon.svg' };
    expect(assetProblems({ assets }, path.join(BRANDS_DIR, 'connect'))).toEqual([]);
  });
});

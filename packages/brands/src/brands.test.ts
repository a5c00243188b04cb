import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BRANCHES,
  BrandSchema,
  SURVEY_QUESTION_TYPES,
  type Brand,
  type SurveyQuestionType,
} from '@auxilio/domain';
import {
  BRAND_ASSETS,
  BRANDS,
  BRANDS_DIR,
  brandAssetFile,
  contrastRatio,
  DEFAULT_BRAND_SLUG,
  getBrand,
  loadBrands,
  serviceCentersOf,
  THEME_TEXT_PAIRS,
  WCAG_AA_TEXT_CONTRAST,
} from './index.ts';
import { checkSvg } from './svg-check.ts';

// Tests of the catalog data itself: every folder under brands/ is checked, so a new brand is
// covered without touching this file.

const folders = readdirSync(BRANDS_DIR).filter(
  (name) => !name.startsWith('.') && statSync(path.join(BRANDS_DIR, name)).isDirectory(),
);
const brandRows = BRANDS.map((brand) => [brand.slug, brand] as const);

function brand(slug: string): Brand {
  const found = getBrand(slug);
  if (!found) throw new Error(`brand '${slug}' is not in the catalog`);
  return found;
}

describe('catalog shape', () => {
  it('loads without errors', () => {
    expect(() => loadBrands()).not.toThrow();
  });

  it.each(folders)('%s/brand.json validates against BrandSchema', (folder) => {
    const raw: unknown = JSON.parse(
      readFileSync(path.join(BRANDS_DIR, folder, 'brand.json'), 'utf8'),
    );
    const result = BrandSchema.safeParse(raw);
    expect(result.error?.issues ?? []).toEqual([]);
    expect(result.data?.slug).toBe(folder);
  });

  it('has one brand per folder and unique slugs', () => {
    expect(BRANDS.map((b) => b.slug).sort()).toEqual([...folders].sort());
    expect(new Set(BRANDS.map((b) => b.slug)).size).toBe(BRANDS.length);
  });

  it('maps every host to one brand only', () => {
    const hosts = BRANDS.flatMap((b) => b.hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
  });

  it('holds at least 20 brands across the five countries', () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(BRANCHES)(
    'SPEC 1 "Countries: ... %s": at least 3 brands have it as their country',
    (country) => {
      expect(BRANDS.filter((b) => b.country === country).length).toBeGreaterThanOrEqual(3);
    },
  );

  it.each([
    'connect',
    'connect-home-repair-ondemand-pr',
    'mmm',
    'mmm-empleados',
    'vanti',
    'asc',
    'honda',
    'acura',
    'mazda',
    'otium',
  ])('every brand SPEC names is in the catalog: %s', (slug) => {
    expect(getBrand(slug)?.slug).toBe(slug);
  });

  it('has the default brand', () => {
    expect(getBrand(DEFAULT_BRAND_SLUG)?.slug).toBe('connect');
  });
});

describe.each(brandRows)('brand %s', (_slug, b) => {
  it.each(BRAND_ASSETS)(
    'asset %s is a small, well-formed, self-contained SVG of the right shape',
    (asset) => {
      const file = brandAssetFile(b, asset);
      const text = readFileSync(file, 'utf8');
      const { problems, viewBox } = checkSvg(text);
      expect(problems).toEqual([]);
      expect(Buffer.byteLength(text)).toBeLessThan(4096);
      const [, , width, height] = viewBox ?? [];
      if (asset === 'logo') {
        // A header logo: wide, about 160 x 40.
        expect(width).toBe(160);
        expect(height).toBe(40);
      } else {
        expect(width).toBe(height);
        if (asset === 'icon') expect(width).toBe(512);
      }
    },
  );

  it.each(THEME_TEXT_PAIRS)('theme %s on %s passes WCAG AA (>= 4.5)', (fg, bg) => {
    expect(contrastRatio(b.theme[fg], b.theme[bg])).toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
  });

  it('has its country among its branches', () => {
    expect(b.branches).toContain(b.country);
  });

  it('SPEC 2 "Help dialog: a phone-call option always": a phone for every branch', () => {
    for (const branch of b.branches) expect(b.help.phones[branch], branch).toMatch(/^\+\d{8,15}$/);
  });

  it('SPEC 2 "a chat (link) option": an https chat link for every branch unless chat is hidden', () => {
    for (const branch of b.branches) {
      if (b.hideChat) continue;
      expect(b.help.chats[branch], branch).toMatch(/^https:\/\//);
    }
  });

  it('tips only in branches the brand serves', () => {
    for (const branch of b.tipping.branches) expect(b.branches).toContain(branch);
  });

  it('SPEC 3 "Survey answers: keyed by question type": known, unique keys with translation-key labels', () => {
    const base = [
      'coordinator',
      'provider',
      'experience',
      'arrivalTime',
      'providerVest',
      'providerSpeed',
      'productExperience',
      'gentleOperator',
      'recommendationScore',
    ];
    const allowed = [...base, ...base.map((key) => `${key}V2`)];
    const keys = b.survey.questions.map((q) => q.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const q of b.survey.questions) {
      expect(allowed).toContain(q.key);
      expect(q.label).toBe(`survey.${q.key}`);
    }
  });

  it('SPEC 4 "to /tips when the provider rating is above 3 and tipping is allowed": a tipping brand rates the provider with stars', () => {
    if (!b.tipping.allowed) return;
    const provider = b.survey.questions.find((q) => q.key === 'provider' || q.key === 'providerV2');
    expect(provider?.type).toBe('startRating');
  });

  it('SPEC 2 "Social: ... links to two social networks": two different networks over https', () => {
    expect(new Set(b.social.map((s) => s.network)).size).toBe(2);
    for (const link of b.social) expect(link.url).toMatch(/^https:\/\//);
  });

  it('SPEC 2 "Other tile (home track, only when a help text is configured)": help text only with a home track', () => {
    if (b.otherTileHelpText !== undefined) expect(b.tracks).toContain('home');
  });

  it('homeOnDemand brands offer the home track', () => {
    if (b.homeOnDemand) expect(b.tracks).toContain('home');
  });

  it('SPEC 6 "Corporate: honda, acura, mazda (by host)": a corporate brand is reachable by a host', () => {
    if (b.corporate) expect(b.hosts.length).toBeGreaterThan(0);
  });
});

describe('service centres of the corporate brands (SPEC 2 "/corporate/centers")', () => {
  it.each(['honda', 'acura', 'mazda'])('%s lists centres in its own branches', (slug) => {
    const centers = serviceCentersOf(brand(slug));
    expect(centers.length).toBeGreaterThan(1);
    for (const center of centers) expect(brand(slug).branches).toContain(center.branch);
  });

  it('marks every demo centre as fictional and uses 555 phone numbers', () => {
    for (const b of BRANDS) {
      for (const center of serviceCentersOf(b)) {
        expect(center.name).toContain('(demo)');
        expect(center.phone).toMatch(/555/);
      }
    }
  });
});

describe('brand rules of the spec are seeded as flags (ARCHITECTURE decision 6)', () => {
  it.each([
    [
      'connect',
      'paymentRequired',
      true,
      `SPEC 4: "After the summary the route is /payment for the 'connect' brand"`,
    ],
    ['connect', 'feesApply', true, `SPEC 9: "Fees apply only to the 'connect' brand"`],
    [
      'connect',
      'contractSearchDisabled',
      true,
      'SPEC 2: "/clients | Client entry, used ... for the connect brand"',
    ],
    [
      'connect-home-repair-ondemand-pr',
      'cancelIllustration',
      'home',
      'SPEC 2: "a different illustration for brand connect-home-repair-ondemand-pr"',
    ],
    [
      'connect-home-repair-ondemand-pr',
      'homeOnDemand',
      true,
      'SPEC 1: "Brands with an on-demand or home track have their own account and contract lookup"',
    ],
    [
      'mmm',
      'hideChat',
      true,
      'SPEC 2: "chat (link) option hidden for the brands mmm, mmm-empleados, vanti and asc"',
    ],
    [
      'mmm-empleados',
      'hideChat',
      true,
      'SPEC 2: "chat (link) option hidden for the brands mmm, mmm-empleados, vanti and asc"',
    ],
    [
      'vanti',
      'hideChat',
      true,
      'SPEC 2: "chat (link) option hidden for the brands mmm, mmm-empleados, vanti and asc"',
    ],
    [
      'asc',
      'hideChat',
      true,
      'SPEC 2: "chat (link) option hidden for the brands mmm, mmm-empleados, vanti and asc"',
    ],
    [
      'mmm',
      'vehicleLookup',
      'memberId',
      'SPEC 5: "For MMM and multiple-home brands, the member id"',
    ],
    [
      'mmm-empleados',
      'vehicleLookup',
      'memberId',
      'SPEC 5: "For MMM and multiple-home brands, the member id"',
    ],
    ['mmm', 'homeOnDemand', true, 'SPEC 3 "Session fields": "isMMMHOD" (MMM home on demand)'],
    ['otium', 'vehicleLookup', 'policyNumber', 'SPEC 5: "For the otium brand, the policy number"'],
    [
      'honda',
      'corporate',
      true,
      'SPEC 6: "Corporate: honda, acura, mazda (by host) go to /corporate/home"',
    ],
    [
      'acura',
      'corporate',
      true,
      'SPEC 6: "Corporate: honda, acura, mazda (by host) go to /corporate/home"',
    ],
    [
      'mazda',
      'corporate',
      true,
      'SPEC 6: "Corporate: honda, acura, mazda (by host) go to /corporate/home"',
    ],
  ] as const)('%s.%s is %j: %s', (slug, field, value, _spec) => {
    expect(brand(slug)[field]).toBe(value);
  });

  it.each([
    [
      'connect',
      'tipping allowed',
      (b: Brand) => b.tipping.allowed,
      'SPEC 4: "the tip step is skipped when tipping is not allowed for the brand"',
    ],
    [
      'connect-home-repair-ondemand-pr',
      'home track first',
      (b: Brand) => b.tracks[0] === 'home',
      'SPEC 1: "home-repair" brand; SPEC 4 "home track after contract found"',
    ],
    [
      'honda',
      'host honda.localhost',
      (b: Brand) => b.hosts.includes('honda.localhost'),
      'SPEC 2: "The host name can decide brand and account for honda, acura and mazda"',
    ],
    [
      'acura',
      'host acura.localhost',
      (b: Brand) => b.hosts.includes('acura.localhost'),
      'SPEC 2: "The host name can decide brand and account for honda, acura and mazda"',
    ],
    [
      'mazda',
      'host mazda.localhost',
      (b: Brand) => b.hosts.includes('mazda.localhost'),
      'SPEC 2: "The host name can decide brand and account for honda, acura and mazda"',
    ],
  ] as const)('%s has %s: %s', (slug, _what, holds, _spec) => {
    expect(holds(brand(slug))).toBe(true);
  });

  it.each([
    [
      'hideChat',
      ['asc', 'mmm', 'mmm-empleados', 'vanti'],
      'SPEC 6: "Chat option hidden for mmm, mmm-empleados, vanti, asc"',
    ],
    ['paymentRequired', ['connect'], `SPEC 4: "/payment for the 'connect' brand or for a surplus"`],
    ['feesApply', ['connect'], `SPEC 9: "Fees apply only to the 'connect' brand"`],
  ] as const)('only the spec’s brands have %s: %j (%s)', (field, slugs, _spec) => {
    expect(
      BRANDS.filter((b) => b[field])
        .map((b) => b.slug)
        .sort(),
    ).toEqual([...slugs]);
  });
});

describe('variety of the catalog (SPEC 6: "Brand decides theme, which services appear, survey questions, vehicle info")', () => {
  it.each(SURVEY_QUESTION_TYPES)('some brand asks a %s question', (type: SurveyQuestionType) => {
    expect(BRANDS.some((b) => b.survey.questions.some((q) => q.type === type))).toBe(true);
  });

  it.each([
    ['co-branded', (b: Brand) => b.coBranded],
    ['vehicle lookup by name', (b: Brand) => b.vehicleLookup === 'name'],
    ['vehicle lookup by plate', (b: Brand) => b.vehicleLookup === 'plate'],
    ['receipt total hidden when zero', (b: Brand) => b.hideZeroReceiptTotal],
    ['VIN and phone in vehicle info', (b: Brand) => b.vehicleInfoShowsVinAndPhone],
    ['feedback after survey', (b: Brand) => b.feedbackAfterSurvey],
    [
      'tipping in some branches only',
      (b: Brand) => b.tipping.allowed && b.tipping.branches.length > 0,
    ],
    ['tipping excluding a service type', (b: Brand) => b.tipping.excludedServiceTypes.length > 0],
    ['home track', (b: Brand) => b.tracks.includes('home')],
    ['a font other than Inter', (b: Brand) => b.theme.font !== 'Inter'],
  ])('some brand has %s', (_what, holds) => {
    expect(BRANDS.some(holds)).toBe(true);
  });
});

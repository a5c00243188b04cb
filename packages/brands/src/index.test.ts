import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BRANDS_DIR,
  brandAssetFile,
  brandForHost,
  DEFAULT_BRAND_SLUG,
  getBrand,
  normalizeHost,
  resolveBrand,
  type BrandHints,
} from './index.ts';

describe('resolveBrand (ARCHITECTURE decision 5: brand query, then account, then host, else default)', () => {
  it.each<[string, BrandHints, string]>([
    [
      'the brand query wins over account and host',
      { brand: 'mmm', accountBrand: 'vanti', host: 'honda.localhost' },
      'mmm',
    ],
    [
      'the account brand wins over the host',
      { accountBrand: 'vanti', host: 'honda.localhost' },
      'vanti',
    ],
    ['the host decides when no query names a brand', { host: 'honda.localhost:3000' }, 'honda'],
    [
      'SPEC 2 "The host name can decide brand ... for honda, acura and mazda"',
      { host: 'acura.localhost' },
      'acura',
    ],
    ['a production host', { host: 'asistencia.mazda.example' }, 'mazda'],
    ['nothing given: the default brand', {}, DEFAULT_BRAND_SLUG],
    ['all null: the default brand', { brand: null, accountBrand: null, host: null }, 'connect'],
    [
      'an unknown brand query falls through to the account',
      { brand: 'nope', accountBrand: 'otium' },
      'otium',
    ],
    [
      'an unknown account brand falls through to the host',
      { accountBrand: 'nope', host: 'mazda.localhost' },
      'mazda',
    ],
    ['an unknown host gives the default brand', { host: 'localhost:3000' }, 'connect'],
    ['empty strings are ignored', { brand: '', accountBrand: '', host: '' }, 'connect'],
    ['the brand query is case-insensitive', { brand: 'MMM-Empleados' }, 'mmm-empleados'],
  ])('%s', (_case, hints, expected) => {
    expect(resolveBrand(hints).slug).toBe(expected);
  });
});

describe('brandForHost', () => {
  it.each([
    ['honda.localhost', 'honda'],
    ['HONDA.localhost', 'honda'],
    ['honda.localhost:5173', 'honda'],
    ['honda.localhost.', 'honda'],
    [' acura.localhost ', 'acura'],
    ['asistencia.honda.example', 'honda'],
    ['asistencia.acura.example:443', 'acura'],
    ['mazda.localhost', 'mazda'],
    ['localhost', undefined],
    ['127.0.0.1:3000', undefined],
    ['[::1]:3000', undefined],
    ['evil-honda.localhost', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j -> %s', (host, slug) => {
    expect(brandForHost(host)?.slug).toBe(slug);
  });
});

describe('normalizeHost', () => {
  it.each([
    ['Honda.LOCALHOST:3000', 'honda.localhost'],
    ['example.com.', 'example.com'],
    ['[::1]:3000', '[::1]'],
    ['plain', 'plain'],
  ])('%s -> %s', (host, expected) => {
    expect(normalizeHost(host)).toBe(expected);
  });
});

describe('getBrand and brandAssetFile', () => {
  it('hands out frozen brands, shared safely between requests', () => {
    const mmm = getBrand('mmm');
    expect(Object.isFrozen(mmm)).toBe(true);
    expect(Object.isFrozen(mmm?.theme)).toBe(true);
    expect(Object.isFrozen(mmm?.survey.questions[0])).toBe(true);
  });

  it('finds a brand by slug and gives undefined for an unknown one', () => {
    expect(getBrand('otium')?.vehicleLookup).toBe('policyNumber');
    expect(getBrand('unknown')).toBeUndefined();
    expect(getBrand(undefined)).toBeUndefined();
  });

  it.each(['logo', 'icon', 'favicon'] as const)(
    'resolves the %s inside the brand folder',
    (asset) => {
      const connect = getBrand('connect');
      if (!connect) throw new Error('connect missing');
      const file = brandAssetFile(connect, asset);
      expect(path.isAbsolute(file)).toBe(true);
      expect(file).toBe(path.join(BRANDS_DIR, 'connect', `${asset}.svg`));
    },
  );
});

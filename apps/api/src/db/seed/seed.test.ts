import { BRANDS } from '@auxilio/brands';
import { describe, expect, it } from 'vitest';
import { buildDemoData, demoAccountId } from './index.ts';
import { SeededRandom } from './random.ts';
import { avatarSvg, initialsOf, vehicleSvg, VEHICLE_TYPES } from './svg.ts';
import { randomVin, vinCheckDigit } from './vehicle-catalog.ts';

describe('demo data builder', () => {
  it('builds the same rows every time (deterministic seed)', () => {
    expect(buildDemoData(BRANDS)).toEqual(buildDemoData(BRANDS));
  });

  it('keeps existing contracts and drivers unchanged when a brand is added', () => {
    const without = buildDemoData(BRANDS.filter((brand) => brand.slug !== 'vanti'));
    const withAll = buildDemoData(BRANDS);
    const byId = new Map(withAll.contracts.map((row) => [row.id, row]));
    const kept = without.contracts.filter((row) => byId.has(row.id));
    expect(kept.length).toBeGreaterThan(0);
    for (const row of kept) expect(byId.get(row.id)).toEqual(row);
    expect(without.drivers).toEqual(withAll.drivers);
  });

  it('skips campaigns and integrations whose account is not in the catalog', () => {
    const data = buildDemoData(BRANDS.filter((brand) => brand.slug !== 'connect'));
    const connectPr = demoAccountId('connect', 'PR', 'member');
    expect(data.campaigns.some((row) => row.accountId === connectPr)).toBe(false);
    expect(data.integrations.some((row) => row.accountId === connectPr)).toBe(false);
  });
});

describe('VIN', () => {
  it.each([
    ['1M8GDM9AXKP042788', 'X'],
    ['11111111111111111', '1'],
    ['1HGCM82633A004352', '3'],
  ])('check digit of %s is %s', (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
  });

  it('generates 17 valid characters with a correct check digit', () => {
    const random = new SeededRandom('vin-test');
    for (let i = 0; i < 200; i += 1) {
      const vin = randomVin(2008 + (i % 19), random);
      expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(vin.charAt(8)).toBe(vinCheckDigit(vin));
    }
  });
});

describe('generated pictures', () => {
  it.each([
    ['José Rivera Santiago', 'JR'],
    ['Ángel Colón', 'ÁC'],
    ['Luz Marina Gómez', 'LM'],
    ['Iker', 'I'],
  ])('initials of %s are %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });

  it('escapes names in the avatar markup', () => {
    const svg = avatarSvg('Ana <b>&', 3);
    expect(svg).toContain('aria-label="Ana &lt;b&gt;&amp;"');
    expect(svg).not.toContain('<b>');
  });

  it.each(VEHICLE_TYPES)('draws a complete SVG for vehicle type %s', (type) => {
    const svg = vehicleSvg(type);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg".*<\/svg>$/s);
    expect(svg).not.toContain('COLOR');
  });
});

import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  parseHexColor,
  relativeLuminance,
  themeContrastProblems,
  WCAG_AA_TEXT_CONTRAST,
} from './contrast.ts';

const GOOD_THEME = {
  primary: '#c2410c',
  onPrimary: '#ffffff',
  background: '#ffffff',
  text: '#1f2937',
  header: '#ffffff',
  onHeader: '#1f2937',
};

describe('contrastRatio (WCAG 2.x)', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#000000', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#c2410c', '#ffffff', 5.18],
    ['#0000ff', '#ffffff', 8.59],
  ])('%s on %s is %d', (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 2);
  });

  it.each([
    ['#fff', '#ffffff'],
    ['#F0a', '#ff00aa'],
    ['#123', '#112233'],
  ])('SPEC 5 "Colour hex values may have 3 digits": %s equals %s', (short, long) => {
    expect(parseHexColor(short)).toEqual(parseHexColor(long));
    expect(contrastRatio(short, '#000')).toBeCloseTo(contrastRatio(long, '#000000'), 10);
  });

  it.each(['', '#12', '#12345', 'red', '#gggggg', '#1234567'])('rejects %j', (bad) => {
    expect(() => relativeLuminance(bad)).toThrow(/hex colour/);
  });
});

describe('themeContrastProblems', () => {
  it('passes a theme whose three text pairs reach AA', () => {
    expect(themeContrastProblems(GOOD_THEME)).toEqual([]);
  });

  it.each([
    ['text', 'background', { text: '#999999' }],
    ['onPrimary', 'primary', { primary: '#fb923c' }],
    ['onHeader', 'header', { header: '#374151', onHeader: '#4b5563' }],
  ])('flags %s on %s below %d', (fg, bg, change) => {
    const problems = themeContrastProblems({ ...GOOD_THEME, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.pair).toBe(`theme.${fg}/theme.${bg}`);
    expect(problems[0]?.ratio).toBeLessThan(WCAG_AA_TEXT_CONTRAST);
  });
});

import { expandHexColor, type BrandTheme } from '@auxilio/domain';

/** WCAG 2.x AA minimum contrast ratio for normal-size text. */
export const WCAG_AA_TEXT_CONTRAST = 4.5;

/** Parses `#rgb` or `#rrggbb` (SPEC 5: "Colour hex values may have 3 digits") into 0-255 channels. */
export function parseHexColor(hex: string): [number, number, number] {
  // The domain's one rule (SPEC 5): '#rgb' or '#rrggbb'; anything else throws.
  const full = expandHexColor(hex).slice(1);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** WCAG 2.x relative luminance of a hex colour, from 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHexColor(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two hex colours, from 1 (same) to 21 (black on white); order does not matter. */
export function contrastRatio(hexA: string, hexB: string): number {
  const a = relativeLuminance(hexA);
  const b = relativeLuminance(hexB);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The theme colour pairs that carry text: [foreground, background]. */
export const THEME_TEXT_PAIRS = [
  ['text', 'background'],
  ['onPrimary', 'primary'],
  ['onHeader', 'header'],
] as const satisfies readonly (readonly [keyof BrandTheme, keyof BrandTheme])[];

export interface ContrastProblem {
  /** e.g. 'theme.text/theme.background' */
  pair: string;
  ratio: number;
}

/** Text colour pairs of a theme below WCAG AA (4.5:1); empty when the theme passes. */
export function themeContrastProblems(
  theme: Pick<BrandTheme, (typeof THEME_TEXT_PAIRS)[number][number]>,
): ContrastProblem[] {
  return THEME_TEXT_PAIRS.flatMap(([fg, bg]) => {
    const ratio = contrastRatio(theme[fg], theme[bg]);
    return ratio >= WCAG_AA_TEXT_CONTRAST ? [] : [{ pair: `theme.${fg}/theme.${bg}`, ratio }];
  });
}

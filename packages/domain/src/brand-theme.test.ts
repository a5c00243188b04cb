import { describe, expect, it } from 'vitest';
import { BrandThemeSchema } from './brand.ts';
import { themeStyleRule, themeVariables } from './brand-theme.ts';

describe('brand theme as CSS (SPEC 1 "colour theme (default font Inter, default primary colour orange)")', () => {
  it('names every colour and the font with its variable face first', () => {
    const theme = BrandThemeSchema.parse({ primary: '#1d4ed8', header: '#1e3a8a' });
    expect(themeVariables(theme)).toEqual({
      '--color-primary': '#1d4ed8',
      '--color-on-primary': '#ffffff',
      '--color-bg': '#ffffff',
      '--color-text': '#1f2937',
      '--color-header': '#1e3a8a',
      '--color-on-header': '#1f2937',
      '--font-family': "'Inter Variable', 'Inter', system-ui, sans-serif",
    });
  });

  it('writes one :root rule a page can carry', () => {
    const rule = themeStyleRule(BrandThemeSchema.parse({}));
    expect(rule).toMatch(/^:root\{--color-primary:#c2410c;.*\}$/);
    expect(rule).toContain("--font-family:'Inter Variable', 'Inter', system-ui, sans-serif");
  });

  it('keeps a font name from closing the rule, the quotes or the style element', () => {
    const rule = themeStyleRule(BrandThemeSchema.parse({ font: "Evil'}</style><script>x" }));
    expect(rule).not.toMatch(/<|>|\}.|'}/);
    expect(rule).toContain("'Evilstylescriptx Variable'");
  });
});

import type { BrandTheme } from './brand.ts';

// SPEC 1 "Each brand has its own ... colour theme (default font Inter, default primary colour
// orange)": the theme becomes CSS variables on the page's root; every stylesheet reads only these.
// The server writes them into the page (docs/decisions/770) and the app sets them again at start.

/** A font name as CSS may quote it: letters, digits, spaces and hyphens only. */
function fontName(font: string): string {
  return font.replace(/[^\p{L}\p{N} -]/gu, '');
}

/** CSS variables set from the brand theme. */
export function themeVariables(theme: BrandTheme): Record<string, string> {
  const font = fontName(theme.font);
  return {
    '--color-primary': theme.primary,
    '--color-on-primary': theme.onPrimary,
    '--color-bg': theme.background,
    '--color-text': theme.text,
    '--color-header': theme.header,
    '--color-on-header': theme.onHeader,
    '--font-family': `'${font} Variable', '${font}', system-ui, sans-serif`,
  };
}

/** The same variables as one `:root` rule, for a `<style>` of the page. */
export function themeStyleRule(theme: BrandTheme): string {
  const declarations = Object.entries(themeVariables(theme)).map(
    ([name, value]) => `${name}:${value}`,
  );
  return `:root{${declarations.join(';')}}`;
}

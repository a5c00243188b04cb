import type { BrandTheme } from '@auxilio/domain';

// SPEC 1 "Each brand has its own ... colour theme (default font Inter, default primary colour
// orange)": the theme becomes CSS variables on <html>; every stylesheet reads only these.

/** CSS variables set from the brand theme. */
export function themeVariables(theme: BrandTheme): Record<string, string> {
  return {
    '--color-primary': theme.primary,
    '--color-on-primary': theme.onPrimary,
    '--color-bg': theme.background,
    '--color-text': theme.text,
    '--color-header': theme.header,
    '--color-on-header': theme.onHeader,
    '--font-family': `'${theme.font.replace(/'/g, '')} Variable', '${theme.font.replace(/'/g, '')}', system-ui, sans-serif`,
  };
}

export function applyTheme(theme: BrandTheme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(theme))) {
    root.style.setProperty(name, value);
  }
}

export interface DocumentBranding {
  title: string;
  themeColor: string;
  faviconUrl: string;
  iconUrl: string;
  manifestUrl: string;
}

/**
 * Keeps the head tags the server injects (title, theme colour, icons, manifest) in step with the
 * brand: a page served from the service worker's cached index.html carries the default brand's.
 */
export function applyDocumentBranding(branding: DocumentBranding, doc: Document = document): void {
  doc.title = branding.title;
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', branding.themeColor);
  doc.querySelector('link[rel="icon"]')?.setAttribute('href', branding.faviconUrl);
  doc.querySelector('link[rel="apple-touch-icon"]')?.setAttribute('href', branding.iconUrl);
  doc.querySelector('link[rel="manifest"]')?.setAttribute('href', branding.manifestUrl);
}

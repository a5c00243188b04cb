import { themeVariables, type BrandTheme } from '@auxilio/domain';

// SPEC 1 brand theme: the CSS variables of the brand (packages/domain brand-theme.ts) on <html>.

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

import { describe, expect, it } from 'vitest';
import { applyDocumentBranding, applyTheme } from './theme.ts';
import { testBrand } from '../test/fixtures.ts';

describe('brand theme (SPEC 1 "colour theme (default font Inter, default primary colour orange)")', () => {
  it('sets the CSS variables from the brand theme', () => {
    const brand = testBrand({
      theme: { primary: '#1d4ed8', header: '#1e3a8a', onHeader: '#ffffff', font: 'Inter' },
    });
    applyTheme(brand.theme);
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-primary')).toBe('#1d4ed8');
    expect(style.getPropertyValue('--color-header')).toBe('#1e3a8a');
    expect(style.getPropertyValue('--color-on-header')).toBe('#ffffff');
    expect(style.getPropertyValue('--color-on-primary')).toBe('#ffffff');
    expect(style.getPropertyValue('--font-family')).toContain("'Inter Variable'");
  });

  it('a brand without colours gets the default orange', () => {
    applyTheme(testBrand().theme);
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#c2410c');
  });

  it('rebrands the head tags the server writes', () => {
    document.head.innerHTML = `<title>Auxilio</title><meta name="theme-color" content="#c2410c">
      <link rel="icon" href="/brands/connect/favicon.svg"><link rel="apple-touch-icon" href="/brands/connect/icon.svg">
      <link rel="manifest" href="/manifest.webmanifest?brand=connect">`;
    applyDocumentBranding({
      title: 'MMM Asistencia',
      themeColor: '#1d4ed8',
      faviconUrl: '/brands/mmm/favicon.svg',
      iconUrl: '/brands/mmm/icon.svg',
      manifestUrl: '/manifest.webmanifest?brand=mmm',
    });
    expect(document.title).toBe('MMM Asistencia');
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute(
      'content',
      '#1d4ed8',
    );
    expect(document.querySelector('link[rel="icon"]')).toHaveAttribute(
      'href',
      '/brands/mmm/favicon.svg',
    );
    expect(document.querySelector('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest?brand=mmm',
    );
  });
});

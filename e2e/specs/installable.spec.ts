import { BRANDS } from '@auxilio/brands';
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/browser.ts';

// Installable on every phone (docs/decisions/740), against the real build and API: each
// catalog brand's manifest lists PNG icons that the build holds, at the sizes it says, for `any` and
// `maskable`; the page links iOS's 180 px PNG apple-touch-icon; and the manifest follows `lang`.

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

async function get(path: string): Promise<Response> {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { accept: 'text/html,*/*' } });
  expect(response.status, path).toBe(200);
  return response;
}

/** Width x height from a PNG's IHDR chunk. */
async function pngSize(path: string): Promise<string> {
  const response = await get(path);
  expect(response.headers.get('content-type'), path).toBe('image/png');
  const png = Buffer.from(await response.arrayBuffer());
  expect(png.subarray(1, 4).toString('latin1'), path).toBe('PNG');
  expect(png.toString('latin1', 12, 16), path).toBe('IHDR');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

describe('installable on every phone', () => {
  it.each(BRANDS.map((brand) => brand.slug))(
    '%s: PNG icons for any and maskable, and a 180 px apple-touch-icon',
    async (slug) => {
      const html = await (await get(`/?brand=${slug}`)).text();
      const manifestHref = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
      const appleTouch = /<link rel="apple-touch-icon" href="([^"]+)" sizes="180x180">/.exec(html);
      expect(manifestHref).toBe(`/manifest.webmanifest?brand=${slug}`);
      expect(appleTouch?.[1]).toBe(`/brand-icons/${slug}/apple-touch-icon.png`);
      expect(await pngSize(appleTouch?.[1] ?? '')).toBe('180x180');

      const manifest = (await (await get(manifestHref ?? '')).json()) as { icons: ManifestIcon[] };
      const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
      expect(pngs.map((icon) => `${icon.purpose} ${icon.sizes}`)).toEqual([
        'any 192x192',
        'any 512x512',
        'maskable 512x512',
      ]);
      for (const icon of pngs) expect(await pngSize(icon.src)).toBe(icon.sizes);
    },
  );

  it('the manifest follows the page language', async () => {
    const html = await (await get('/services?brand=connect&lang=en')).text();
    const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(href).toBe('/manifest.webmanifest?brand=connect&lang=en');
    const english = (await (await get(href ?? '')).json()) as Record<string, unknown>;
    expect(english).toMatchObject({ lang: 'en', start_url: '/?brand=connect&lang=en' });
    expect(english['description']).toMatch(/^Request roadside and home assistance/);
  });
});

// @vitest-environment node
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import * as catalog from '@auxilio/brands';
import { BRAND_PNG_ICONS, BRANDS, brandAssetFile } from '@auxilio/brands';
import { describe, expect, it } from 'vitest';
import { drawBrandIcons, SAFE_ZONE_RADIUS, type DrawnIcon } from './brand-icons.ts';

// docs/decisions/740: every catalog brand gets its PNG icons at the sizes of BRAND_PNG_ICONS; the
// maskable and apple-touch icons are opaque, full-bleed, with the mark inside the safe zone. The
// PNGs are read back byte by byte (header, then pixels), not trusted from the drawing code.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface DecodedPng {
  width: number;
  height: number;
  /** RGBA, row after row. */
  pixels: Buffer;
}

/** Width and height from the IHDR chunk, which follows the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Decodes an 8-bit RGBA, non-interlaced PNG (what resvg writes). */
function decodePng(png: Buffer): DecodedPng {
  const { width, height } = pngSize(png);
  expect({ depth: png[24], colourType: png[25], interlace: png[28] }).toEqual({
    depth: 8,
    colourType: 6,
    interlace: 0,
  });
  const data: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') data.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= 4 ? (pixels[y * stride + x - 4] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = x >= 4 && y > 0 ? (pixels[(y - 1) * stride + x - 4] ?? 0) : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      };
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter ?? 0] ?? 0;
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, pixels };
}

function pixel(image: DecodedPng, x: number, y: number): number[] {
  const at = (y * image.width + x) * 4;
  return [...image.pixels.subarray(at, at + 4)];
}

/** Pixels outside the safe zone's circle that are not the corner's colour (a few antialiased). */
function pixelsOutsideSafeZone(image: DecodedPng): number {
  const corner = pixel(image, 0, 0);
  const radius = SAFE_ZONE_RADIUS * image.width;
  let count = 0;
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const distance = Math.hypot(x + 0.5 - image.width / 2, y + 0.5 - image.height / 2);
      if (distance <= radius) continue;
      const differs = pixel(image, x, y).some(
        (channel, i) => Math.abs(channel - (corner[i] ?? 0)) > 8,
      );
      if (differs) count += 1;
    }
  }
  return count;
}

function iconsOf(brand: (typeof BRANDS)[number]): DrawnIcon[] {
  return drawBrandIcons(brand, readFileSync(brandAssetFile(brand, 'icon'), 'utf8'), catalog);
}

function drawn(icons: DrawnIcon[], file: string): DrawnIcon {
  const found = icons.find((icon) => icon.icon.file === file);
  if (!found) throw new Error(`${file} was not drawn`);
  return found;
}

describe('brand PNG icons', () => {
  it('the set: 192 and 512 for any, a maskable 512 and the 180 apple-touch-icon', () => {
    expect(BRAND_PNG_ICONS.map(({ file, size, use }) => [file, size, use])).toEqual([
      ['icon-192.png', 192, 'any'],
      ['icon-512.png', 512, 'any'],
      ['maskable-512.png', 512, 'maskable'],
      ['apple-touch-icon.png', 180, 'apple-touch-icon'],
    ]);
  });

  it.each(BRANDS.map((brand) => [brand.slug, brand] as const))(
    '%s: every icon is a PNG of its size under brand-icons/<slug>/; the maskable and apple-touch ones are opaque with the mark in the safe zone',
    (slug, brand) => {
      const icons = iconsOf(brand);
      expect(icons.map((icon) => icon.fileName)).toEqual(
        BRAND_PNG_ICONS.map((icon) => `brand-icons/${slug}/${icon.file}`),
      );
      for (const { icon, png } of icons) {
        expect(pngSize(png), icon.file).toEqual({ width: icon.size, height: icon.size });
      }
      for (const file of ['maskable-512.png', 'apple-touch-icon.png']) {
        const image = decodePng(drawn(icons, file).png);
        expect(pixel(image, 0, 0)[3], `${file} corner alpha`).toBe(255);
        expect(pixelsOutsideSafeZone(image), file).toBe(0);
      }
    },
  );

  it('shrinks a mark that reaches outside the safe zone into it, on the icon background', () => {
    // A red icon whose white disc nearly touches the edges (radius 49% of the size).
    const wide =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">' +
      '<rect width="100" height="100" fill="#c00000"/><circle cx="50" cy="50" r="49" fill="#fff"/></svg>';
    const icons = drawBrandIcons({ slug: 'wide', theme: { primary: '#123456' } }, wide, catalog);
    const any = decodePng(drawn(icons, 'icon-512.png').png);
    expect(pixelsOutsideSafeZone(any)).toBeGreaterThan(1000);
    const maskable = decodePng(drawn(icons, 'maskable-512.png').png);
    expect(pixel(maskable, 0, 0)).toEqual([0xc0, 0, 0, 255]);
    expect(pixelsOutsideSafeZone(maskable)).toBe(0);
    // Still the same drawing: white at the centre.
    expect(pixel(maskable, 256, 256)).toEqual([255, 255, 255, 255]);
  });

  it('puts an icon with a transparent background on the brand primary colour', () => {
    const bare =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">' +
      '<circle cx="50" cy="50" r="20" fill="#ffffff"/></svg>';
    const icons = drawBrandIcons({ slug: 'bare', theme: { primary: '#336699' } }, bare, catalog);
    const apple = decodePng(drawn(icons, 'apple-touch-icon.png').png);
    expect(pixel(apple, 0, 0)).toEqual([0x33, 0x66, 0x99, 255]);
    expect(pixelsOutsideSafeZone(apple)).toBe(0);
  });
});

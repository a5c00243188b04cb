import { IMAGE_QUALITY } from '@auxilio/domain';
import { describe, expect, it, vi } from 'vitest';
import {
  PHOTO_MAX_EDGE_PX,
  PhotoNotSupportedError,
  preparePhoto,
  scaledSize,
  type PhotoCodec,
} from './prepare-photo.ts';

// SPEC 5 "Image processing quality 30" and SPEC 9 "image quality 30": what leaves the phone is a
// JPEG encoded at quality 30, at most PHOTO_MAX_EDGE_PX on its longest side (decision 660). The
// browser's decoder and canvas are the stand-in here; the e2e spec runs the real ones in Chromium.

function fakeCodec(size: { width: number; height: number } | 'undecodable') {
  const encoded: { width: number; height: number; quality: number }[] = [];
  const closed = vi.fn();
  const codec: PhotoCodec = {
    decode: () =>
      size === 'undecodable'
        ? Promise.reject(new Error('cannot decode'))
        : Promise.resolve({ ...size, source: {} as CanvasImageSource, close: closed }),
    encodeJpeg: (_picture, width, height, quality) => {
      encoded.push({ width, height, quality });
      return Promise.resolve(new Blob([new Uint8Array(10)], { type: 'image/jpeg' }));
    },
  };
  return { codec, encoded, closed };
}

describe('scaledSize', () => {
  it.each([
    [4000, 3000, 1600, 1200],
    [3000, 4000, 1200, 1600],
    [1600, 900, 1600, 900],
    [640, 480, 640, 480],
    [5000, 1, 1600, 1],
  ])('%i x %i becomes %i x %i', (width, height, w, h) => {
    expect(scaledSize(width, height)).toEqual({ width: w, height: h });
  });
});

describe('preparePhoto', () => {
  it('re-encodes a camera photo as a JPEG at quality 30, scaled down, and releases the bitmap', async () => {
    const { codec, encoded, closed } = fakeCodec({ width: 4032, height: 3024 });
    const original = new Blob([new Uint8Array(2000)], { type: 'image/png' });
    const prepared = await preparePhoto(original, codec);
    expect(IMAGE_QUALITY).toBe(30);
    expect(encoded).toEqual([{ width: PHOTO_MAX_EDGE_PX, height: 1200, quality: 0.3 }]);
    expect(prepared.contentType).toBe('image/jpeg');
    expect(prepared.blob.type).toBe('image/jpeg');
    expect(closed).toHaveBeenCalledOnce();
  });

  it('a picture this browser cannot decode goes as it is when the store accepts its type', async () => {
    const { codec, encoded } = fakeCodec('undecodable');
    const heic = new Blob([new Uint8Array(30)], { type: 'image/heic' });
    const prepared = await preparePhoto(heic, codec);
    expect(prepared).toEqual({ blob: heic, contentType: 'image/heic' });
    expect(encoded).toEqual([]);
  });

  it('SPEC 8 "Unknown image type: Warning logged": an unreadable unknown type is refused', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { codec } = fakeCodec('undecodable');
    await expect(
      preparePhoto(new Blob(['x'], { type: 'image/x-raw' }), codec),
    ).rejects.toBeInstanceOf(PhotoNotSupportedError);
    expect(warn).toHaveBeenCalledWith('[inspection] unknown image type', 'image/x-raw');
  });
});

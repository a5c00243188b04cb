import {
  IMAGE_QUALITY,
  imageExtensionFromMime,
  UploadContentTypeSchema,
  type UploadContentType,
} from '@auxilio/domain';

// SPEC 9 "image quality 30" and SPEC 5 "Image processing quality 30": every photo of a service is
// re-encoded in the browser as a JPEG at quality 30 before it leaves the phone, and its longest side
// is brought down to PHOTO_MAX_EDGE_PX (decision 660), so a photo is a few hundred kilobytes on a
// weak signal instead of several megabytes.

/** Longest side, in pixels, of a photo as uploaded (a phone camera's 4000 px become 1600 px). */
export const PHOTO_MAX_EDGE_PX = 1600;

/** A photo ready to upload. */
export interface PreparedPhoto {
  blob: Blob;
  contentType: UploadContentType;
}

/** A decoded picture, to be drawn once and released. */
export interface DecodedPicture {
  width: number;
  height: number;
  source: CanvasImageSource;
  close(): void;
}

/** Decoding and JPEG encoding: the browser's, or a stand-in in tests. */
export interface PhotoCodec {
  decode(file: Blob): Promise<DecodedPicture>;
  /** Draws `picture` at `width` x `height` and encodes it as image/jpeg at `quality` (0..1). */
  encodeJpeg(
    picture: DecodedPicture,
    width: number,
    height: number,
    quality: number,
  ): Promise<Blob>;
}

/** The picture's size once its longest side is at most `maxEdge` (never enlarged). */
export function scaledSize(
  width: number,
  height: number,
  maxEdge: number = PHOTO_MAX_EDGE_PX,
): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** The browser's codec: createImageBitmap (EXIF orientation applied) and a canvas. */
export const browserPhotoCodec: PhotoCodec = {
  decode: async (file) => {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return {
      width: bitmap.width,
      height: bitmap.height,
      source: bitmap,
      close: () => {
        bitmap.close();
      },
    };
  },
  encodeJpeg: (picture, width, height, quality) =>
    new Promise((resolve, reject) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) {
        reject(new Error('No 2D canvas'));
        return;
      }
      context.drawImage(picture.source, 0, 0, width, height);
      canvas.toBlob(
        (blob) => {
          if (blob) resolve(blob);
          else reject(new Error('The canvas made no JPEG'));
        },
        'image/jpeg',
        quality,
      );
    }),
};

/** The file is not a picture this phone can read nor one the storage service accepts. */
export class PhotoNotSupportedError extends Error {
  override readonly name = 'PhotoNotSupportedError';
}

/**
 * The photo as it is uploaded: a JPEG at IMAGE_QUALITY, at most PHOTO_MAX_EDGE_PX on its longest
 * side. A picture this browser cannot decode (HEIC on most of them) goes as it is when the storage
 * service accepts its type.
 */
export async function preparePhoto(
  file: Blob,
  codec: PhotoCodec = browserPhotoCodec,
): Promise<PreparedPhoto> {
  let picture: DecodedPicture;
  try {
    picture = await codec.decode(file);
  } catch (error) {
    const accepted = UploadContentTypeSchema.safeParse(file.type);
    if (!accepted.success) {
      // SPEC 8 "Unknown image type: Warning logged".
      if (!imageExtensionFromMime(file.type).known) {
        console.warn('[inspection] unknown image type', file.type);
      }
      throw new PhotoNotSupportedError(`Cannot read a ${file.type || 'file without type'}`, {
        cause: error,
      });
    }
    return { blob: file, contentType: accepted.data };
  }
  try {
    const { width, height } = scaledSize(picture.width, picture.height);
    const blob = await codec.encodeJpeg(picture, width, height, IMAGE_QUALITY / 100);
    return { blob, contentType: 'image/jpeg' };
  } finally {
    picture.close();
  }
}

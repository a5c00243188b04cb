import type { ServicePhoto } from '@auxilio/domain';
import type { LocalPhoto } from './use-photo-upload-queue.ts';

/** One tile: a photo the service holds, one on its way, or both (just recorded). */
export interface PhotoTile {
  photoId: string;
  src: string;
  local: LocalPhoto | undefined;
  recorded: boolean;
}

/**
 * The photos to show: the recorded ones first (oldest first), then those still on their way. A
 * photo just sent shows the picture on this phone while it is here: no second download.
 */
export function photoTiles(recorded: readonly ServicePhoto[], local: readonly LocalPhoto[]) {
  const localById = new Map(local.map((photo) => [photo.photoId, photo]));
  const tiles: PhotoTile[] = [
    ...recorded.map((photo) => {
      const mine = localById.get(photo.photoId);
      return {
        photoId: photo.photoId,
        src: mine?.previewUrl ?? photo.signedUrl,
        local: mine,
        recorded: true,
      };
    }),
    ...local
      .filter((photo) => !recorded.some((r) => r.photoId === photo.photoId))
      .map((photo) => ({
        photoId: photo.photoId,
        src: photo.previewUrl,
        local: photo,
        recorded: false,
      })),
  ];
  return tiles;
}

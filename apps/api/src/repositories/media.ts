import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { media } from '../db/schema.ts';

export interface MediaFile {
  id: string;
  contentType: string;
  body: string;
  sha256: string;
}

export interface MediaRepository {
  findById(id: string): Promise<MediaFile | undefined>;
}

export function createMediaRepository(db: Db): MediaRepository {
  return {
    findById: async (id) => {
      const [row] = await db
        .select({
          id: media.id,
          contentType: media.contentType,
          body: media.body,
          sha256: media.sha256,
        })
        .from(media)
        .where(eq(media.id, id))
        .limit(1);
      return row;
    },
  };
}

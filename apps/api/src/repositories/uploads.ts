import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { uploads } from '../db/schema.ts';

// The objects of the storage service (decisions 403-404): one row per key handed out for upload.
// Only keys in this table are ever signed for download. An accident photo is one row per service and
// photo id, recorded on the service once its bytes are stored (decision 660).

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;

/** An upload recorded as a photo of its service. */
export type RecordedPhotoRow = UploadRow & { photoId: string; recordedAt: Date };

export interface UploadsRepository {
  findByKey(key: string): Promise<UploadRow | undefined>;
  /** The upload of one photo of a service. */
  findPhoto(serviceId: string, photoId: string): Promise<UploadRow | undefined>;
  /**
   * Inserts the upload of a photo unless that service already has one with the photo id; answers
   * the stored row either way (a retry, even a concurrent one, never makes a second row).
   */
  createPhotoOnce(upload: NewUploadRow & { photoId: string }): Promise<UploadRow>;
  countForService(serviceId: string): Promise<number>;
  /** The photos recorded on a service, oldest first. */
  listRecordedPhotos(serviceId: string): Promise<RecordedPhotoRow[]>;
  /** Records the size of the bytes stored under the key (local store). */
  markStored(key: string, size: number): Promise<void>;
}

export function createUploadsRepository(db: Db): UploadsRepository {
  const findPhoto = async (serviceId: string, photoId: string) => {
    const [row] = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.serviceId, serviceId), eq(uploads.photoId, photoId)))
      .limit(1);
    return row;
  };
  return {
    findByKey: async (key) => {
      const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
      return row;
    },
    findPhoto,
    createPhotoOnce: async (upload) => {
      const [inserted] = await db
        .insert(uploads)
        .values(upload)
        .onConflictDoNothing({ target: [uploads.serviceId, uploads.photoId] })
        .returning();
      const row = inserted ?? (await findPhoto(upload.serviceId, upload.photoId));
      if (!row) throw new Error(`upload of photo ${upload.photoId} neither inserted nor found`);
      return row;
    },
    countForService: async (serviceId) => {
      const [row] = await db
        .select({ n: count() })
        .from(uploads)
        .where(eq(uploads.serviceId, serviceId));
      return row?.n ?? 0;
    },
    listRecordedPhotos: async (serviceId) =>
      (await db
        .select()
        .from(uploads)
        .where(
          and(
            eq(uploads.serviceId, serviceId),
            isNotNull(uploads.photoId),
            isNotNull(uploads.recordedAt),
          ),
        )
        .orderBy(asc(uploads.recordedAt), asc(uploads.photoId))) as RecordedPhotoRow[],
    markStored: async (key, size) => {
      await db.update(uploads).set({ size }).where(eq(uploads.key, key));
    },
  };
}

/**
 * Inside a service write (decision 204): marks the photo recorded with the size stored (the first
 * record time stays). Undefined when the service has no upload with that photo id; `first` is false
 * when it was recorded before.
 */
export async function recordPhotoInTransaction(
  tx: Db,
  photo: { serviceId: string; photoId: string; size: number; now: Date },
): Promise<{ photo: RecordedPhotoRow; first: boolean } | undefined> {
  const where = and(eq(uploads.serviceId, photo.serviceId), eq(uploads.photoId, photo.photoId));
  const [current] = await tx.select().from(uploads).where(where).limit(1).for('update');
  if (!current) return undefined;
  const [row] = await tx
    .update(uploads)
    .set({ size: photo.size, recordedAt: current.recordedAt ?? photo.now })
    .where(where)
    .returning();
  if (!row) return undefined;
  return { photo: row as RecordedPhotoRow, first: current.recordedAt === null };
}

/** How many photos are recorded on the service: the situation specification's imagesCount. */
export async function countRecordedPhotos(tx: Db, serviceId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(uploads)
    .where(
      and(
        eq(uploads.serviceId, serviceId),
        isNotNull(uploads.photoId),
        isNotNull(uploads.recordedAt),
      ),
    );
  return row?.n ?? 0;
}

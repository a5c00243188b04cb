import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { uploads, type PhotoTaker } from '../db/schema.ts';

// The objects of the storage service (decisions 403-404): one row per key handed out for upload.
// Only keys in this table are ever signed for download. An accident photo is one row per service and
// photo id, recorded on the service once its bytes are stored (decision 660). The customer's and the
// driver's photos of a service (decision 761) are apart: each read and count is of one taker.

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;

/** An upload recorded as a photo of its service. */
export type RecordedPhotoRow = UploadRow & { photoId: string; recordedAt: Date };

export interface UploadsRepository {
  findByKey(key: string): Promise<UploadRow | undefined>;
  /** The upload of one photo of a service taken by `takenBy`. */
  findPhoto(
    serviceId: string,
    photoId: string,
    takenBy?: PhotoTaker,
  ): Promise<UploadRow | undefined>;
  /**
   * Inserts the upload of a photo unless that service already has one with the photo id; answers
   * the stored row either way (a retry, even a concurrent one, never makes a second row); that
   * row may be the other taker's, for the caller to refuse.
   */
  createPhotoOnce(upload: NewUploadRow & { photoId: string }): Promise<UploadRow>;
  /** Uploads of the service taken by `takenBy`, recorded or not. */
  countForService(serviceId: string, takenBy?: PhotoTaker): Promise<number>;
  /** The photos taken by `takenBy` recorded on a service, oldest first. */
  listRecordedPhotos(serviceId: string, takenBy?: PhotoTaker): Promise<RecordedPhotoRow[]>;
  /**
   * Marks a driver's photo recorded with the size stored (the first record time stays), outside a
   * service write: it changes nothing of the service. Undefined when there is no such upload.
   */
  recordDriverPhoto(photo: {
    serviceId: string;
    photoId: string;
    size: number;
    now: Date;
  }): Promise<RecordedPhotoRow | undefined>;
  /** Records the size of the bytes stored under the key (local store). */
  markStored(key: string, size: number): Promise<void>;
}

export function createUploadsRepository(db: Db): UploadsRepository {
  const findPhoto = async (serviceId: string, photoId: string, takenBy?: PhotoTaker) => {
    const [row] = await db
      .select()
      .from(uploads)
      .where(
        and(
          eq(uploads.serviceId, serviceId),
          eq(uploads.photoId, photoId),
          takenBy === undefined ? undefined : eq(uploads.takenBy, takenBy),
        ),
      )
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
      // Whoever took it: the caller refuses another taker's photo id.
      const row = inserted ?? (await findPhoto(upload.serviceId, upload.photoId));
      if (!row) throw new Error(`upload of photo ${upload.photoId} neither inserted nor found`);
      return row;
    },
    countForService: async (serviceId, takenBy = 'customer') => {
      const [row] = await db
        .select({ n: count() })
        .from(uploads)
        .where(and(eq(uploads.serviceId, serviceId), eq(uploads.takenBy, takenBy)));
      return row?.n ?? 0;
    },
    listRecordedPhotos: async (serviceId, takenBy = 'customer') =>
      (await db
        .select()
        .from(uploads)
        .where(recordedPhotosOf(serviceId, takenBy))
        .orderBy(asc(uploads.recordedAt), asc(uploads.photoId))) as RecordedPhotoRow[],
    recordDriverPhoto: async (photo) => {
      const [row] = await db
        .update(uploads)
        .set({
          size: photo.size,
          recordedAt: sql`coalesce(${uploads.recordedAt}, ${photo.now.toISOString()}::timestamptz)`,
        })
        .where(
          and(
            eq(uploads.serviceId, photo.serviceId),
            eq(uploads.photoId, photo.photoId),
            eq(uploads.takenBy, 'driver'),
          ),
        )
        .returning();
      return row as RecordedPhotoRow | undefined;
    },
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
  const where = and(
    eq(uploads.serviceId, photo.serviceId),
    eq(uploads.photoId, photo.photoId),
    eq(uploads.takenBy, 'customer'),
  );
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

/**
 * How many of the customer's photos are recorded on the service: the situation specification's
 * imagesCount (the driver's photos are not accident documentation).
 */
export async function countRecordedPhotos(tx: Db, serviceId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(uploads)
    .where(recordedPhotosOf(serviceId, 'customer'));
  return row?.n ?? 0;
}

/** The recorded photos of a service taken by `takenBy`. */
function recordedPhotosOf(serviceId: string, takenBy: PhotoTaker) {
  return and(
    eq(uploads.serviceId, serviceId),
    eq(uploads.takenBy, takenBy),
    isNotNull(uploads.photoId),
    isNotNull(uploads.recordedAt),
  );
}

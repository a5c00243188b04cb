import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { uploads } from '../db/schema.ts';

// The objects of the storage service (decisions 403-404): one row per key handed out for upload.
// Only keys in this table are ever signed for download.

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;

export interface UploadsRepository {
  create(upload: NewUploadRow): Promise<void>;
  findByKey(key: string): Promise<UploadRow | undefined>;
  countForService(serviceId: string): Promise<number>;
  /** Records the size of the bytes stored under the key (local store). */
  markStored(key: string, size: number): Promise<void>;
}

export function createUploadsRepository(db: Db): UploadsRepository {
  return {
    create: async (upload) => {
      await db.insert(uploads).values(upload);
    },
    findByKey: async (key) => {
      const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
      return row;
    },
    countForService: async (serviceId) => {
      const [row] = await db
        .select({ n: count() })
        .from(uploads)
        .where(eq(uploads.serviceId, serviceId));
      return row?.n ?? 0;
    },
    markStored: async (key, size) => {
      await db.update(uploads).set({ size }).where(eq(uploads.key, key));
    },
  };
}

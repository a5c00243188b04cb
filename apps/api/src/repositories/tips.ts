import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tips } from '../db/schema.ts';

// The one tip of a service (decision 254). It is written with its `tip` event by the services
// repository (`recordTip`, one transaction with the payment claim); this file holds its SQL.

export type TipRow = typeof tips.$inferSelect;
export type NewTipRow = typeof tips.$inferInsert;

export interface TipsRepository {
  findByService(serviceId: string): Promise<TipRow | undefined>;
}

/** The service's tip, read inside `tx`. */
export async function findTipOfService(tx: Db, serviceId: string): Promise<TipRow | undefined> {
  return (await tx.select().from(tips).where(eq(tips.serviceId, serviceId)).limit(1))[0];
}

/** Inserts a tip inside `tx` and answers the stored row. */
export async function insertTip(tx: Db, tip: NewTipRow): Promise<TipRow> {
  const [inserted] = await tx.insert(tips).values(tip).returning();
  if (!inserted) throw new Error(`tip for service ${tip.serviceId} returned no row`);
  return inserted;
}

export function createTipsRepository(db: Db): TipsRepository {
  return {
    findByService: (serviceId) => findTipOfService(db, serviceId),
  };
}

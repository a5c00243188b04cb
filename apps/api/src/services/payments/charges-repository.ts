import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cardCharges } from '../../db/schema.ts';

export type CardChargeRow = typeof cardCharges.$inferSelect;
export type NewCardChargeRow = typeof cardCharges.$inferInsert;

export interface CardChargesRepository {
  /**
   * Stores the charge unless one with its idempotency key exists; answers the stored row either way
   * (`created` false for an earlier one), so concurrent retries record one charge.
   */
  insertOnce(charge: NewCardChargeRow): Promise<{ created: boolean; charge: CardChargeRow }>;
  /** The charge with this id (SPEC 3 chargeIdStripe), recorded by this API. */
  findById(id: string): Promise<CardChargeRow | undefined>;
}

export function createCardChargesRepository(db: Db): CardChargesRepository {
  return {
    async insertOnce(charge) {
      const [inserted] = await db
        .insert(cardCharges)
        .values(charge)
        .onConflictDoNothing({ target: cardCharges.idempotencyKey })
        .returning();
      if (inserted) return { created: true, charge: inserted };
      const [stored] = await db
        .select()
        .from(cardCharges)
        .where(eq(cardCharges.idempotencyKey, charge.idempotencyKey))
        .limit(1);
      if (!stored) throw new Error(`card charge ${charge.idempotencyKey} vanished`);
      return { created: false, charge: stored };
    },
    findById: async (id) =>
      (await db.select().from(cardCharges).where(eq(cardCharges.id, id)).limit(1))[0],
  };
}

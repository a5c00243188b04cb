import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mobilePayments } from '../db/schema.ts';

// The mobile payments this API started (decisions 433-434): the provider's ticket and what it pays.

export type MobilePaymentRow = typeof mobilePayments.$inferSelect;
export type NewMobilePaymentRow = typeof mobilePayments.$inferInsert;

export interface MobilePaymentsRepository {
  /**
   * Stores the payment unless one with its idempotency key exists; answers the stored row either
   * way (`created` false for an earlier one).
   */
  insertOnce(
    payment: NewMobilePaymentRow,
  ): Promise<{ created: boolean; payment: MobilePaymentRow }>;
  findByIdempotencyKey(key: string): Promise<MobilePaymentRow | undefined>;
  findById(id: string): Promise<MobilePaymentRow | undefined>;
  /** Records the provider's latest state of the payment. */
  updateState(
    id: string,
    state: Pick<MobilePaymentRow, 'status' | 'referenceNumber'>,
  ): Promise<MobilePaymentRow | undefined>;
}

export function createMobilePaymentsRepository(db: Db): MobilePaymentsRepository {
  const findByIdempotencyKey = async (key: string) =>
    (
      await db.select().from(mobilePayments).where(eq(mobilePayments.idempotencyKey, key)).limit(1)
    )[0];
  return {
    async insertOnce(payment) {
      const [inserted] = await db
        .insert(mobilePayments)
        .values(payment)
        .onConflictDoNothing({ target: mobilePayments.idempotencyKey })
        .returning();
      if (inserted) return { created: true, payment: inserted };
      const stored = await findByIdempotencyKey(payment.idempotencyKey);
      if (!stored) throw new Error(`mobile payment ${payment.idempotencyKey} vanished`);
      return { created: false, payment: stored };
    },
    findByIdempotencyKey,
    findById: async (id) =>
      (await db.select().from(mobilePayments).where(eq(mobilePayments.id, id)).limit(1))[0],
    updateState: async (id, state) =>
      (await db.update(mobilePayments).set(state).where(eq(mobilePayments.id, id)).returning())[0],
  };
}

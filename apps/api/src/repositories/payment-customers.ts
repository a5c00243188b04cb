import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { paymentCustomers } from '../db/schema.ts';

export type PaymentCustomerRow = typeof paymentCustomers.$inferSelect;
export type NewPaymentCustomerRow = typeof paymentCustomers.$inferInsert;

/** The paying customers of `POST /dispatch/cCustomer` (decision 127). */
export interface PaymentCustomersRepository {
  /** The customer of this provider, account and (lower-case) e-mail, if registered. */
  find(provider: string, accountId: string, email: string): Promise<PaymentCustomerRow | undefined>;
  /**
   * Stores the customer unless its provider, account and e-mail already have one; answers the
   * stored row either way, so concurrent retries keep one customer.
   */
  insertOnce(customer: NewPaymentCustomerRow): Promise<PaymentCustomerRow>;
}

export function createPaymentCustomersRepository(db: Db): PaymentCustomersRepository {
  const find: PaymentCustomersRepository['find'] = async (provider, accountId, email) => {
    const [row] = await db
      .select()
      .from(paymentCustomers)
      .where(
        and(
          eq(paymentCustomers.provider, provider),
          eq(paymentCustomers.accountId, accountId),
          eq(paymentCustomers.email, email),
        ),
      )
      .limit(1);
    return row;
  };
  return {
    find,
    async insertOnce(customer) {
      const [inserted] = await db
        .insert(paymentCustomers)
        .values(customer)
        .onConflictDoNothing({
          target: [paymentCustomers.provider, paymentCustomers.accountId, paymentCustomers.email],
        })
        .returning();
      if (inserted) return inserted;
      const stored = await find(customer.provider, customer.accountId, customer.email);
      if (!stored) throw new Error(`payment customer ${customer.email} vanished`);
      return stored;
    },
  };
}

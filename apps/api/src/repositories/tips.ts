import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { services, tips } from '../db/schema.ts';
import { appendServiceEvent } from './service-events.ts';
import type { ServiceRow } from './services.ts';

export type TipRow = typeof tips.$inferSelect;
export type NewTipRow = typeof tips.$inferInsert;

export type TipOutcome =
  { kind: 'created'; tip: TipRow } | { kind: 'existing'; tip: TipRow } | { kind: 'no-service' };

export interface TipsRepository {
  /**
   * Records the service's one tip and a `tip` event in one transaction, after `check(service)` on
   * the locked service row (it throws to refuse). When the service already has a tip, nothing is
   * written and the stored tip is answered ('existing').
   */
  recordOnce(tip: NewTipRow, check: (service: ServiceRow) => void): Promise<TipOutcome>;
}

export function createTipsRepository(db: Db): TipsRepository {
  return {
    recordOnce: (tip, check) =>
      db.transaction(async (tx): Promise<TipOutcome> => {
        const [service] = await tx
          .select()
          .from(services)
          .where(eq(services.id, tip.serviceId))
          .for('update')
          .limit(1);
        if (!service) return { kind: 'no-service' };
        const [stored] = await tx
          .select()
          .from(tips)
          .where(eq(tips.serviceId, service.id))
          .limit(1);
        if (stored) return { kind: 'existing', tip: stored };
        check(service);
        const [inserted] = await tx.insert(tips).values(tip).returning();
        if (!inserted) throw new Error(`tip for service ${service.id} returned no row`);
        await appendServiceEvent(tx, service.id, 'tip', {
          tipId: inserted.id,
          amount: inserted.amountCents,
          currency: inserted.currency,
          paymentMethod: inserted.paymentType,
        });
        return { kind: 'created', tip: inserted };
      }),
  };
}

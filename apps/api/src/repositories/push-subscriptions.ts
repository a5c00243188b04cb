import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pushSubscriptions, services } from '../db/schema.ts';
import { appendServiceEvent } from './service-events.ts';

// Web Push subscriptions (ARCHITECTURE decision 7; decision 450): one row per browser endpoint,
// tied to the service whose customer opted in.

export interface PushSubscriptionKeys {
  p256dh: string;
  auth: string;
}

export interface StoredPushSubscription {
  id: string;
  serviceId: string;
  endpoint: string;
  keys: PushSubscriptionKeys;
  language: string;
}

export interface NewPushSubscription {
  endpoint: string;
  keys: PushSubscriptionKeys;
  language: string;
}

export interface PushSubscriptionsRepository {
  /**
   * In one transaction on the locked service row: stores the customer's choice (a `pushOptIn` event
   * only when it changes), then upserts `subscription` by endpoint (an endpoint moves to the newest
   * service of its browser), or with `pushOptIn` false deletes every subscription of the service.
   * Undefined when there is no such service.
   */
  recordOptIn(
    serviceId: string,
    pushOptIn: boolean,
    subscription: NewPushSubscription | undefined,
  ): Promise<{ pushOptIn: boolean } | undefined>;
  listByService(serviceId: string): Promise<StoredPushSubscription[]>;
  /** Deletes one subscription (the push service answered that it is gone); false if already gone. */
  deleteById(id: string): Promise<boolean>;
}

function toStored(row: typeof pushSubscriptions.$inferSelect): StoredPushSubscription {
  return {
    id: row.id,
    serviceId: row.serviceId,
    endpoint: row.endpoint,
    keys: { p256dh: row.keys.p256dh ?? '', auth: row.keys.auth ?? '' },
    language: row.language,
  };
}

export function createPushSubscriptionsRepository(db: Db): PushSubscriptionsRepository {
  return {
    recordOptIn: (serviceId, pushOptIn, subscription) =>
      db.transaction(async (tx) => {
        const [service] = await tx
          .select({ id: services.id, pushOptIn: services.pushOptIn })
          .from(services)
          .where(eq(services.id, serviceId))
          .for('update')
          .limit(1);
        if (!service) return undefined;
        if (service.pushOptIn !== pushOptIn) {
          await tx
            .update(services)
            .set({ pushOptIn, updatedAt: new Date() })
            .where(eq(services.id, serviceId));
          await appendServiceEvent(tx, serviceId, 'pushOptIn', { pushOptIn });
        }
        if (!pushOptIn) {
          await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.serviceId, serviceId));
        } else if (subscription) {
          const values = {
            serviceId,
            keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
            language: subscription.language,
          };
          await tx
            .insert(pushSubscriptions)
            .values({ id: randomUUID(), endpoint: subscription.endpoint, ...values })
            .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
        }
        return { pushOptIn };
      }),

    listByService: async (serviceId) =>
      (
        await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.serviceId, serviceId))
      ).map(toStored),

    deleteById: async (id) =>
      (
        await db
          .delete(pushSubscriptions)
          .where(eq(pushSubscriptions.id, id))
          .returning({ id: pushSubscriptions.id })
      ).length > 0,
  };
}

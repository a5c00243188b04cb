import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema.ts';

// Web Push subscriptions (ARCHITECTURE decision 7; decision 450): one row per browser endpoint,
// tied to the service whose customer opted in. The customer's choice is a change of the service,
// written by the services repository (`recordPushOptIn`) with the subscriptions below.

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

/**
 * Inside `tx`, after the customer's choice was stored: with `pushOptIn` false deletes every
 * subscription of the service; otherwise upserts `subscription` by endpoint (an endpoint moves to
 * the newest service of its browser).
 */
export async function storeSubscriptionChoice(
  tx: Db,
  serviceId: string,
  pushOptIn: boolean,
  subscription: NewPushSubscription | undefined,
): Promise<void> {
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
}

export function createPushSubscriptionsRepository(db: Db): PushSubscriptionsRepository {
  return {
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

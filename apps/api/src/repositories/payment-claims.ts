import type { Db } from '../db/client.ts';
import { paymentClaims } from '../db/schema.ts';

// Decision 434: a provider payment pays for one thing. The claim is written in the transaction of
// the service or tip it pays, so a payment already claimed undoes that write.

export interface PaymentClaim {
  /** The provider's payment, qualified by kind and provider (`card:stripe:ch_...`). */
  reference: string;
  serviceId: string;
  purpose: 'service' | 'tip';
  amountCents: number;
  currency: string;
}

/** Thrown inside a transaction when the payment already pays for something else. */
export class PaymentAlreadyClaimedError extends Error {
  override name = 'PaymentAlreadyClaimedError';
}

/**
 * Claims the payment for `claim.serviceId` and purpose inside `tx`. A service is created once and
 * has one tip, so a claim that exists already is always someone else's: PaymentAlreadyClaimedError.
 */
export async function claimPayment(tx: Db, claim: PaymentClaim): Promise<void> {
  const inserted = await tx
    .insert(paymentClaims)
    .values(claim)
    .onConflictDoNothing({ target: paymentClaims.reference })
    .returning({ reference: paymentClaims.reference });
  if (inserted.length === 0) {
    throw new PaymentAlreadyClaimedError(`payment ${claim.reference} pays for something else`);
  }
}

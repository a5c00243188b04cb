import { createHash, randomBytes } from 'node:crypto';
import {
  cardInputIssue,
  type CardChargeRequest,
  type CardChargeResponse,
  type CardBrand,
} from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';
import type { CardChargeRow, CardChargesRepository } from './charges-repository.ts';
import { DECLINE_MESSAGES, sandboxCharge, type DeclineCode } from './sandbox-card-provider.ts';

// POST /common/payments/charges (decisions 290-292): validates the card, asks the sandbox provider,
// stores the outcome (brand and last four only) and answers it; the same idempotency key answers the
// stored outcome without charging again.

const ISSUE_MESSAGES = {
  number: 'The card number is not valid',
  expired: 'The card expiry date has passed',
  cvc: 'The security code (CVC) is not valid for this card',
  name: 'The name on the card is required',
} as const;

function newId(prefix: string): string {
  return `${prefix}_sandbox_${randomBytes(12).toString('base64url')}`;
}

/** Hash of what identifies the attempt: never the card number or the CVC themselves. */
function requestHash(body: CardChargeRequest): string {
  const { card } = body;
  return createHash('sha256')
    .update(
      JSON.stringify([
        body.amount,
        body.currency,
        body.email ?? null,
        card.number.slice(-4),
        card.expMonth,
        card.expYear,
        card.name.trim(),
      ]),
    )
    .digest('hex');
}

function answer(row: CardChargeRow): CardChargeResponse {
  if (row.status !== 'succeeded') {
    const code = (row.declineCode ?? 'card_declined') as DeclineCode;
    throw new AppError('PAYMENT_DECLINED', DECLINE_MESSAGES[code], 'body.card.number');
  }
  return {
    chargeId: row.id,
    customerId: row.customerId,
    cardId: row.cardId,
    status: 'succeeded',
    amount: row.amountCents,
    currency: row.currency as CardChargeResponse['currency'],
    brand: row.cardBrand as CardBrand,
    last4: row.cardLast4,
  };
}

export async function chargeCard(
  repository: CardChargesRepository,
  body: CardChargeRequest,
  now: Date = new Date(),
): Promise<CardChargeResponse> {
  const issue = cardInputIssue(body.card, now);
  if (issue) throw new AppError('BAD_REQUEST', ISSUE_MESSAGES[issue.reason], `body.${issue.field}`);

  const hash = requestHash(body);
  const outcome = sandboxCharge(body.card);
  const { created, charge } = await repository.insertOnce({
    id: newId('ch'),
    idempotencyKey: body.idempotencyKey,
    requestHash: hash,
    provider: 'sandbox',
    status: outcome.status,
    declineCode: outcome.status === 'declined' ? outcome.declineCode : null,
    amountCents: body.amount,
    currency: body.currency,
    email: body.email ?? null,
    cardBrand: outcome.brand,
    cardLast4: outcome.last4,
    customerId: newId('cus'),
    cardId: newId('card'),
  });
  if (!created && charge.requestHash !== hash) {
    throw new AppError(
      'CONFLICT',
      'This idempotency key was used for another charge',
      'body.idempotencyKey',
    );
  }
  return answer(charge);
}

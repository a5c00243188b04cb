import { useRef, useState } from 'react';
import type { CardChargeRequest, CardChargeResponse } from '@auxilio/domain';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useApi } from '../../../lib/use-api.ts';
import { chargeCard } from '../api/charge-card.ts';

/**
 * Charges a card once per attempt: the same card data again (a retry after a lost answer) reuses the
 * idempotency key, so the server answers the first charge instead of charging twice (decision 292).
 */
export function useCardCharge() {
  const api = useApi();
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const [isPending, setPending] = useState(false);

  async function charge(
    body: Omit<CardChargeRequest, 'idempotencyKey'>,
  ): Promise<CardChargeResponse> {
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.fingerprint !== fingerprint) {
      attempt.current = { fingerprint, key: crypto.randomUUID() };
    }
    setPending(true);
    try {
      return await chargeCard(api, { ...body, idempotencyKey: attempt.current.key });
    } catch (error) {
      throw error instanceof ApiRequestError
        ? error
        : new ApiRequestError(0, 'INTERNAL', String(error));
    } finally {
      setPending(false);
    }
  }

  return { charge, isPending };
}

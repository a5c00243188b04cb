import { randomUUID } from 'node:crypto';
import {
  CardChargeResponseSchema,
  ServiceTypeNameSchema,
  type ServiceRequestPayloadInput,
} from '@auxilio/domain';
import { paymentAmount } from '../../src/services/payments/payment-amount.ts';
import { appKeyHeaders, appOf, type ApiTarget } from './api-target.ts';

/** Charges the embedded card sandbox over HTTP, as the /payment screen does; answers the charge. */
export async function sandboxCharge(
  target: ApiTarget,
  amountCents: number,
  currency: 'usd' | 'crc',
): Promise<string> {
  const res = await appOf(target).inject({
    method: 'POST',
    url: '/common/payments/charges',
    headers: appKeyHeaders(target),
    payload: {
      amount: amountCents,
      currency,
      card: {
        number: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
        cvc: '123',
        name: 'Ana Rivera',
      },
      idempotencyKey: `charge-${randomUUID()}`,
    },
  });
  if (res.statusCode !== 200) throw new Error(`sandbox charge answered ${res.body}`);
  return CardChargeResponseSchema.parse(res.json()).chargeId;
}

/**
 * The payload paid the way the PWA pays it (decision 434): when the server prices the request above
 * zero, a sandbox charge of that total goes in `chargeIdStripe`; a free request is left as it is.
 */
export async function paidPayload(
  target: ApiTarget,
  payload: ServiceRequestPayloadInput,
): Promise<ServiceRequestPayloadInput> {
  const due = await paymentAmount(
    appOf(target).repositories,
    {
      kind: 'service',
      accountId: payload.account_id,
      situation: ServiceTypeNameSchema.parse(payload.situation),
      customerContract: payload.customerContract ?? null,
      vehPlate: payload.vehPlate,
    },
    new Date(),
  );
  if (due.totalCents === 0 || payload.chargeIdStripe) return payload;
  return {
    ...payload,
    paymentMethod: 'card',
    chargeIdStripe: await sandboxCharge(target, due.totalCents, due.currency),
  };
}

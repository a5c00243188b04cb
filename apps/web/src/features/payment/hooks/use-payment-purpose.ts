import { vehicleSearchPlate, type CardPaymentIntentRequest, type Currency } from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';

export interface PaymentPurposeRequest {
  body: Pick<CardPaymentIntentRequest, 'serviceId' | 'purpose'>;
  /** The service's bearer token: a tip is about an existing service (decision 430). */
  token?: string;
}

/**
 * What a Stripe payment pays for (decision 430), from the session: once the service exists (its
 * token is in the session) the only card payment left is a tip, of the amount the customer chose;
 * before, it is the service payment of /payment, which the server prices from the account,
 * situation, contract and plate as the service request will send them (SPEC 3, decision 257).
 * The service id is created here when the session has none yet, and the request reuses it
 * (decision 292). Null when the session lacks the situation or the account.
 */
export function usePaymentPurpose(): (tip: {
  amount: number;
  currency: Currency;
}) => PaymentPurposeRequest | null {
  const config = useRuntimeConfig();
  return (tip) => {
    const store = useSessionStore.getState();
    const { session } = store;
    if (session.token && session.serviceId) {
      return {
        body: { serviceId: session.serviceId, purpose: { kind: 'tip', ...tip } },
        token: session.token,
      };
    }
    const accountId = session.accountId ?? config.accountId;
    if (!accountId || !session.situation) return null;
    const serviceId = session.serviceId ?? crypto.randomUUID();
    if (!session.serviceId) store.patchSession({ serviceId });
    return {
      body: {
        serviceId,
        purpose: {
          kind: 'service',
          accountId,
          situation: session.situation,
          customerContract: session.customerContract?._id ?? null,
          vehPlate: vehicleSearchPlate(
            config.brand.vehicleLookup,
            session.clientForm.plate.trim(),
          ).toUpperCase(),
        },
      },
    };
  };
}
